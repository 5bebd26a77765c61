// Current and Pending (Other) Support (issue 29 §3, decision 062): my
// document as JSON, or with ?format=docx|pdf as a file to download; an
// application's award details and its team's effort, read and edited.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isoDayOf } from '@grantbridge/contract/days';
import { endpoints } from '@grantbridge/contract/endpoints';
import { currentPendingContentTypes, currentPendingFileName } from '@grantbridge/contract/current-pending';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { perUserKey, requireUser } from '../../plugins/session';
import { currentPendingDocx, currentPendingPdf } from './current-pending.files';
import { currentAndPendingOf, getApplicationSupport, updateApplicationSupport, updateEffort } from './current-pending.service';

const tags = ['pipeline'];
const rateLimit = { max: 30, timeWindow: 60_000, keyGenerator: perUserKey, hook: 'preHandler' as const };

export const currentPendingRoutes: FastifyPluginAsyncZod = async (app) => {
  bindEndpoint(
    app,
    endpoints.currentAndPending,
    { tags, summary: 'My Current and Pending Support: JSON, or with format=docx|pdf the document', config: { rateLimit } },
    async (request, reply) => {
      const document = await currentAndPendingOf(app.db, requireUser(request));
      const format = request.query.format;
      if (!format) return document;
      const day = isoDayOf(new Date());
      const file = format === 'docx' ? await currentPendingDocx(document, day) : await currentPendingPdf(document, day);
      return reply
        .header('content-type', currentPendingContentTypes[format])
        .header('content-disposition', `attachment; filename="${currentPendingFileName(day, format)}"`)
        .header('cache-control', 'private, no-store')
        // The response schema is the JSON's; a Buffer is sent as it is, never serialized.
        .send(file as never);
    },
  );
  bindEndpoint(
    app,
    endpoints.applicationSupport,
    { tags, summary: "An application's award details and its team's role and person-months" },
    async (request) => getApplicationSupport(app.db, requireUser(request), request.params.id),
  );
  bindEndpoint(
    app,
    endpoints.updateApplicationSupport,
    { tags, summary: "The award's number, project period and overlap statement (the PI)" },
    async (request) => updateApplicationSupport(app.db, requireUser(request), request.params.id, request.body),
  );
  bindEndpoint(
    app,
    endpoints.updateApplicationEffort,
    { tags, summary: 'A team member’s role and person-months per year (the PI, or the member themself)' },
    async (request) => updateEffort(app.db, requireUser(request), request.params.id, request.params.userId, request.body),
  );
};
