// Completes a parsed record into the row the importer stores: the Assistance
// Listing (CFDA) text of its program, research areas, the status its dates
// give, and (as its batch is written) its word-embedding vector.
import fs from 'node:fs';
import path from 'node:path';
import type { GrantStatus } from '@grantbridge/contract/grants';
import { projectRoot } from '../../../lib/project-paths';
import { grantEmbeddingHex } from '../grant-embedding';
import { agencyKeysFor } from '../agency-keys';
import { grantStatusFor } from '../grant-status';
import { assignResearchAreas } from './grant-areas';
import type { GrantRecord } from './extract-records';

/** The product's shipped data folder (`data/` at the project root). */
export const shippedDataDir = path.join(projectRoot, 'data');

export type GrantRow = GrantRecord & {
  programTitle: string | null;
  objectives: string | null;
  researchAreas: string[];
  agencyKeys: string[];
  status: GrantStatus;
  /** The bytea text form (`\x…`) of the grant's embedding, or null when its text has no known word (withEmbeddings). */
  embedding?: string | null;
  /**
   * The same file already had a record for this opportunity: this one replaces
   * it only when strictly newer, so re-importing the file gives the same row.
   */
  repeat?: boolean;
};

export type Listing = { number: string; title: string; objective: string | null; agency: string | null };
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

/** The record object itself becomes the row (no copy per record). */
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
  const agencyKeys = agencyKeysFor({
    ...record,
    listingAgencies: record.cfdaNumbers.flatMap((n) => listings.get(n)?.agency ?? []),
  });
  return Object.assign(record, { programTitle, objectives, researchAreas, agencyKeys, status: grantStatusFor(record, today) });
}

/**
 * Gives each row its embedding. The importer calls it as a batch's write
 * begins, before it waits for the batches in flight, so the vectors are
 * computed while earlier batches are in the database.
 */
export function withEmbeddings(rows: GrantRow[]): GrantRow[] {
  for (const row of rows) row.embedding ??= grantEmbeddingHex(row);
  return rows;
}
