// "More like this" (issue 29 §5, decision 064): a grant's nearest grants, for
// the grant page and the newsletters module. Ranked over a per-instance
// in-memory index of the catalogue (similar-index.ts), reloaded behind the
// requests when the catalogue's version moved on (similar-grants.repository.ts)
// or after an hour.
import { isoDayOf } from '@grantbridge/contract/days';
import type { GrantSummary } from '@grantbridge/contract/grants';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { AppError } from '../../errors';
import { isUuid } from '@grantbridge/contract/ids';
import { findGrantSummaries } from './grants.repository';
import { toGrantSummary } from './grants.service';
import {
  findCatalogueVersion,
  findSimilarIndexRows,
  grantExists,
} from './similar-grants.repository';
import { buildSimilarIndex, rankSimilar, type SimilarIndex } from './similar-index';

export type SimilarGrantsOptions = { limit?: number; includeClosed?: boolean; now?: Date };
export type SimilarGrant = { grant: GrantSummary; why: string };

/** How long an index serves at most, for edits no version records (deletions, a demo's date shift, SQL by hand). */
const maxAgeMs = 60 * 60_000;

type Cached = { version: string; builtAt: number; index: SimilarIndex };
/** Per database: the index it serves from, and the reload under way. */
const state = perDatabase<{ cached: Cached | null; building: Promise<Cached> | null }>(() => ({ cached: null, building: null }));

async function build(db: Db): Promise<Cached> {
  const version = await findCatalogueVersion(db);
  const index = buildSimilarIndex(await findSimilarIndexRows(db));
  const built = { version, builtAt: Date.now(), index };
  state.of(db).cached = built;
  return built;
}

function rebuild(db: Db): Promise<Cached> {
  const held = state.of(db);
  if (!held.building) {
    held.building = build(db).finally(() => {
      held.building = null;
    });
  }
  return held.building;
}

/**
 * The instance's index of this database's catalogue. Built on first use, and
 * when asked for a grant it lacks that the catalogue holds; when the catalogue
 * moved on (an import moves it every batch) or the index is an hour old, it is
 * reloaded behind the requests, one load at a time, and they answer from the
 * index they have meanwhile: a reload of a large catalogue takes seconds, and
 * requests during an import would otherwise each wait for one.
 */
export async function similarIndexOf(db: Db, force = false): Promise<SimilarIndex> {
  const held = state.of(db);
  const cached = held.cached;
  if (!cached || force) return (await rebuild(db)).index;
  if (held.building) return cached.index;
  const old = Date.now() - cached.builtAt > maxAgeMs;
  if (old || (await findCatalogueVersion(db)) !== cached.version)
    rebuild(db).catch(() => {
      held.cached = null;
    });
  return cached.index;
}

/**
 * The grant's nearest grants (default 6, at most 20), best first, each with why
 * it is near; without the grant itself, its other versions (same opportunity
 * number, or same title from the same agency) and, unless `includeClosed`,
 * closed or archived grants. An unknown or malformed id is not_found.
 */
export async function similarGrants(
  db: Db,
  grantId: string,
  options: SimilarGrantsOptions = {},
): Promise<SimilarGrant[]> {
  if (!isUuid(grantId)) throw new AppError('not_found', 'Grant not found.');
  const limit = Math.max(1, Math.min(20, Math.trunc(options.limit ?? 6)));
  const now = options.now ?? new Date();
  const today = isoDayOf(now);
  let index = await similarIndexOf(db);
  let at = index.idIndex.get(grantId.toLowerCase());
  if (at === undefined) {
    // Only a grant the catalogue holds is worth a reload: any other id would let a caller make this instance reload at will.
    if (!(await grantExists(db, grantId))) throw new AppError('not_found', 'Grant not found.');
    index = await similarIndexOf(db, true);
    at = index.idIndex.get(grantId.toLowerCase());
  }
  if (at === undefined) throw new AppError('not_found', 'Grant not found.');
  const hits = rankSimilar(index, at, {
    limit,
    includeClosed: options.includeClosed ?? false,
    today,
  });
  const rows = new Map(
    (
      await findGrantSummaries(
        db,
        hits.map((h) => h.id),
        today,
      )
    ).map((r) => [r.id, r]),
  );
  return hits.flatMap((h) => {
    const row = rows.get(h.id);
    return row ? [{ grant: toGrantSummary(row), why: h.why }] : [];
  });
}
