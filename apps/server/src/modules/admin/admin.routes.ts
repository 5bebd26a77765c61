// The research office's report routes: the dashboard, the Grant Status page
// and its CSV export, one researcher's detail. Admins only (researchers get
// 403), about their own institution only.
import { isoDayOf } from '@grantbridge/contract/days';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvStream } from '../../lib/csv-export';
import { endpoints } from '@grantbridge/contract/endpoints';
import { endpointSchema } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import { getOverview, getPipeline, getPipelineApplications, pipelineExportRows, requireReports } from './admin.service';
import { getResearcherReport } from './researcher-report.service';

const tags = ['admin'];
const adminOnly = { role: 'admin' as const };

/** The export's columns: amounts as plain numbers and dates as ISO days, so spreadsheets read them. */
const csvColumns = [
  'Researcher',
  'Department',
  'Grant',
  'Opportunity number',
  'Agency',
  'Status',
  'Requested',
  'Awarded',
  'Sponsor deadline',
  'Internal deadline',
  'Last change',
];

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    endpoints.adminOverview.path,
    {
      config: adminOnly,
      schema: endpointSchema(endpoints.adminOverview, {
        tags,
        summary: "My institution's dashboard: funding achieved, open opportunities, pending applications, active researchers, charts and activity",
      }),
    },
    async (request) => getOverview(app.db, requireUser(request), request.query),
  );
  app.get(
    endpoints.adminPipeline.path,
    {
      config: adminOnly,
      schema: endpointSchema(endpoints.adminPipeline, {
        tags,
        summary: "My institution's grant status: the four counts, the applications a status picks, saved grants, collaborations, activity and alerts",
      }),
    },
    async (request) => getPipeline(app.db, requireUser(request), request.query),
  );
  app.get(
    endpoints.adminPipelineApplications.path,
    {
      config: adminOnly,
      schema: endpointSchema(endpoints.adminPipelineApplications, {
        tags,
        summary: "My institution's Grant Status list: the page after the cursor the previous page ended with",
      }),
    },
    async (request) => getPipelineApplications(app.db, requireUser(request), request.query),
  );
  app.get(
    endpoints.adminPipelineCsv.path,
    {
      config: adminOnly,
      schema: endpointSchema(endpoints.adminPipelineCsv, {
        tags,
        summary: 'The applications the same filter picks, one row each, as CSV (streamed)',
      }),
    },
    async (request, reply) => {
      const actor = requireUser(request);
      requireReports(actor);
      const rows = (async function* () {
        for await (const r of pipelineExportRows(app.db, actor, request.query)) {
          yield [
              r.researcher.name,
              r.researcher.department ?? '',
              r.grant.title,
              r.grant.opportunityNumber,
              r.grant.agency ?? '',
              r.status,
              r.amountRequested ?? '',
              r.amountAwarded ?? '',
              r.sponsorDeadline ?? '',
              r.internalDeadline ?? '',
              r.lastChange.slice(0, 10),
          ];
        }
      })();
      const csv = csvStream(csvColumns, rows, (error) => {
        request.log.error({ err: error }, 'the pipeline export stopped before its end');
      });
      const day = isoDayOf(new Date());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="grant-pipeline-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
  app.get(
    endpoints.adminResearcher.path,
    {
      config: adminOnly,
      schema: endpointSchema(endpoints.adminResearcher, {
        tags,
        summary: 'One researcher of my institution: profile, pipeline, collaborations, deadlines and alerts, metrics, tasks',
      }),
    },
    async (request) => getResearcherReport(app.db, requireUser(request), request.params.id),
  );
};
