// Invitations (admin side and the invitee's public link), the researcher
// directory and deactivation.
import { isoDayOf } from '@grantbridge/contract/days';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { endpointSchema } from '../../lib/endpoint-schema';
import { announceEndedSessions, requireUser, setSessionCookie } from '../../plugins/session';
import { csvStream } from '../../lib/csv-export';
import { directoryRows, listDirectory, pageDirectory } from './directory';
import { importResearchers, maxImportRows } from './csv-import';
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
  setPersonStatus,
} from './people.service';

const adminOnly = { role: 'admin' as const };

export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  // CSV uploads arrive as text; only the import route takes them.
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    endpoints.createInvitation.path,
    {
      config: { ...adminOnly, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: endpointSchema(endpoints.createInvitation, {
        tags: ['people'],
        summary: 'Invite a person of my institution (201; 200 when it resends a pending invitation)',
      }),
    },
    async (request, reply) => {
      const admin = requireUser(request);
      const { invitation, created } = await createInvitation(app.db, app.config, admin, request.body);
      reply.code(created ? 201 : 200);
      return invitation;
    },
  );

  app.get(
    endpoints.listInvitations.path,
    {
      config: adminOnly,
      schema: endpointSchema(endpoints.listInvitations, {
        tags: ['people'],
        summary: "My institution's pending invitations",
      }),
    },
    async (request) => ({ results: await listInvitations(app.db, requireUser(request)) }),
  );

  app.post(
    endpoints.resendInvitation.path,
    {
      config: { ...adminOnly, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: endpointSchema(endpoints.resendInvitation, {
        tags: ['people'],
        summary: 'Send an invitation again with a new link (the old link stops working)',
      }),
    },
    async (request) =>
      resendInvitation(app.db, app.config, requireUser(request), request.params.id),
  );

  app.delete(
    endpoints.revokeInvitation.path,
    {
      config: adminOnly,
      schema: endpointSchema(endpoints.revokeInvitation, {
        tags: ['people'],
        summary: 'Withdraw a pending invitation',
      }),
    },
    async (request, reply) => {
      await revokeInvitation(app.db, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    endpoints.invitationPreview.path,
    {
      config: { public: true, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: endpointSchema(endpoints.invitationPreview, {
        tags: ['people'],
        summary: 'What an invitation link is for (410 when expired, used or withdrawn)',
      }),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return previewInvitation(app.db, request.params.token);
    },
  );

  app.post(
    endpoints.acceptInvitation.path,
    {
      config: { public: true, rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: endpointSchema(endpoints.acceptInvitation, {
        tags: ['people'],
        summary: 'Accept an invitation: the account is made and signed in',
      }),
    },
    async (request, reply) => {
      const result = await acceptInvitation(app.db, app.config, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      setSessionCookie(app, reply, result.token, result.maxAgeSeconds);
      reply.code(201);
      return { user: result.user };
    },
  );

  app.get(
    endpoints.adminResearchers.path,
    {
      config: adminOnly,
      schema: endpointSchema(endpoints.adminResearchers, {
        tags: ['people'],
        summary: "My institution's researchers and pending invitations, searched, sorted and paged",
      }),
    },
    async (request) => listDirectory(app.db, requireUser(request), request.query),
  );

  app.patch(
    endpoints.updateResearcher.path,
    {
      config: adminOnly,
      schema: endpointSchema(endpoints.updateResearcher, {
        tags: ['people'],
        summary: 'Deactivate (sessions end at once) or reactivate a person of my institution',
      }),
    },
    async (request) => {
      const result = await setPersonStatus(
        app.db,
        requireUser(request),
        request.params.id,
        request.body.status,
      );
      if (result.status === 'deactivated') await announceEndedSessions(app, { userId: result.id });
      return result;
    },
  );

  app.post(
    endpoints.importResearchers.path,
    {
      config: { ...adminOnly, rateLimit: { max: 20, timeWindow: 60_000 } },
      // 5,000 rows of a few hundred characters each.
      bodyLimit: Math.max(app.config.bodyLimit, maxImportRows * 1_000),
      schema: endpointSchema(endpoints.importResearchers, {
        tags: ['people'],
        summary: 'Invite the people of a CSV file (dryRun=true: what would happen, nothing changed)',
      }),
    },
    async (request) =>
      importResearchers(app.db, app.config, requireUser(request), request.body, {
        dryRun: request.query.dryRun,
      }),
  );

  app.get(
    endpoints.researchersCsv.path,
    {
      config: adminOnly,
      schema: endpointSchema(endpoints.researchersCsv, {
        tags: ['people'],
        summary: "My institution's researchers and pending invitations as CSV",
      }),
    },
    async (request, reply) => {
      const rows = await directoryRows(app.db, requireUser(request));
      const { results } = pageDirectory(rows, { ...request.query, page: 1, pageSize: rows.length || 1 });
      const csv = csvStream(
        ['Name', 'Email', 'Title', 'Department', 'Status', 'Setup Complete', 'Last Sign In', 'Grants Saved', 'Open Opportunities', 'Research Areas'],
        results.map((r) => [
          r.name,
          r.email,
          r.title ?? '',
          r.department ?? '',
          r.status,
          r.setupComplete ? 'yes' : 'no',
          r.lastSignInAt ?? '',
          r.grantsSaved,
          r.openOpportunities,
          r.researchAreas.join('; '),
        ]),
        (error) => request.log.error({ err: error }, 'the researchers export stopped before its end'),
      );
      const day = isoDayOf(new Date());
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="researchers-${day}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(csv);
    },
  );
};
