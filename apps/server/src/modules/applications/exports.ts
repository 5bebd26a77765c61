// A person's own lists as spreadsheet rows (issue 29 §4): their saved grants
// (the search export's columns; score and why left empty: nothing ranked
// them) and their applications. Read a batch at a time, so a long list costs
// no more memory than a short one.
import type { ApplicationStatus } from '@grantbridge/contract/grants';
import type { Db } from '../../db/client';
import type { SheetCell, SheetColumn } from '../../lib/spreadsheet-export';
import { getGrantSummaries, grantExportRows } from '../grants/grants.service';
import { internalDeadlineFor } from './deadlines';
import { applicationsBatch, savedGrantIdsBatch, type ExportKeyset } from './exports.repository';

export const exportBatchSize = 500;

/** Each batch's rows, then the next batch after its last row, until one comes back short. */
async function* batches<R extends { at: string }>(
  read: (limit: number, after?: ExportKeyset) => Promise<R[]>,
  idOf: (row: R) => string,
  batch: number,
): AsyncGenerator<R[]> {
  let after: ExportKeyset | undefined;
  for (;;) {
    const rows = await read(batch, after);
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, id: idOf(last) };
  }
}

/** My saved grants, newest first, with the search export's columns. */
export async function* savedGrantExportRows(
  db: Db,
  userId: string,
  appLink: (grantId: string) => string,
  batch = exportBatchSize,
): AsyncGenerator<SheetCell[]> {
  for await (const rows of batches((limit, after) => savedGrantIdsBatch(db, userId, limit, after), (r) => r.grant_id, batch)) {
    const summaries = new Map((await getGrantSummaries(db, rows.map((r) => r.grant_id))).map((g) => [g.id, g]));
    const items = rows.flatMap((r) => {
      const grant = summaries.get(r.grant_id);
      return grant ? [{ grant }] : [];
    });
    yield* await grantExportRows(db, items, appLink);
  }
}

export const applicationExportColumns: SheetColumn[] = [
  { header: 'Opportunity number', kind: 'text', width: 22 },
  { header: 'Title', kind: 'text', width: 60 },
  { header: 'Agency', kind: 'text', width: 36 },
  { header: 'Stage', kind: 'text', width: 16 },
  { header: 'Internal deadline', kind: 'date', width: 16 },
  { header: 'Sponsor deadline', kind: 'date', width: 16 },
  { header: 'Amount requested', kind: 'number', width: 16 },
  { header: 'Amount awarded', kind: 'number', width: 16 },
  { header: 'Team role', kind: 'text', width: 16 },
  { header: 'GrantBridge page', kind: 'text', width: 45 },
];

const stageWords: Record<ApplicationStatus, string> = {
  drafting: 'Drafting',
  internal_review: 'Internal review',
  submitted: 'Submitted',
  under_review: 'Under review',
  awarded: 'Awarded',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};
const roleWords = { pi: 'PI', co_investigator: 'Co-investigator', contributor: 'Contributor' } as const;

/** My applications (those GET /applications lists), newest first. */
export async function* applicationExportRows(
  db: Db,
  userId: string,
  appLink: (applicationId: string) => string,
  batch = exportBatchSize,
): AsyncGenerator<SheetCell[]> {
  for await (const rows of batches((limit, after) => applicationsBatch(db, userId, limit, after), (r) => r.id, batch)) {
    for (const r of rows) {
      yield [
        r.opportunity_number,
        r.grant_title,
        r.agency ?? '',
        stageWords[r.status],
        internalDeadlineFor(r.close_date, r.lead_days, r.internal_deadline) ?? '',
        r.close_date ?? '',
        r.amount_requested ?? '',
        r.amount_awarded ?? '',
        roleWords[r.role],
        appLink(r.id),
      ];
    }
  }
}
