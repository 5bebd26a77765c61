// SQL for messages: a conversation's pages, the newest of each conversation, and
// a batch stored by send_messages() (db/functions/messaging/send_messages.sql).
import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { pendingRequestMessageLimit } from '@grantbridge/contract/messaging';
import { queryRows, type Db } from '../../db/client';
import { conversations, messages } from '../../db/schema/messaging';
import { users } from '../../db/schema/auth';

const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  seq: messages.seq,
  senderId: messages.senderId,
  senderName: users.name,
  content: messages.content,
  grantId: messages.grantId,
  clientId: messages.clientId,
  createdAt: messages.createdAt,
};
/** Messages with their sender's name: the start of every message read but the newest-per-conversation one. */
const selectMessages = (db: Db) =>
  db.select(messageColumns).from(messages).innerJoin(users, eq(users.id, messages.senderId));

export type MessageRow = {
  id: string;
  conversationId: string;
  seq: number;
  senderId: string;
  senderName: string;
  content: string;
  grantId: string | null;
  clientId: string;
  createdAt: Date;
};

/** The newest message of each conversation. */
export async function listLastMessages(db: Db, conversationIds: string[]): Promise<MessageRow[]> {
  if (!conversationIds.length) return [];
  return db
    .select(messageColumns)
    .from(messages)
    .innerJoin(
      conversations,
      and(eq(conversations.id, messages.conversationId), eq(conversations.lastSeq, messages.seq)),
    )
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(inArray(messages.conversationId, conversationIds));
}

export async function listMessages(
  db: Db,
  conversationId: string,
  page: { before?: number; after?: number; limit: number; visibleAfter?: number },
): Promise<MessageRow[]> {
  const ascending = page.after !== undefined;
  return selectMessages(db)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        page.visibleAfter ? gt(messages.seq, page.visibleAfter) : undefined,
        page.before !== undefined ? lt(messages.seq, page.before) : undefined,
        page.after !== undefined ? gt(messages.seq, page.after) : undefined,
      ),
    )
    .orderBy(ascending ? asc(messages.seq) : desc(messages.seq))
    .limit(page.limit);
}

export async function findMessageById(db: Db, id: string): Promise<MessageRow | null> {
  const [row] = await selectMessages(db).where(eq(messages.id, id));
  return row ?? null;
}

export async function findMessageByClientId(
  db: Db,
  conversationId: string,
  senderId: string,
  clientId: string,
) {
  const [row] = await selectMessages(db).where(
    and(
      eq(messages.conversationId, conversationId),
      eq(messages.senderId, senderId),
      eq(messages.clientId, clientId),
    ),
  );
  return row ?? null;
}

export type OutgoingMessage = {
  conversationId: string;
  senderId: string;
  content: string;
  /** A grant the message shares. */
  grantId?: string | null;
  clientId: string;
  createdAt: Date;
};

/** Why a message was not stored (the service turns each into its answer). */
export type SendRefusal = 'not_member' | 'blocked_by' | 'blocking' | 'declined' | 'request_limit';

export type BatchSendResult = {
  /** False when the sender is not a live member: nothing was stored. */
  member: boolean;
  /** Set when the message was refused: not a member, a block, a declined request, a waiting request's limit. */
  refusal: SendRefusal | null;
  /** This message was the reply that accepted a message request. */
  accepted: boolean;
  /** Null only when a concurrent send with the same client id got there first. */
  id: string | null;
  seq: number | null;
  createdAt: Date | null;
  created: boolean;
  /** The conversation's live members, for a message stored just now. */
  recipients: string[] | null;
};

/**
 * Stores a batch of messages in one call (group commit): the membership,
 * block and message-request checks, the client-id dedupe, the per-conversation sequence numbers and the
 * audience of each new message's event. Conversations are locked in id order
 * first, so concurrent batches (other instances) cannot deadlock.
 * The items' (conversation, sender, client id) keys must be distinct.
 */
export async function insertMessageBatch(
  db: Db,
  items: OutgoingMessage[],
): Promise<BatchSendResult[]> {
  const input = JSON.stringify(
    items.map((m, ord) => ({
      ord,
      conversation_id: m.conversationId,
      sender_id: m.senderId,
      content: m.content,
      grant_id: m.grantId ?? null,
      client_id: m.clientId,
      created_at: m.createdAt.toISOString(),
    })),
  );
  // The statement is a PL/pgSQL function (db/functions/messaging/send_messages.sql), so its plan is prepared once per connection.
  type Raw = {
    ord: number;
    member: boolean;
    id: string | null;
    seq: string | number | null;
    created_at: Date | string | null;
    created: boolean;
    recipients: string[] | string | null;
    refusal: SendRefusal | null;
    accepted: boolean;
  };
  const rows = await queryRows<Raw>(
    db,
    sql`select * from send_messages(${input}::jsonb, ${pendingRequestMessageLimit}::int)`,
  );
  return rows.map((r) => ({
    member: r.member,
    refusal: r.refusal,
    accepted: r.accepted,
    id: r.id,
    seq: r.seq === null ? null : Number(r.seq),
    createdAt: r.created_at === null ? null : new Date(r.created_at),
    created: r.created,
    recipients: r.recipients === null ? null : parseTextArray(r.recipients),
  }));
}

/** node-postgres and PGlite both parse text[] for us; a literal `{a,b}` is handled in case one does not. */
function parseTextArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map((v) => v.replace(/^"|"$/g, '')) : [];
}
