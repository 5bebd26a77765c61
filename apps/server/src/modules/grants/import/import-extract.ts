// Imports a Grants.gov extract into the catalogue: parse as a stream, enrich
// each record, and upsert in batches of whole transactions (batch-writer.ts),
// so a fatal error leaves whole batches committed and says what they held.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../../db/client';
import { todayIso } from '../grant-status';
import { BatchWriter, databaseErrorOf } from './batch-writer';
import { enrichGrantRecord, loadAssistanceListings, type GrantRow } from './enrich-record';
import { readGrantsExtract } from './extract-files';
import { ExtractError, parseGrantsXml } from './extract-parser';
import { opportunityNumberKey, type ExtractItem } from './extract-records';
import { analyzeGrants } from './import.repository';
import { refreshSearchVocabulary, refreshTermStats } from '../term-stats';
import type { DatabaseKind } from '../../../db/client';
import { deferSearchIndexes, restoreSearchIndexes } from './search-indexes.repository';

export type ImportSummary = { read: number; inserted: number; updated: number; unchanged: number; rejected: number };
export type Rejection = { id: string; reason: string };

export type ImportOptions = {
  /** ISO date the statuses are computed for; today (UTC) by default. */
  today?: string;
  batchSize?: number;
  /** Batches written at once: 1 for PGlite (one thread); a few on a PostgreSQL server. */
  concurrency?: number;
  /**
   * Into an empty catalogue, drop the GIN indexes and build each once at the
   * end (search-indexes.repository.ts): a first load 10-15 % faster on a
   * PostgreSQL server (decision 065), and on PGlite about as much once its
   * thread no longer waits for the importer's (decision 067).
   */
  deferSearchIndexes?: boolean;
  /** Folder holding grants/assistance-listings.json; the shipped data by default. */
  dataDir?: string;
  onProgress?: (summary: ImportSummary) => void;
  onRejected?: (rejection: Rejection) => void;
};

/** A fatal error part-way through a file: what was read before it is committed, and `summary` counts it. */
export class GrantImportError extends Error {
  constructor(
    message: string,
    readonly summary: ImportSummary,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GrantImportError';
  }
}

/**
 * A copy of a string that holds on to nothing else. A string cut from the
 * parser's input can keep the whole input chunk it came from alive; kept for
 * the length of the import, such keys would hold the file in memory.
 */
function ownCopy(text: string) {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** A batch holds at most this much text (descriptions, program texts), so a file of huge records keeps memory flat too. */
const maxBatchChars = 16_000_000;

function rowChars(row: GrantRow) {
  return (
    1000 +
    row.title.length +
    (row.description?.length ?? 0) +
    (row.eligibilityText?.length ?? 0) +
    (row.objectives?.length ?? 0)
  );
}

/** Records parsed between two turns of the event loop (see the import loop). */
const yieldEvery = 8;

/** How an import is best run on each database (decisions 065, 067). */
export function importTuningFor(kind: DatabaseKind): Pick<ImportOptions, 'concurrency' | 'deferSearchIndexes'> {
  return { concurrency: kind === 'postgres' ? 4 : 1, deferSearchIndexes: true };
}

/**
 * Streams an extract (a file path, or XML text chunks) into the catalogue.
 * Rejected records are reported and skipped; a fatal file error throws a
 * GrantImportError after the batches already written are committed.
 */
export async function importGrantsExtract(
  db: Db,
  input: string | AsyncIterable<string | Buffer>,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const today = options.today ?? todayIso();
  const batchSize = options.batchSize ?? 500;
  const listings = loadAssistanceListings(options.dataDir);
  const summary: ImportSummary = { read: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0 };
  let batch: GrantRow[] = [];
  let batchChars = 0;
  // Opportunities (by key and by number) already met in this file: a later
  // record for one replaces it only when it is newer, so a file that repeats
  // an opportunity imports the same way every time.
  const opportunitiesSeen = new Set<string>();

  const reject = (rejection: Rejection) => {
    summary.rejected += 1;
    options.onRejected?.(rejection);
  };
  const writer = new BatchWriter(db, {
    concurrency: Math.max(1, options.concurrency ?? 1),
    counts: summary,
    onCommitted: () => options.onProgress?.({ ...summary }),
    onRefused: (id, reason) => reject({ id, reason }),
  });
  const flush = async () => {
    const rows = batch;
    batch = [];
    batchChars = 0;
    await writer.write(rows);
  };

  // Indexes an earlier first load deferred and did not live to build are built
  // first; then this import may defer them itself, if the catalogue is empty.
  await restoreSearchIndexes(db);
  const deferred = options.deferSearchIndexes ? (await deferSearchIndexes(db)) > 0 : false;
  // Statistics are refreshed at the start, for the lookup keys as the import
  // grows (batch-writer.ts), and in full at the end.
  await analyzeGrants(db);

  const items: AsyncIterable<ExtractItem> =
    typeof input === 'string' ? readGrantsExtract(input) : parseGrantsXml(input);
  try {
    try {
      for await (const item of items) {
        summary.read += 1;
        // A parser with records buffered hands them over as microtasks, which
        // run before any event: the database's answers (a PGlite thread's
        // message, a server's socket) would wait until the parser needs the
        // next piece of the file, with the database idle meanwhile. A turn of
        // the event loop every few records lets them in (decision 067).
        if (summary.read % yieldEvery === 0) await nextTurn();
        if (!item.ok) {
          reject({ id: item.id, reason: item.reason });
          continue;
        }
        const record = item.record;
        const numberKey = record.opportunityNumber ? opportunityNumberKey(record.opportunityNumber) : null;
        const repeat = opportunitiesSeen.has(record.sourceKey) || (numberKey !== null && opportunitiesSeen.has(numberKey));
        if (!opportunitiesSeen.has(record.sourceKey)) opportunitiesSeen.add(ownCopy(record.sourceKey));
        if (numberKey && !opportunitiesSeen.has(numberKey)) opportunitiesSeen.add(ownCopy(numberKey));
        const row = enrichGrantRecord(record, listings, today);
        row.repeat = repeat;
        batch.push(row);
        batchChars += rowChars(row);
        if (batch.length >= batchSize || batchChars >= maxBatchChars) await flush();
      }
    } catch (err) {
      // The records read whole before the file went wrong are as good as any other: they are written too.
      if (err instanceof ExtractError && batch.length) await flush();
      throw err;
    }
    if (batch.length) await flush();
    await writer.settle(0);
    // The three refreshes and a first load's index builds are independent: on PostgreSQL they run
    // side by side, and on PGlite the vocabulary is mined in this thread while the database thread
    // works (decisions 058, 065).
    const refreshes: Promise<unknown>[] = [];
    if (deferred) refreshes.push(restoreSearchIndexes(db));
    if (summary.inserted > 0) refreshes.push(analyzeGrants(db));
    if (summary.inserted + summary.updated > 0) {
      refreshes.push(refreshTermStats(db), refreshSearchVocabulary(db, options.dataDir));
    }
    const failed = (await Promise.allSettled(refreshes)).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (err) {
    // Batches in flight are whole transactions; finish them so the counts say what was committed.
    await writer.drain();
    // What was committed is searchable as usual; if this fails too, the next import or start builds them.
    if (deferred) await restoreSearchIndexes(db).catch(() => undefined);
    if (err instanceof ExtractError && !writer.failed) {
      const kept =
        summary.read === 0
          ? 'Nothing was imported.'
          : `Everything read before that point is committed (inserted ${summary.inserted}, updated ${summary.updated}, ` +
            `unchanged ${summary.unchanged}, rejected ${summary.rejected}); nothing after it was imported.`;
      throw new GrantImportError(`${err.message} ${kept}`, { ...summary }, { cause: err });
    }
    const cause = writer.failed ?? err;
    const failed = databaseErrorOf(cause);
    throw new GrantImportError(
      `The ${failed.code ? 'database' : 'import'} failed after ${summary.read} records were read (${failed.message}). ` +
        `Committed before it, in whole batches: inserted ${summary.inserted}, updated ${summary.updated}, ` +
        `unchanged ${summary.unchanged}, rejected ${summary.rejected}; the rest of the file was not imported.`,
      { ...summary },
      { cause },
    );
  }
  return summary;
}
