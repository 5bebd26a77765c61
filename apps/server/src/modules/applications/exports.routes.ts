// My saved grants and my applications as spreadsheets (issue 29 §4):
// GET /saved-grants.csv|.xlsx and GET /applications.csv|.xlsx, each the
// signed-in person's own list only (an administrator gets their own too).
import { isoDayOf } from '@grantbridge/contract/days';
import { areaPaths } from '@grantbridge/contract/app-paths';
import { endpoints } from '@grantbridge/contract/endpoints';
import { exportFileName, type ExportFormat, type ExportKind } from '@grantbridge/contract/exports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appUrl } from '../../config';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { sendSpreadsheet } from '../../lib/spreadsheet-export';
import { perUserKey, requireUser } from '../../plugins/session';
import { grantExportColumns } from '../grants/grants.service';
import { applicationExportColumns, applicationExportRows, savedGrantExportRows } from './exports';

const tags = ['pipeline'];
const rateLimit = { max: 30, timeWindow: 60_000, keyGenerator: perUserKey, hook: 'preHandler' as const };

export const myExportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const send = (request: FastifyRequest, reply: FastifyReply, kind: Exclude<ExportKind, 'search'>, format: ExportFormat) => {
    const actor = requireUser(request);
    const site = appUrl(app.config);
    const area = areaPaths(actor.role);
    const onError = (error: unknown) => request.log.error({ err: error }, `the ${kind} export stopped before its end`);
    const fileName = exportFileName(kind, isoDayOf(new Date()), format);
    return kind === 'saved-grants'
      ? sendSpreadsheet(reply, fileName, {
          format,
          sheetName: 'Saved grants',
          columns: grantExportColumns,
          rows: savedGrantExportRows(app.db, actor.id, (id) => `${site}${area.grant(id)}`),
          onError,
        })
      : sendSpreadsheet(reply, fileName, {
          format,
          sheetName: 'Applications',
          columns: applicationExportColumns,
          rows: applicationExportRows(app.db, actor.id, (id) => `${site}${area.application(id)}`),
          onError,
        });
  };
  const summary = (what: string, format: string) => `${what} as ${format} (streamed)`;
  bindEndpoint(app, endpoints.savedGrantsCsv, { tags, summary: summary('My saved grants', 'CSV'), config: { rateLimit } }, async (request, reply) =>
    send(request, reply, 'saved-grants', 'csv'),
  );
  bindEndpoint(app, endpoints.savedGrantsXlsx, { tags, summary: summary('My saved grants', 'an Excel workbook'), config: { rateLimit } }, async (request, reply) =>
    send(request, reply, 'saved-grants', 'xlsx'),
  );
  bindEndpoint(app, endpoints.applicationsCsv, { tags, summary: summary('My applications', 'CSV'), config: { rateLimit } }, async (request, reply) =>
    send(request, reply, 'applications', 'csv'),
  );
  bindEndpoint(app, endpoints.applicationsXlsx, { tags, summary: summary('My applications', 'an Excel workbook'), config: { rateLimit } }, async (request, reply) =>
    send(request, reply, 'applications', 'xlsx'),
  );
};
