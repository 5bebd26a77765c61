// Invitations (admin side and the invitee's public link), the researcher
// directory and deactivation.
import { isoDayOf } from '@grantbridge/contract/days';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { bindEndpoint } from '../../lib/endpoint-schema';
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

  bindEndpoint(
    app,
    endpoints.createInvitation,
    {
      tags: ['people'],
      summary: 'Invite a person of my institution (201; 200 when it resends a pending invitation)',
      config: { ...adminOnly, rateLimit: { max: 120, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      const { invitation, created } = await createInvitation(app.db, app.config, admin, request.body);
      reply.code(created ? 201 : 200);
      return invitation;
    },
  );

  bindEndpoint(
    app,
    endpoints.listInvitations,
    { tags: ['people'], summary: "My institution's pending invitations", config: adminOnly },
    async (request) => ({ results: await listInvitations(app.db, requireUser(request)) }),
  );

  bindEndpoint(
    app,
    endpoints.resendInvitation,
    {
      tags: ['people'],
      summary: 'Send an invitation again with a new link (the old link stops working)',
      config: { ...adminOnly, rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request) =>
      resendInvitation(app.db, app.config, requireUser(request), request.params.id),
  );

  bindEndpoint(
    app,
    endpoints.revokeInvitation,
    { tags: ['people'], summary: 'Withdraw a pending invitation', config: adminOnly },
    async (request, reply) => {
      await revokeInvitation(app.db, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  bindEndpoint(
    app,
    endpoints.invitationPreview,
    {
      tags: ['people'],
      summary: 'What an invitation link is for (410 when expired, used or withdrawn)',
      config: { public: true, rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return previewInvitation(app.db, request.params.token);
    },
  );

  bindEndpoint(
    app,
    endpoints.acceptInvitation,
    {
      tags: ['people'],
      summary: 'Accept an invitation: the account is made and signed in',
      config: { public: true, rateLimit: { max: 20, timeWindow: 60_000 } },
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

  bindEndpoint(
    app,
    endpoints.adminResearchers,
    {
      tags: ['people'],
      summary: "My institution's researchers and pending invitations, searched, sorted and paged",
      config: adminOnly,
    },
    async (request) => listDirectory(app.db, requireUser(request), request.query),
  );

  bindEndpoint(
    app,
    endpoints.updateResearcher,
    {
      tags: ['people'],
      summary: 'Deactivate (sessions end at once) or reactivate a person of my institution',
      config: adminOnly,
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

  bindEndpoint(
    app,
    endpoints.importResearchers,
    {
      tags: ['people'],
      summary: 'Invite the people of a CSV file (dryRun=true: what would happen, nothing changed)',
      config: { ...adminOnly, rateLimit: { max: 20, timeWindow: 60_000 } },
      bodyLimit: Math.max(app.config.bodyLimit, maxImportRows * 1_000),
    },
    async (request) =>
      importResearchers(app.db, app.config, requireUser(request), request.body, {
        dryRun: request.query.dryRun,
      }),
  );

  bindEndpoint(
    app,
    endpoints.researchersCsv,
    {
      tags: ['people'],
      summary: "My institution's researchers and pending invitations as CSV",
      config: adminOnly,
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
