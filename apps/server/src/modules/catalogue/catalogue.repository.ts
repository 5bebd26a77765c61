// SQL for the catalogue's refresh log (catalogue_refreshes).
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

export type RefreshRow = {
  id: string;
  started_at: Date | string;
  finished_at: Date | string | null;
  status: 'running' | 'ok' | 'failed';
  trigger: 'schedule' | 'command';
  url: string | null;
  file_name: string | null;
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  duration_ms: number | null;
  error: string | null;
};

export type RefreshOutcome = {
  status: 'ok' | 'failed';
  url: string | null;
  fileName: string | null;
  counts: { read: number; inserted: number; updated: number; unchanged: number; rejected: number };
  durationMs: number;
  error: string | null;
};

const columns = sql`id, started_at, finished_at, status, trigger, url, file_name,
  read, inserted, updated, unchanged, rejected, duration_ms, error`;

/** A run begins: its row says `running` until it ends. */
export async function insertRefresh(db: Db, trigger: RefreshRow['trigger']): Promise<string> {
  const [row] = await queryRows<{ id: string }>(db, sql`INSERT INTO catalogue_refreshes (trigger) VALUES (${trigger}) RETURNING id`);
  return row!.id;
}

/** A run ends: how, with what file and counts. */
export async function finishRefresh(db: Db, id: string, outcome: RefreshOutcome) {
  const c = outcome.counts;
  await queryRows(
    db,
    sql`UPDATE catalogue_refreshes SET finished_at = now(), status = ${outcome.status}, url = ${outcome.url},
      file_name = ${outcome.fileName}, read = ${c.read}, inserted = ${c.inserted}, updated = ${c.updated},
      unchanged = ${c.unchanged}, rejected = ${c.rejected}, duration_ms = ${Math.round(outcome.durationMs)},
      error = ${outcome.error}
      WHERE id = ${id}`,
  );
}

/** The latest run (any outcome), the latest that succeeded, and the latest that failed. */
export async function findLatestRefreshes(db: Db) {
  const latest = (where: ReturnType<typeof sql>) =>
    queryRows<RefreshRow>(db, sql`SELECT ${columns} FROM catalogue_refreshes ${where} ORDER BY started_at DESC LIMIT 1`);
  const [[last], [success], [failure]] = await Promise.all([
    latest(sql``),
    latest(sql`WHERE status = 'ok'`),
    latest(sql`WHERE status = 'failed'`),
  ]);
  return { last: last ?? null, success: success ?? null, failure: failure ?? null };
}
