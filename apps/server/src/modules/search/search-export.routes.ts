// The search results as a spreadsheet (issue 29 §4): GET /grants/search.csv
// and .xlsx take the search's own parameters and stream every result in its
// order, page and pageSize aside. Both roles; the search is planned before
// the file starts, so a researcher outside the institution is a 404, not a
// broken download.
import { isoDayOf } from '@grantbridge/contract/days';
import { areaPaths } from '@grantbridge/contract/app-paths';
import { endpoints } from '@grantbridge/contract/endpoints';
import { exportFileName, type ExportFormat } from '@grantbridge/contract/exports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appUrl } from '../../config';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { sendSpreadsheet } from '../../lib/spreadsheet-export';
import { perUserKey, requireUser } from '../../plugins/session';
import { grantExportColumns } from '../grants/grants.service';
import { searchExportRows } from './search-export';
import { planSearch, type ParsedSearchQuery } from './search.service';

const tags = ['grants'];
/** An export runs the search many times over: fewer a minute than searches. */
const rateLimit = { max: 20, timeWindow: 60_000, keyGenerator: perUserKey, hook: 'preHandler' as const };

export const searchExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const send = async (request: FastifyRequest, reply: FastifyReply, query: ParsedSearchQuery, format: ExportFormat) => {
    const actor = requireUser(request);
    const plan = await planSearch(app.db, actor, query);
    const site = appUrl(app.config);
    const grantPath = areaPaths(actor.role).grant;
    return sendSpreadsheet(reply, exportFileName('search', isoDayOf(new Date()), format), {
      format,
      sheetName: 'Search results',
      columns: grantExportColumns,
      rows: searchExportRows(app.db, plan, (id) => `${site}${grantPath(id)}`),
      onError: (error) => request.log.error({ err: error }, 'the search export stopped before its end'),
    });
  };
  bindEndpoint(
    app,
    endpoints.grantSearchCsv,
    { tags, summary: 'Every result of a search, in its order, as CSV (streamed, at most 10,000 rows)', config: { rateLimit } },
    async (request, reply) => send(request, reply, request.query, 'csv'),
  );
  bindEndpoint(
    app,
    endpoints.grantSearchXlsx,
    { tags, summary: 'Every result of a search, in its order, as an Excel workbook (streamed, at most 10,000 rows)', config: { rateLimit } },
    async (request, reply) => send(request, reply, request.query, 'xlsx'),
  );
};
