// Direct messages still unread some time after they arrived, for the
// notifications module's "unread message" notice: per recipient and
// conversation, the newest such message (sender name and a preview).
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

export type UnreadDirect = { userId: string; conversationId: string; seq: number; senderName: string; preview: string };

/** Messages in direct conversations that arrived between `from` and `to` and their recipient has not read. */
export async function findUnreadDirectMessages(db: Db, from: Date, to: Date): Promise<UnreadDirect[]> {
  const rows = await queryRows<{ user_id: string; conversation_id: string; seq: string | number; sender_name: string; content: string }>(
    db,
    sql`SELECT DISTINCT ON (cm.user_id, m.conversation_id) cm.user_id, m.conversation_id, m.seq, u.name AS sender_name, m.content
      FROM messages m
      JOIN conversations c ON c.id = m.conversation_id AND c.type = 'direct'
      JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND cm.left_at IS NULL
        AND cm.user_id <> m.sender_id AND cm.last_read_seq < m.seq
      JOIN users u ON u.id = m.sender_id
      WHERE m.created_at > ${from.toISOString()}::timestamptz AND m.created_at <= ${to.toISOString()}::timestamptz
      ORDER BY cm.user_id, m.conversation_id, m.seq DESC`,
  );
  return rows.map((r) => ({
    userId: r.user_id,
    conversationId: r.conversation_id,
    seq: Number(r.seq),
    senderName: r.sender_name,
    preview: r.content.length > 140 ? `${r.content.slice(0, 139)}…` : r.content,
  }));
}
