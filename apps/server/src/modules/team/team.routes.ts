// An application's team: the PI invites and removes members; the invited
// accept, decline or later leave; a person's invitations waiting for an answer.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import { acceptInvitation, getTeamInvitations, inviteMember, leaveTeam, removeMember } from './team.service';

const tags = ['pipeline'];

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  bindEndpoint(
    app,
    endpoints.addApplicationMember,
    { tags, summary: 'Invite a researcher of any onboarded institution to the team (the PI)' },
    async (request, reply) => {
      const user = requireUser(request);
      const { member } = await inviteMember(app.db, user, request.params.id, request.body);
      return reply.status(201).send({ member });
    },
  );
  bindEndpoint(
    app,
    endpoints.acceptTeamInvitation,
    { tags, summary: 'Accept my invitation to the team' },
    async (request) => {
      const application = await acceptInvitation(app.db, app.realtime, requireUser(request), request.params.id);
      return { application };
    },
  );
  bindEndpoint(
    app,
    endpoints.leaveApplicationTeam,
    { tags, summary: 'Decline my invitation to the team, or leave it' },
    async (request, reply) => {
      await leaveTeam(app.db, app.realtime, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  bindEndpoint(
    app,
    endpoints.removeApplicationMember,
    { tags, summary: 'Remove a member (the PI)' },
    async (request, reply) => {
      await removeMember(app.db, app.realtime, requireUser(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );
  bindEndpoint(
    app,
    endpoints.teamInvitations,
    { tags, summary: 'Team invitations waiting for my answer' },
    async (request) => ({ invitations: await getTeamInvitations(app.db, requireUser(request)) }),
  );
};
