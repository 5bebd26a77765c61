// Messaging REST routes, the people picker, and the realtime socket. Every
// route needs a signed-in user; conversation routes answer 404 to non-members.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@grantbridge/contract/auth';
import {
  addMembersRequestSchema,
  conversationListResponseSchema,
  conversationParamsSchema,
  conversationResponseSchema,
  createConversationRequestSchema,
  messagePageQuerySchema,
  messagePageResponseSchema,
  readMarkerRequestSchema,
  readMarkerResponseSchema,
  sendMessageRequestSchema,
  sendMessageResponseSchema,
  userSearchQuerySchema,
  userSearchResponseSchema,
} from '@grantbridge/contract/messaging';
import { apiPaths } from '@grantbridge/contract/paths';
import { AppError } from '../../errors';
import { perUserKey } from '../../plugins/session';
import {
  addMembers,
  createConversation,
  findPeople,
  getConversation,
  leaveConversation,
  listConversationMessages,
  listConversations,
  loadMessageDelivery,
  markConversationRead,
  sendMessage,
} from './messaging.service';
import { createRealtimeHub } from './realtime';
import { createSendQueue } from './send-queue';

const tags = ['messaging'];
const conversationPath = '/api/v1/conversations/:id';

/** Per-user send limit: a person typing fast sends a few a second at most. */
export const messageRateLimit = { max: 30, timeWindow: 10_000 };

/** The stored form of a conversation id (the database would also match one in capitals). */
const conversationIdOf = (params: { id: string }) => params.id.toLowerCase();

/** Browsers always send Origin on a WebSocket upgrade; only this site's pages may open one. */
function socketOriginAllowed(app: FastifyInstance, request: FastifyRequest) {
  const origin = request.headers.origin;
  if (!origin) return true;
  const allowed = new Set<string>();
  if (app.config.publicUrl) allowed.add(new URL(app.config.publicUrl).origin);
  const host = request.headers.host;
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  return allowed.has(origin);
}

export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = (request: FastifyRequest) => ({ id: request.user!.id, name: request.user!.name });
  const sendQueue = createSendQueue(app.db, { concurrency: app.database.kind === 'postgres' ? 4 : 1 });

  app.realtime.setLoader('message.created', (id) => loadMessageDelivery(app.db, id));
  const hub = createRealtimeHub(app);
  app.addHook('preClose', () => hub.close());

  app.get(
    apiPaths.users,
    {
      config: { rateLimit: { max: 120, timeWindow: 60_000, keyGenerator: perUserKey, hook: 'preHandler' } },
      schema: {
        tags,
        summary: 'Find researchers and administrators to message (name or e-mail, 20 at most)',
        querystring: userSearchQuerySchema,
        response: { 200: userSearchResponseSchema },
      },
    },
    async (request) => ({ users: await findPeople(app.db, request.user!.id, request.query.q) }),
  );

  app.get(
    apiPaths.conversations,
    {
      schema: {
        tags,
        summary: "The caller's conversations, most recently active first",
        response: { 200: conversationListResponseSchema },
      },
    },
    async (request) => ({ conversations: await listConversations(app.db, request.user!.id) }),
  );

  app.post(
    apiPaths.conversations,
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000, keyGenerator: perUserKey, hook: 'preHandler' } },
      schema: {
        tags,
        summary: 'Start a conversation (an existing direct one is returned with 200)',
        body: createConversationRequestSchema,
        response: { 200: conversationResponseSchema, 201: conversationResponseSchema },
      },
    },
    async (request, reply) => {
      const { conversation, created } = await createConversation(app.db, app.realtime, actor(request), request.body);
      return reply.status(created ? 201 : 200).send({ conversation });
    },
  );

  app.get(
    conversationPath,
    {
      schema: {
        tags,
        summary: 'One conversation of the caller',
        params: conversationParamsSchema,
        response: { 200: conversationResponseSchema },
      },
    },
    async (request) => ({
      conversation: await getConversation(app.db, request.user!.id, conversationIdOf(request.params)),
    }),
  );

  app.get(
    `${conversationPath}/messages`,
    {
      schema: {
        tags,
        summary: 'Message history: newest first (before=seq pages back), or oldest first after=seq to catch up',
        params: conversationParamsSchema,
        querystring: messagePageQuerySchema,
        response: { 200: messagePageResponseSchema },
      },
    },
    async (request) => {
      if (request.query.before !== undefined && request.query.after !== undefined) {
        throw new AppError('validation_failed', 'Use before or after, not both.');
      }
      return listConversationMessages(app.db, request.user!.id, conversationIdOf(request.params), request.query);
    },
  );

  app.post(
    `${conversationPath}/messages`,
    {
      config: { rateLimit: { ...messageRateLimit, keyGenerator: perUserKey, hook: 'preHandler' } },
      schema: {
        tags,
        summary: 'Send a message (201); a clientId already used answers 200 with the stored message',
        params: conversationParamsSchema,
        body: sendMessageRequestSchema,
        response: { 200: sendMessageResponseSchema, 201: sendMessageResponseSchema },
      },
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
    `${conversationPath}/read`,
    {
      schema: {
        tags,
        summary: 'Move the read marker (to the newest message unless seq is given)',
        params: conversationParamsSchema,
        body: readMarkerRequestSchema.nullish(),
        response: { 200: readMarkerResponseSchema },
      },
    },
    async (request) =>
      markConversationRead(
        app.db,
        app.realtime,
        request.user!.id,
        conversationIdOf(request.params),
        request.body?.seq,
      ),
  );

  app.post(
    `${conversationPath}/members`,
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000, keyGenerator: perUserKey, hook: 'preHandler' } },
      schema: {
        tags,
        summary: 'Add people to a group or team',
        params: conversationParamsSchema,
        body: addMembersRequestSchema,
        response: { 200: conversationResponseSchema },
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

  app.delete(
    `${conversationPath}/members/me`,
    {
      schema: {
        tags,
        summary: 'Leave a group or team',
        params: conversationParamsSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await leaveConversation(app.db, app.realtime, actor(request), conversationIdOf(request.params));
      return { ok: true as const };
    },
  );

  app.get(
    apiPaths.realtime,
    {
      websocket: true,
      onRequest: async (request) => {
        if (!socketOriginAllowed(app, request)) {
          throw new AppError('forbidden', 'This connection came from another site and was refused.');
        }
      },
    },
    (socket, request) => hub.attach(socket, request.user!),
  );
};
