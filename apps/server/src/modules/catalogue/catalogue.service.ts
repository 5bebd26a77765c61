// The grant catalogue's upkeep: its daily refresh with the Grants.gov extract
// (catalogue-refresh.ts) and what the administrators see of it.
import type { AdminCatalogue, CatalogueRefresh } from '@grantbridge/contract/catalogue';
import { isoInstant } from '@grantbridge/contract/days';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import { getCatalogueStatusCounts } from '../grants/grants.service';
import { canReadCatalogueStatus } from './catalogue.policy';
import { findLatestRefreshes, type RefreshRow } from './catalogue.repository';
import { dailyCron, nextDailyRun } from './refresh-schedule';

export { refreshCatalogue, lastGoodExtractPath, type RefreshOptions, type RefreshResult } from './catalogue-refresh';
export { dailyCron };

/** The schedule as the server runs it: the time of day and zone, or null when the refresh is off. */
export type RefreshSchedule = { at: string; timeZone: string } | null;

function toRefresh(row: RefreshRow): CatalogueRefresh {
  return {
    startedAt: isoInstant(row.started_at),
    finishedAt: row.finished_at ? isoInstant(row.finished_at) : null,
    status: row.status,
    file: row.file_name,
    read: row.read,
    inserted: row.inserted,
    updated: row.updated,
    unchanged: row.unchanged,
    rejected: row.rejected,
    durationMs: row.duration_ms,
    error: row.error,
  };
}

/** When a refresh last ended well and last failed (null: never), for the metrics scrape. */
export async function lastCatalogueRefreshes(db: Db): Promise<{ ok: Date | null; failed: Date | null }> {
  const { success, failure } = await findLatestRefreshes(db);
  const ended = (row: RefreshRow | null) => (row ? new Date(row.finished_at ?? row.started_at) : null);
  return { ok: ended(success), failed: ended(failure) };
}

/** The last refresh, the next, the last error (when none succeeded since) and the catalogue by status. */
export async function getCatalogueStatus(db: Db, actor: Actor, schedule: RefreshSchedule, now = new Date()): Promise<AdminCatalogue> {
  if (!canReadCatalogueStatus(actor)) throw new AppError('forbidden', 'Only administrators see how the catalogue is refreshed.');
  const [latest, records] = await Promise.all([findLatestRefreshes(db), getCatalogueStatusCounts(db, now)]);
  const failure = latest.failure;
  const failedSinceSuccess = failure && (!latest.success || new Date(failure.started_at) > new Date(latest.success.started_at));
  return {
    scheduled: schedule !== null,
    lastRefresh: latest.last ? toRefresh(latest.last) : null,
    lastSuccess: latest.success ? toRefresh(latest.success) : null,
    nextRunAt: schedule ? nextDailyRun(schedule.at, schedule.timeZone, now).toISOString() : null,
    lastError: failedSinceSuccess ? { at: isoInstant(failure.finished_at ?? failure.started_at), message: failure.error ?? 'failed' } : null,
    records,
  };
}
