// Answering message requests, reporting a conversation, and blocking people
// (decision 029). Conversation routes answer 404 to non-members.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import {
  announceRequest,
  answerRequest,
  blockPerson,
  listBlockedPeople,
  reportConversation,
  unblockPerson,
} from './message-requests';
import { answerInvitation } from './membership.service';
import { getConversation } from './messaging.service';

const tags = ['messaging'];

export const messageRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [endpoint, answer] of [
    [endpoints.acceptRequest, 'accepted'],
    [endpoints.declineRequest, 'declined'],
  ] as const) {
    bindEndpoint(
      app,
      endpoint,
      { tags, summary: answer === 'accepted' ? 'Accept a message request' : 'Decline a message request' },
      async (request) => {
        const user = requireUser(request);
        const id = request.params.id.toLowerCase();
        // An invitation to a group (decision 043), else a direct message request (decision 029).
        const invitation = await answerInvitation(app.db, app.realtime, user, id, answer);
        if (invitation) return { conversation: invitation };
        await answerRequest(app.db, user, id, answer);
        await announceRequest(app.db, app.realtime, id, getConversation);
        return { conversation: await getConversation(app.db, user.id, id) };
      },
    );
  }

  bindEndpoint(
    app,
    endpoints.reportConversation,
    { tags, summary: 'Report a conversation to administrators' },
    async (request, reply) => {
      await reportConversation(
        app.db,
        requireUser(request),
        request.params.id.toLowerCase(),
        request.body.reason,
      );
      return reply.code(201).send({ ok: true as const });
    },
  );

  bindEndpoint(
    app,
    endpoints.blocks,
    { tags, summary: 'People I have blocked' },
    async (request) => ({ blocked: await listBlockedPeople(app.db, requireUser(request)) }),
  );

  bindEndpoint(
    app,
    endpoints.block,
    { tags, summary: 'Block a person: their messages and invitations stop' },
    async (request) => {
      await blockPerson(app.db, requireUser(request), request.params.userId);
      return { ok: true as const };
    },
  );

  bindEndpoint(
    app,
    endpoints.unblock,
    { tags, summary: 'Unblock a person' },
    async (request) => {
      await unblockPerson(app.db, requireUser(request), request.params.userId);
      return { ok: true as const };
    },
  );
};
