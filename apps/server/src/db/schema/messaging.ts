// Conversations (direct, group, team), their members with read markers, and
// messages with a per-conversation sequence number; plus which app instance
// holds a live socket for whom (presence across instances).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { userReference, users } from './auth';

export const conversationTypes = ['direct', 'group', 'team'] as const;

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: conversationTypes }).notNull(),
    name: text('name'),
    /** A team conversation may be about a grant; the grants module owns that table, so no FK. */
    grantId: uuid('grant_id'),
    /**
     * The application whose team this conversation is (its members follow the
     * team); the applications module owns that table, so no FK. One per application.
     */
    applicationId: uuid('application_id'),
    /** For direct conversations: the two user ids sorted and joined, so a pair has one chat. */
    directKey: text('direct_key'),
    /**
     * A first direct conversation with someone at another institution is a
     * request until the recipient accepts it (decision 029); null when it
     * never was one.
     */
    requestState: text('request_state', { enum: ['pending', 'accepted', 'declined'] }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The last message sequence number handed out; bumped inside the send transaction. */
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /**
     * Whether people who join a group or team see the messages from before
     * they joined: only when its owner chose so (decision 043).
     */
    historyShared: boolean('history_shared').notNull().default(false),
  },
  (t) => [
    uniqueIndex('conversations_direct_key_idx').on(t.directKey),
    uniqueIndex('conversations_application_idx').on(t.applicationId),
  ],
);

export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: userReference(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    /**
     * Someone from another institution added to a group is invited until they
     * accept (decision 043): not a member yet, sent nothing, shown nothing.
     */
    invitePending: boolean('invite_pending').notNull().default(false),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** The member sees messages after this sequence number unless the history is shared. */
    visibleFromSeq: bigint('visible_from_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_user_idx').on(t.userId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    senderId: userReference('sender_id'),
    content: text('content').notNull(),
    /** A grant shared into the conversation, shown as a card; the grants module owns that table, so no FK. */
    grantId: uuid('grant_id'),
    clientId: text('client_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_conversation_seq_idx').on(t.conversationId, t.seq),
    uniqueIndex('messages_client_id_idx').on(t.conversationId, t.senderId, t.clientId),
    check('messages_content_length', sql`char_length(${t.content}) between 1 and 4000`),
  ],
);

/** One row per (user, app instance) while that instance holds a socket for the user. */
export const userPresence = pgTable(
  'user_presence',
  {
    userId: userReference(),
    instanceId: text('instance_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.instanceId] }), index('user_presence_instance_idx').on(t.instanceId)],
);

/** People a person has blocked: their messages and invitations stop (decision 029). */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: userReference('blocker_id'),
    blockedId: userReference('blocked_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId)],
);

/** A conversation reported by a member, for the institution's administrators to read. */
export const conversationReports = pgTable('conversation_reports', {
  id: uuid('id').primaryKey().defaultRandom(),
  conversationId: uuid('conversation_id')
    .notNull()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  reporterId: userReference('reporter_id'),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
