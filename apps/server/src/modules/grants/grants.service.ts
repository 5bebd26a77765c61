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
import { ExtractError, parseGrantsXml, readGrantsExtract, type ExtractItem, type GrantRecord } from './grants-xml';

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

/** A fatal error part-way through a file: whole batches before it are committed. */
export class GrantImportError extends Error {
  constructor(
    message: string,
    readonly summary: ImportSummary,
  ) {
    super(message);
    this.name = 'GrantImportError';
  }
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
    const keys = new Set(rows.map((r) => r.sourceKey));
    // A key still being written by another batch waits for it, so the file's order holds.
    const clash = inFlight.some((f) => rows.some((r) => f.keys.has(r.sourceKey)));
    await settle(clash ? 0 : concurrency - 1);
    if (summary.inserted >= 2 * analyzedAt + 2000) {
      analyzedAt = summary.inserted;
      await analyzeGrantKeys(db);
    }
    const entry = {
      keys,
      done: cacheProgramVectors(db, programs).then(() => upsertGrantBatch(db, rows)).then(
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

  const items: AsyncIterable<ExtractItem> = typeof input === 'string' ? readGrantsExtract(input) : parseGrantsXml(input);
  try {
    for await (const item of items) {
      summary.read += 1;
      if (!item.ok) {
        summary.rejected += 1;
        options.onRejected?.({ id: item.id, reason: item.reason });
        continue;
      }
      batch.push(enrichGrantRecord(item.record, listings, today));
      if (batch.length >= batchSize) await flush();
    }
    if (batch.length) await flush();
    await settle(0);
    if (summary.inserted > 0) await analyzeGrants(db);
  } catch (err) {
    // Batches in flight are whole; finish them so the counts say what was committed.
    await Promise.all(inFlight.map((f) => f.done));
    if (err instanceof ExtractError) {
      const kept = summary.inserted + summary.updated + summary.unchanged;
      throw new GrantImportError(
        `${err.message} Records committed before the error: ${kept} (in whole batches)` +
          (batch.length ? `; the ${batch.length} valid records read after the last batch were not written.` : '.'),
        { ...summary },
      );
    }
    throw err;
  }
  return summary;
}

/**
 * Demo only: moves every grant's dates forward by the whole number of years
 * that leaves closest to a third of the catalogue open (posted or forecasted
 * with a close date today or later, or none) as of `today`; ties go to the
 * smaller shift. Statuses are recomputed. Returns the years shifted.
 */
export async function shiftDemoGrantDates(db: Db, today = todayIso()): Promise<number> {
  const rows = await listGrantCloseDates(db);
  if (rows.length === 0) return 0;
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
  await shiftGrantDates(db, best, today);
  return best;
}

function addYears(iso: string, years: number) {
  const y = Number(iso.slice(0, 4)) + years;
  let rest = iso.slice(4);
  // 29 February moves to 28 February in a non-leap year, as PostgreSQL does.
  if (rest === '-02-29' && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) rest = '-02-28';
  return `${String(y).padStart(4, '0')}${rest}`;
}
