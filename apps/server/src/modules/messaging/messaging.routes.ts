// Messaging REST routes, the people picker, and the realtime socket. Every
// route needs a signed-in user; conversation routes answer 404 to non-members.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { realtimePath } from '@grantbridge/contract/realtime-socket';
import { AppError } from '../../errors';
import { endpointSchema } from '../../lib/endpoint-schema';
import { originAllowed, perUserKey, requireUser } from '../../plugins/session';
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
import { createRealtimeHub } from './realtime';
import { createSendQueue } from './send-queue';

const tags = ['messaging'];

/** Per-user send limit: a person typing fast sends a few a second at most. */
export const messageRateLimit = { max: 30, timeWindow: 10_000 };

/** The stored form of a conversation id (the database would also match one in capitals). */
const conversationIdOf = (params: { id: string }) => params.id.toLowerCase();

export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = (request: FastifyRequest) => {
    const { id, name } = requireUser(request);
    return { id, name };
  };
  const sendQueue = createSendQueue(app.db, {
    concurrency: app.database.kind === 'postgres' ? 4 : 1,
  });
  await app.register(messageRequestRoutes);

  app.realtime.setLoader('message.created', (id) => loadMessageDelivery(app.db, id));
  const hub = createRealtimeHub(app);
  app.addHook('preClose', () => hub.close());

  app.get(
    endpoints.userSearch.path,
    {
      config: {
        rateLimit: { max: 120, timeWindow: 60_000, keyGenerator: perUserKey, hook: 'preHandler' },
      },
      schema: endpointSchema(endpoints.userSearch, {
        tags,
        summary:
          'Find researchers and administrators to message (by name; by whole e-mail address at my institution; 20 at most)',
      }),
    },
    async (request) => ({ users: await findPeople(app.db, requireUser(request), request.query.q) }),
  );

  app.get(
    endpoints.conversations.path,
    {
      schema: endpointSchema(endpoints.conversations, {
        tags,
        summary: "The caller's conversations, most recently active first",
      }),
    },
    async (request) => ({
      conversations: await listConversations(app.db, requireUser(request).id),
    }),
  );

  app.post(
    endpoints.createConversation.path,
    {
      config: {
        rateLimit: { max: 30, timeWindow: 60_000, keyGenerator: perUserKey, hook: 'preHandler' },
      },
      schema: endpointSchema(endpoints.createConversation, {
        tags,
        summary: 'Start a conversation (an existing direct one is returned with 200)',
      }),
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

  app.patch(
    endpoints.updateConversation.path,
    {
      schema: endpointSchema(endpoints.updateConversation, {
        tags,
        summary: 'Choose whether people who join a group or team see its earlier messages (its creator only)',
      }),
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

  app.get(
    endpoints.conversation.path,
    {
      schema: endpointSchema(endpoints.conversation, {
        tags,
        summary: 'One conversation of the caller',
      }),
    },
    async (request) => ({
      conversation: await getConversation(
        app.db,
        requireUser(request).id,
        conversationIdOf(request.params),
      ),
    }),
  );

  app.get(
    endpoints.messages.path,
    {
      schema: endpointSchema(endpoints.messages, {
        tags,
        summary:
          'Message history: newest first (before=seq pages back), or oldest first after=seq to catch up',
      }),
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

  app.post(
    endpoints.sendMessage.path,
    {
      config: { rateLimit: { ...messageRateLimit, keyGenerator: perUserKey, hook: 'preHandler' } },
      schema: endpointSchema(endpoints.sendMessage, {
        tags,
        summary:
          'Send a message (201); a clientId already used answers 200 with the stored message',
      }),
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

  app.post(
    endpoints.markRead.path,
    {
      schema: endpointSchema(endpoints.markRead, {
        tags,
        summary: 'Move the read marker (to the newest message unless seq is given)',
      }),
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

  app.post(
    endpoints.addMembers.path,
    {
      config: {
        rateLimit: { max: 60, timeWindow: 60_000, keyGenerator: perUserKey, hook: 'preHandler' },
      },
      schema: endpointSchema(endpoints.addMembers, {
        tags,
        summary: 'Add people to a group or team',
      }),
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

  app.delete(
    endpoints.leaveConversation.path,
    {
      schema: endpointSchema(endpoints.leaveConversation, {
        tags,
        summary: 'Leave a group or team',
      }),
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

  app.get(
    realtimePath,
    {
      websocket: true,
      onRequest: async (request) => {
        // Browsers always send Origin on a WebSocket upgrade; only this site's pages may open one.
        if (!originAllowed(request, app.config.publicUrl)) {
          throw new AppError(
            'forbidden',
            'This connection came from another site and was refused.',
          );
        }
      },
    },
    (socket, request) => hub.attach(socket, requireUser(request)),
  );
};
