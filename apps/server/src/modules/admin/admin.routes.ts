// The research office's report routes: the dashboard, the Grant Status page
// and its CSV export, one researcher's detail. Admins only (researchers get
// 403), about their own institution only.
import { isoDayOf } from '@grantbridge/contract/days';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvStream } from '../../lib/csv-export';
import { endpoints } from '@grantbridge/contract/endpoints';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import { getOverview, getPipeline, getPipelineApplications, pipelineExportRows, requireReports } from './admin.service';
import { getNearSponsorCaps, getResearcherReport } from './researcher-report.service';

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
  bindEndpoint(
    app,
    endpoints.adminOverview,
    {
      tags,
      summary: "My institution's dashboard: funding achieved, open opportunities, pending applications, active researchers, charts and activity",
      config: adminOnly,
    },
    async (request) => getOverview(app.db, requireUser(request), request.query),
  );
  bindEndpoint(
    app,
    endpoints.adminPipeline,
    {
      tags,
      summary: "My institution's grant status: the four counts, the applications a status picks, saved grants, collaborations, activity and alerts",
      config: adminOnly,
    },
    async (request) => getPipeline(app.db, requireUser(request), request.query),
  );
  bindEndpoint(
    app,
    endpoints.adminPipelineApplications,
    {
      tags,
      summary: "My institution's Grant Status list: the page after the cursor the previous page ended with",
      config: adminOnly,
    },
    async (request) => getPipelineApplications(app.db, requireUser(request), request.query),
  );
  bindEndpoint(
    app,
    endpoints.adminPipelineCsv,
    {
      tags,
      summary: 'The applications the same filter picks, one row each, as CSV (streamed)',
      config: adminOnly,
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
  bindEndpoint(
    app,
    endpoints.adminResearcher,
    {
      tags,
      summary: 'One researcher of my institution: profile, pipeline, collaborations, deadlines and alerts, metrics, tasks',
      config: adminOnly,
    },
    async (request) => getResearcherReport(app.db, requireUser(request), request.params.id),
  );
  bindEndpoint(
    app,
    endpoints.adminSponsorCaps,
    {
      tags,
      summary: "My institution's researchers at or one below a sponsor's application cap this year (NIH: six a calendar year)",
      config: adminOnly,
    },
    async (request) => getNearSponsorCaps(app.db, requireUser(request)),
  );
};
