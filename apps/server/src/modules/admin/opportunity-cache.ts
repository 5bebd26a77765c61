// Open opportunities (the open grants that fit an institution's researchers,
// and how many each fits) change only when the catalogue or a profile does,
// not as applications move, yet they cost the dashboard and Grant Status
// more than every pipeline figure together on the embedded database. Each
// app instance keeps what it computed for a minute per institution and day
// (the institution's research areas, and what was found from them for it and
// for each department looked at); a profile edit or an import shows within
// that minute.
// Grant Status's count of the people elsewhere each fits is kept the same
// way, for the same reason. Nothing else is cached: the pipeline's figures are read fresh every time
// (decision 037).
import { perDatabase } from '../../db/per-database';

export const opportunityTtlMs = 60_000;
const maxEntries = 500;

type Entry<T> = { at: number; value: Promise<T> };

export function createOpportunityCache<T>(now: () => number = Date.now) {
  const entries = new Map<string, Entry<T>>();
  return {
    /** The value for `key` computed within the last minute, else `compute()` (a failure is not kept). */
    get(key: string, compute: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < opportunityTtlMs) return hit.value;
      const value = compute();
      entries.delete(key);
      entries.set(key, { at: now(), value });
      value.catch(() => entries.delete(key));
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
    clear: () => entries.clear(),
  };
}

/**
 * The same, one cache per database: two apps in one process (the instances
 * of a test, the files of a test run sharing a worker) never answer from each
 * other's figures, though their institutions may have the same ids.
 */
export function createPerDatabaseCache<T>(now: () => number = Date.now) {
  const caches = perDatabase(() => createOpportunityCache<T>(now));
  return {
    get: (db: object, key: string, compute: () => Promise<T>): Promise<T> => caches.of(db).get(key, compute),
  };
}
