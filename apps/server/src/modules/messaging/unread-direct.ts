// Direct messages still unread some time after they arrived, for the
// notifications module's "unread message" notice: per recipient and
// conversation, the newest such message (sender name and a preview).
import type { Db } from '../../db/client';
import { findUnreadDirectRows } from './unread-direct.repository';

export type UnreadDirect = { userId: string; conversationId: string; seq: number; senderName: string; preview: string };

/** Messages in direct conversations that arrived between `from` and `to` and their recipient has not read. */
export async function findUnreadDirectMessages(db: Db, from: Date, to: Date): Promise<UnreadDirect[]> {
  const rows = await findUnreadDirectRows(db, from, to);
  return rows.map((r) => ({
    userId: r.user_id,
    conversationId: r.conversation_id,
    seq: Number(r.seq),
    senderName: r.sender_name,
    preview: r.content.length > 140 ? `${r.content.slice(0, 139)}…` : r.content,
  }));
}
