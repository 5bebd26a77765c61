// Messaging REST routes, the people picker, and messaging's part of the
// realtime socket (typing frames, presence; the socket itself is the hub's,
// plugins/realtime-hub.ts). Every route needs a signed-in user; conversation
// routes answer 404 to non-members.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { AppError } from '../../errors';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { perUserKey, requireUser } from '../../plugins/session';
import { addMembers, leaveConversation, setConversationHistory } from './membership.service';
import {
  createConversation,
  findPeople,
  getConversation,
  listConversationMessages,
  listConversations,
  loadMessageDelivery,
  markConversationRead,
  sendMessage,
} from './messaging.service';
import { messageRequestRoutes } from './message-requests.routes';
import { followPresence } from './presence';
import { createSendQueue } from './send-queue';
import { relayTyping } from './typing';

const tags = ['messaging'];

/** Per-user send limit: a person typing fast sends a few a second at most. */
export const messageRateLimit = { max: 30, timeWindow: 10_000 };

/** The stored form of a conversation id (the database would also match one in capitals). */
const conversationIdOf = (params: { id: string }) => params.id.toLowerCase();

const messaging: FastifyPluginAsyncZod = async (app) => {
  const actor = (request: FastifyRequest) => {
    const { id, name } = requireUser(request);
    return { id, name };
  };
  const sendQueue = createSendQueue(app.db, {
    concurrency: app.database.kind === 'postgres' ? 4 : 1,
  });
  await app.register(messageRequestRoutes);

  app.realtime.setLoader('message.created', (id) => loadMessageDelivery(app.db, id));
  relayTyping(app);
  followPresence(app);

  bindEndpoint(
    app,
    endpoints.userSearch,
    {
      tags,
      summary: 'Find researchers and administrators to message (by name; by whole e-mail address at my institution; 20 at most)',
      config: {
        rateLimit: { max: 120, timeWindow: 60_000, keyGenerator: perUserKey, hook: 'preHandler' },
      },
    },
    async (request) => ({ users: await findPeople(app.db, requireUser(request), request.query.q) }),
  );

  bindEndpoint(
    app,
    endpoints.conversations,
    {
      tags,
      summary: "The caller's conversations, most recently active first",
    },
    async (request) => ({
      conversations: await listConversations(app.db, requireUser(request).id),
    }),
  );

  bindEndpoint(
    app,
    endpoints.createConversation,
    {
      tags,
      summary: 'Start a conversation (an existing direct one is returned with 200)',
      config: {
        rateLimit: { max: 30, timeWindow: 60_000, keyGenerator: perUserKey, hook: 'preHandler' },
      },
    },
    async (request, reply) => {
      const { conversation, created } = await createConversation(
        app.db,
        app.realtime,
        actor(request),
        request.body,
      );
      return reply.status(created ? 201 : 200).send({ conversation });
    },
  );

  bindEndpoint(
    app,
    endpoints.updateConversation,
    {
      tags,
      summary: 'Choose whether people who join a group or team see its earlier messages (its creator only)',
    },
    async (request) => ({
      conversation: await setConversationHistory(
        app.db,
        app.realtime,
        requireUser(request),
        conversationIdOf(request.params),
        request.body.historyShared,
      ),
    }),
  );

  bindEndpoint(
    app,
    endpoints.conversation,
    {
      tags,
      summary: 'One conversation of the caller',
    },
    async (request) => ({
      conversation: await getConversation(
        app.db,
        requireUser(request).id,
        conversationIdOf(request.params),
      ),
    }),
  );

  bindEndpoint(
    app,
    endpoints.messages,
    {
      tags,
      summary: 'Message history: newest first (before=seq pages back), or oldest first after=seq to catch up',
    },
    async (request) => {
      if (request.query.before !== undefined && request.query.after !== undefined) {
        throw new AppError('validation_failed', 'Use before or after, not both.');
      }
      return listConversationMessages(
        app.db,
        requireUser(request).id,
        conversationIdOf(request.params),
        request.query,
      );
    },
  );

  bindEndpoint(
    app,
    endpoints.sendMessage,
    {
      tags,
      summary: 'Send a message (201); a clientId already used answers 200 with the stored message',
      config: { rateLimit: { ...messageRateLimit, keyGenerator: perUserKey, hook: 'preHandler' } },
    },
    async (request, reply) => {
      const { message, created } = await sendMessage(
        app.db,
        sendQueue,
        app.realtime,
        actor(request),
        conversationIdOf(request.params),
        request.body,
      );
      return reply.status(created ? 201 : 200).send({ message });
    },
  );

  bindEndpoint(
    app,
    endpoints.markRead,
    {
      tags,
      summary: 'Move the read marker (to the newest message unless seq is given)',
    },
    async (request) =>
      markConversationRead(
        app.db,
        app.realtime,
        requireUser(request).id,
        conversationIdOf(request.params),
        request.body?.seq,
      ),
  );

  bindEndpoint(
    app,
    endpoints.addMembers,
    {
      tags,
      summary: 'Add people to a group or team',
      config: {
        rateLimit: { max: 60, timeWindow: 60_000, keyGenerator: perUserKey, hook: 'preHandler' },
      },
    },
    async (request) => ({
      conversation: await addMembers(
        app.db,
        app.realtime,
        actor(request),
        conversationIdOf(request.params),
        request.body.memberIds,
      ),
    }),
  );

  bindEndpoint(
    app,
    endpoints.leaveConversation,
    {
      tags,
      summary: 'Leave a group or team',
    },
    async (request) => {
      await leaveConversation(
        app.db,
        app.realtime,
        actor(request),
        conversationIdOf(request.params),
      );
      return { ok: true as const };
    },
  );
};

/** Its own context (routes, hooks), registered once the realtime hub it takes typing and presence from is there. */
export const messagingRoutes = fp(messaging, {
  name: 'messaging',
  encapsulate: true,
  dependencies: ['realtime-bus', 'realtime-hub'],
});
