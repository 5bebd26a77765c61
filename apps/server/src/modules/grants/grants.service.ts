// Imports a Grants.gov extract into the catalogue: parse as a stream, enrich
// each record (status from its dates, Assistance Listing text, research
// areas), and upsert in batches of whole transactions. Also the demo's date
// shift, so a demo catalogue of past opportunities has open ones.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../db/client';
import { assignResearchAreas } from './grant-areas';
import {
  analyzeGrantKeys,
  analyzeGrants,
  cacheProgramVectors,
  listGrantCloseDates,
  shiftGrantDates,
  upsertGrantBatch,
  type GrantRow,
  type ProgramText,
  type GrantStatus,
} from './grants.repository';
import {
  ExtractError,
  opportunityNumberKey,
  parseGrantsXml,
  readGrantsExtract,
  type ExtractItem,
  type GrantRecord,
} from './grants-xml';

/** The product's shipped data folder (`data/` at the project root). */
export const shippedDataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../data');

export type ImportSummary = { read: number; inserted: number; updated: number; unchanged: number; rejected: number };
export type Rejection = { id: string; reason: string };

export type ImportOptions = {
  /** ISO date the statuses are computed for; today (UTC) by default. */
  today?: string;
  batchSize?: number;
  /** Batches written at once: 1 for PGlite (one thread); a few on a PostgreSQL server. */
  concurrency?: number;
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

/** The database's own error under the query wrapper (drizzle wraps it, with the whole batch in its message). */
function databaseErrorOf(err: unknown): { code?: string; message: string } {
  const cause = (err as { cause?: unknown })?.cause;
  const inner = (cause && typeof cause === 'object' && 'code' in cause ? cause : err) as {
    code?: unknown;
    message?: unknown;
  };
  return {
    code: typeof inner.code === 'string' ? inner.code : undefined,
    message: String(inner.message ?? err).slice(0, 300),
  };
}

/**
 * Whether a failed write was refused for a value in it (SQLSTATE class 22,
 * data exception, or 54, a limit such as a search vector over 1 MB or an
 * index entry over its page size) rather than for the database itself.
 */
function isValueError(err: unknown) {
  const code = databaseErrorOf(err).code;
  return code !== undefined && (code.startsWith('22') || code.startsWith('54'));
}

export function todayIso(now = new Date()) {
  return now.toISOString().slice(0, 10);
}

/**
 * Anything is archived after its archive date; anything whose (estimated)
 * close date has passed is closed, forecasts included, since a forecast whose
 * due date went by without a synopsis is no longer an opportunity to plan for;
 * otherwise a forecast is forecasted and a synopsis posted.
 */
export function grantStatusFor(
  record: Pick<GrantRecord, 'recordKind' | 'closeDate' | 'archiveDate'>,
  today: string,
): GrantStatus {
  if (record.archiveDate && record.archiveDate < today) return 'archived';
  if (record.closeDate && record.closeDate < today) return 'closed';
  if (record.recordKind === 'forecast') return 'forecasted';
  return 'posted';
}

type Listing = { number: string; title: string; objective: string | null; agency: string | null };
const listingsCache = new Map<string, Map<string, Listing>>();

/** Assistance Listings (CFDA) by number, from the trimmed shipped copy. */
export function loadAssistanceListings(dataDir = shippedDataDir): Map<string, Listing> {
  const file = path.join(dataDir, 'grants', 'assistance-listings.json');
  let listings = listingsCache.get(file);
  if (!listings) {
    listings = new Map();
    if (fs.existsSync(file)) {
      for (const l of JSON.parse(fs.readFileSync(file, 'utf8')) as Listing[]) listings.set(l.number, l);
    }
    listingsCache.set(file, listings);
  }
  return listings;
}

/** Completes a parsed record into the row the importer stores; the record object itself becomes the row (no copy per record). */
export function enrichGrantRecord(record: GrantRecord, listings: Map<string, Listing>, today: string): GrantRow {
  let listing: Listing | undefined;
  for (const n of record.cfdaNumbers) if ((listing = listings.get(n))) break;
  const programTitle = listing?.title ?? null;
  const objectives = listing?.objective ?? null;
  const researchAreas = assignResearchAreas({
    title: record.title,
    description: record.description,
    programTitle,
    objectives,
    programKey: listing ? `${listing.number}:${listing.title}` : undefined,
    categoryCodes: record.categoryCodes,
  });
  return Object.assign(record, { programTitle, objectives, researchAreas, status: grantStatusFor(record, today) });
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
  const concurrency = Math.max(1, options.concurrency ?? 1);
  let batch: GrantRow[] = [];
  let batchChars = 0;
  // Opportunities (by key and by number) already met in this file: a later
  // record for one replaces it only when it is newer, so a file that repeats
  // an opportunity imports the same way every time.
  const opportunitiesSeen = new Set<string>();
  // Batches being written: the next is parsed meanwhile, and on a PostgreSQL
  // server several are written at once (each in its own transaction).
  const inFlight: { done: Promise<void>; keys: Set<string> }[] = [];
  let failure: unknown = null;

  const settle = async (count: number) => {
    while (inFlight.length > count) {
      const first = inFlight.shift()!;
      await first.done;
    }
    if (failure) throw failure;
  };

  // Statistics are refreshed at the start, for the lookup keys each time the
  // import has doubled what it added, and in full at the end.
  await analyzeGrants(db);
  let analyzedAt = 0;

  // Program texts already handed to the trigger's cache during this import,
  // by title then objectives (the listing's own strings, so lookups are cheap).
  const programsSeen = new Map<string | null, Set<string | null>>();
  const flush = async () => {
    const rows = batch;
    batch = [];
    const programs: ProgramText[] = [];
    for (const r of rows) {
      if (r.programTitle === null && r.objectives === null) continue;
      let seen = programsSeen.get(r.programTitle);
      if (!seen) programsSeen.set(r.programTitle, (seen = new Set()));
      if (seen.has(r.objectives)) continue;
      seen.add(r.objectives);
      programs.push(r);
    }
    batchChars = 0;
    // Rows meet stored ones by key or by opportunity number (grants.repository.ts), so both count.
    const keys = new Set<string>();
    for (const r of rows) {
      keys.add(r.sourceKey);
      if (r.opportunityNumber) keys.add(opportunityNumberKey(r.opportunityNumber));
    }
    // An opportunity still being written by another batch waits for it, so the file's order holds.
    const clash = inFlight.some((f) => [...keys].some((k) => f.keys.has(k)));
    await settle(clash ? 0 : concurrency - 1);
    if (summary.inserted >= 2 * analyzedAt + 2000) {
      analyzedAt = summary.inserted;
      await analyzeGrantKeys(db);
    }
    const entry = {
      keys,
      done: cacheProgramVectors(db, programs)
        .then(() => upsertGrantBatch(db, rows))
        .catch((err: unknown) => (isValueError(err) ? upsertOneByOne(rows) : Promise.reject(err)))
        .then(
          (counts) => {
            summary.inserted += counts.inserted;
            summary.updated += counts.updated;
            summary.unchanged += counts.unchanged;
            options.onProgress?.({ ...summary });
          },
          (err: unknown) => {
            failure ??= err;
          },
        ),
    };
    inFlight.push(entry);
  };

  const reject = (rejection: Rejection) => {
    summary.rejected += 1;
    options.onRejected?.(rejection);
  };

  // A batch the database refused for a value in it is written again a record
  // at a time, so only the record at fault is rejected (with the database's reason).
  const upsertOneByOne = async (rows: GrantRow[]) => {
    const counts = { inserted: 0, updated: 0, unchanged: 0 };
    for (const row of rows) {
      try {
        const one = await upsertGrantBatch(db, [row]);
        counts.inserted += one.inserted;
        counts.updated += one.updated;
        counts.unchanged += one.unchanged;
      } catch (err) {
        if (!isValueError(err)) throw err;
        reject({
          id: row.sourceId ?? row.opportunityNumber,
          reason: `the database refused it: ${databaseErrorOf(err).message}`,
        });
      }
    }
    return counts;
  };

  const items: AsyncIterable<ExtractItem> =
    typeof input === 'string' ? readGrantsExtract(input) : parseGrantsXml(input);
  try {
    try {
      for await (const item of items) {
        summary.read += 1;
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
    await settle(0);
    if (summary.inserted > 0) await analyzeGrants(db);
  } catch (err) {
    // Batches in flight are whole transactions; finish them so the counts say what was committed.
    await Promise.all(inFlight.map((f) => f.done));
    if (err instanceof ExtractError && !failure) {
      const kept =
        summary.read === 0
          ? 'Nothing was imported.'
          : `Everything read before that point is committed (inserted ${summary.inserted}, updated ${summary.updated}, ` +
            `unchanged ${summary.unchanged}, rejected ${summary.rejected}); nothing after it was imported.`;
      throw new GrantImportError(`${err.message} ${kept}`, { ...summary }, { cause: err });
    }
    const cause = failure ?? err;
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

/**
 * Demo only: moves grant dates forward by the whole number of years that
 * leaves closest to a third of them open (posted or forecasted with a close
 * date today or later, or none) as of `today`; ties go to the smaller shift.
 * A later shift (`previous`) moves only the grants stored or changed since
 * the previous one, by the same number of years, so a re-import never shifts
 * a grant twice and the catalogue keeps one shift.
 * Statuses are recomputed. Returns the years shifted and the shift's time.
 */
export async function shiftDemoGrantDates(
  db: Db,
  today = todayIso(),
  previous: { at: string; years: number } | null = null,
): Promise<{ years: number; shiftedAt: string | null }> {
  if (previous) {
    const shiftedAt = await shiftGrantDates(db, previous.years, today, previous.at);
    return { years: previous.years, shiftedAt };
  }
  const rows = await listGrantCloseDates(db);
  if (rows.length === 0) return { years: 0, shiftedAt: null };
  const openAfter = (years: number) => {
    let open = 0;
    for (const r of rows) {
      const close = r.close_date ? addYears(r.close_date, years) : null;
      const archive = r.archive_date ? addYears(r.archive_date, years) : null;
      if (archive && archive < today) continue;
      if (!close || close >= today) open += 1;
    }
    return open / rows.length;
  };
  let best = 0;
  let bestGap = Math.abs(openAfter(0) - 1 / 3);
  for (let years = 1; years <= 30; years++) {
    const gap = Math.abs(openAfter(years) - 1 / 3);
    if (gap < bestGap - 1e-9) {
      best = years;
      bestGap = gap;
    }
  }
  const shiftedAt = await shiftGrantDates(db, best, today);
  return { years: best, shiftedAt };
}

function addYears(iso: string, years: number) {
  const y = Number(iso.slice(0, 4)) + years;
  let rest = iso.slice(4);
  // 29 February moves to 28 February in a non-leap year, as PostgreSQL does.
  if (rest === '-02-29' && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) rest = '-02-28';
  return `${String(y).padStart(4, '0')}${rest}`;
}
