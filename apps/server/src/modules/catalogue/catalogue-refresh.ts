// The daily refresh of the grant catalogue (decision 056): download the
// newest Grants.gov extract, check it is a whole zip holding the XML, import
// it through the same importer as `npm run ingest`, keep it as the last good
// file, and log the run in catalogue_refreshes. A failed download is tried
// again after a pause; whatever fails, the catalogue keeps what it has.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/client';
import { GrantImportError, importGrantsExtract, verifyExtractZip, type ImportOptions, type ImportSummary } from '../grants/grants.service';
import { finishRefresh, insertRefresh } from './catalogue.repository';
import { DownloadError, downloadExtract } from './extract-download';
import { extractCandidates } from './refresh-schedule';

type Log = {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
};

export type RefreshOptions = {
  db: Db;
  /** DATA_DIR: downloads go to DATA_DIR/catalogue/, the last good file stays there. */
  dataDir: string;
  /** The extract's address, {YYYYMMDD} for its day. */
  url: string;
  trigger: 'schedule' | 'command';
  /** How the importer writes on this database (importTuningFor); one batch at a time by default. */
  tuning?: Pick<ImportOptions, 'concurrency' | 'deferSearchIndexes'>;
  /** Downloads tried in all (default 3). */
  attempts?: number;
  /** Pauses before the second, third … attempt (default 1 and 5 minutes); the last repeats. */
  retryDelaysMs?: number[];
  /** A download that receives nothing for this long is given up (default 60 s). */
  idleTimeoutMs?: number;
  now?: () => Date;
  log?: Log;
  /** After an import that inserted or changed grants: the alerts, as after `npm run ingest`. */
  onCatalogueChanged?: () => Promise<void>;
};

export type RefreshResult = {
  status: 'ok' | 'failed';
  fileName: string | null;
  counts: ImportSummary;
  durationMs: number;
  error: string | null;
};

const quietLog: Log = { info: () => undefined, warn: () => undefined };

/** Neither today's extract nor yesterday's is there (404): a definite answer, not asked again until the next run. */
class NotPublished extends Error {}

/** DATA_DIR/catalogue/last-good.zip: the newest extract that was imported whole. */
export function lastGoodExtractPath(dataDir: string) {
  return path.join(dataDir, 'catalogue', 'last-good.zip');
}

/** One refresh, from download to import; never throws for a failed download or import (the run records it). */
export async function refreshCatalogue(options: RefreshOptions): Promise<RefreshResult> {
  const log = options.log ?? quietLog;
  const attempts = Math.max(1, options.attempts ?? 3);
  const delays = options.retryDelaysMs ?? [60_000, 300_000];
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  const now = options.now ?? (() => new Date());
  const started = performance.now();
  const id = await insertRefresh(options.db, options.trigger);
  const folder = path.dirname(lastGoodExtractPath(options.dataDir));
  fs.mkdirSync(folder, { recursive: true });
  const partial = path.join(folder, `download-${process.pid}-${crypto.randomBytes(4).toString('hex')}.zip.part`);
  let counts: ImportSummary = { read: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0 };
  let tried: { url: string; fileName: string } | null = null;
  let error: string | null = null;
  try {
    let downloaded: { url: string; fileName: string } | null = null;
    for (let attempt = 1; attempt <= attempts && !downloaded; attempt += 1) {
      if (attempt > 1) {
        const pause = delays[Math.min(attempt - 2, delays.length - 1)] ?? 0;
        log.warn({ attempt, pauseMs: pause, error }, 'catalogue refresh: download failed; trying again');
        await sleep(pause);
      }
      try {
        downloaded = await downloadNewest(options.url, now(), partial, idleTimeoutMs, (candidate) => (tried = candidate));
      } catch (err) {
        // "Not published" is Grants.gov's answer, not a failure to reach it: tomorrow's run asks again.
        if (err instanceof NotPublished) throw err;
        error = err instanceof Error ? err.message : String(err);
      }
    }
    if (!downloaded) throw new Error(`download failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${error}`);
    tried = downloaded;
    error = null;
    log.info({ url: downloaded.url }, 'catalogue refresh: importing');
    try {
      counts = await importGrantsExtract(options.db, partial, { ...options.tuning });
    } catch (err) {
      if (err instanceof GrantImportError) counts = err.summary;
      throw new Error(`import stopped: ${err instanceof Error ? err.message : String(err)}`);
    }
    fs.renameSync(partial, lastGoodExtractPath(options.dataDir));
    if (counts.inserted + counts.updated > 0 && options.onCatalogueChanged) {
      // The import stands whatever happens here; the server's scheduled work sends the alerts next time.
      await options.onCatalogueChanged().catch((err: unknown) => log.warn({ err }, 'catalogue refresh: alerts wait for the next scheduled run'));
    }
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  const durationMs = performance.now() - started;
  const status = error === null ? 'ok' : 'failed';
  const result: RefreshResult = { status, fileName: tried?.fileName ?? null, counts, durationMs, error };
  await finishRefresh(options.db, id, { status, url: tried?.url ?? null, fileName: result.fileName, counts, durationMs, error });
  if (status === 'ok') log.info({ file: result.fileName, ...counts, durationMs: Math.round(durationMs) }, 'catalogue refreshed');
  else log.warn({ file: result.fileName, error }, 'catalogue refresh failed; the catalogue keeps what it had');
  return result;
}

/** Today's extract, else yesterday's (when today's is not published yet), into `file`; checked to be a whole zip. */
async function downloadNewest(
  template: string,
  now: Date,
  file: string,
  idleTimeoutMs: number,
  onTry: (candidate: { url: string; fileName: string }) => void,
) {
  const missing: string[] = [];
  for (const candidate of extractCandidates(template, now)) {
    onTry(candidate);
    try {
      await downloadExtract(candidate.url, file, { idleTimeoutMs });
    } catch (err) {
      if (err instanceof DownloadError && err.notPublished) {
        missing.push(`${candidate.fileName} (${err.status})`);
        continue;
      }
      throw err;
    }
    try {
      await verifyExtractZip(file);
    } catch (err) {
      throw new Error(`${candidate.fileName} is refused: ${(err as Error).message}`);
    }
    return candidate;
  }
  throw new NotPublished(`not published yet: ${missing.join(', ')}`);
}
