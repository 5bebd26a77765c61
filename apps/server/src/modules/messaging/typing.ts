// Typing, the client frame messaging takes from the realtime socket: relayed
// to the conversation's other members, at most once a second per conversation
// and socket; typing into a conversation one is not in is answered not_found.
import type { FastifyInstance } from 'fastify';
import type { RealtimeConnection } from '../../plugins/realtime-hub';
import { isConversationMember, otherMemberIds } from './messaging.service';

const typingEveryMs = 1_000;

export function relayTyping(app: FastifyInstance) {
  /** When each socket last relayed typing, per conversation. */
  const lastTyping = new WeakMap<RealtimeConnection, Map<string, number>>();
  app.realtimeHub.handle('typing', async (connection, frame) => {
    const conversationId = frame.data.conversationId.toLowerCase();
    let last = lastTyping.get(connection);
    if (!last) {
      last = new Map();
      lastTyping.set(connection, last);
    }
    const now = Date.now();
    if (now - (last.get(conversationId) ?? 0) < typingEveryMs) return;
    last.set(conversationId, now);
    if (last.size > 100) last.clear();
    const { user } = connection;
    if (!(await isConversationMember(app.db, conversationId, user.id))) {
      connection.sendError('not_found', 'Conversation not found.');
      return;
    }
    const others = await otherMemberIds(app.db, conversationId, user.id);
    await app.realtime.publish(others, {
      type: 'typing',
      data: { conversationId, userId: user.id, name: user.name },
    });
  });
}
