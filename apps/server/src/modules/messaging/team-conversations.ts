// An application's team conversation: one per application, whose members are
// exactly the team (the PI and accepted members). The team module calls
// `syncTeamConversation` after every change to the team; people join and
// leave it only that way, never from the chat (messaging.service refuses).
import { withTransaction, type Db } from '../../db/client';
import type { RealtimeBus } from '../../plugins/realtime-bus';
import { getConversation } from './messaging.service';
import { listMemberIds, lockConversation, markMemberLeft, upsertMembers } from './messaging.repository';
import { findLastSeq, findTeamConversationId, insertTeamConversation } from './team-conversations.repository';

export { findTeamConversationId };

/**
 * Makes the application's team conversation hold exactly `memberIds` (made
 * with the first two members; until then there is none), and tells everyone
 * concerned live. Returns its id, or null while the team is one person.
 */
export async function syncTeamConversation(
  db: Db,
  bus: RealtimeBus,
  team: { applicationId: string; grantId: string; name: string; memberIds: string[] },
): Promise<string | null> {
  const wanted = [...new Set(team.memberIds)];
  const change = await withTransaction(db, async (tx) => {
    let id = await findTeamConversationId(tx, team.applicationId);
    if (!id) {
      if (wanted.length < 2) return null;
      // Two instances creating it at once: the unique application id keeps one.
      await insertTeamConversation(tx, {
        applicationId: team.applicationId,
        grantId: team.grantId,
        name: team.name.slice(0, 200),
        createdBy: wanted[0]!,
      });
      id = (await findTeamConversationId(tx, team.applicationId))!;
    }
    await lockConversation(tx, id);
    const lastSeq = await findLastSeq(tx, id);
    const current = new Set(await listMemberIds(tx, id));
    const added = wanted.filter((userId) => !current.has(userId));
    const removed = [...current].filter((userId) => !wanted.includes(userId));
    await upsertMembers(tx, id, added, lastSeq);
    for (const userId of removed) await markMemberLeft(tx, id, userId);
    return { id, added, removed, stayed: wanted.filter((userId) => current.has(userId)) };
  });
  if (!change) return null;
  const { id, added, removed, stayed } = change;
  if (added.length || removed.length) {
    const summary = await getConversation(db, wanted[0]!, id);
    if (added.length) {
      const forNewcomers = { ...summary, unreadCount: 0, lastReadSeq: summary.lastMessage?.seq ?? 0 };
      await bus.publish(added, { type: 'conversation.created', data: forNewcomers });
    }
    if (removed.length) await bus.publish(removed, { type: 'conversation.left', data: { conversationId: id } });
    if (stayed.length) {
      await bus.publish(stayed, { type: 'conversation.updated', data: { conversationId: id, members: summary.members } });
    }
  }
  return id;
}
