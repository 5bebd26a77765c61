// SQL for direct messages still unread (unread-direct.ts).
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

export type UnreadDirectRow = { user_id: string; conversation_id: string; seq: string | number; sender_name: string; content: string };

/** Per recipient and direct conversation, the newest message that arrived between `from` and `to` and is unread. */
export async function findUnreadDirectRows(db: Db, from: Date, to: Date) {
  return queryRows<UnreadDirectRow>(
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
}
