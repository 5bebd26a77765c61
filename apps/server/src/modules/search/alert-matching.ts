// Saved searches against the grants an import inserted or opened: each saved
// search with alerts on is read as the search page reads it (its words, with
// the same parser, synonyms and retrieval rule, and its filters) and asked
// which of those grants say every one of its words. One rarity look-up serves
// every search of the batch.
import { isoDayOf } from '@grantbridge/contract/days';
import { grantSearchQuerySchema } from '@grantbridge/contract/grants';
import type { Db } from '../../db/client';
import { findTermRarity } from '../grants/grants.service';
import { candidateFiltersOf } from './candidate-filters';
import { listAlertingSearchRows } from './saved-searches.repository';
import { findMatchingAmong, findMatchingForQueries } from './alert-matching.repository';
import type { CandidateFilters } from './search.repository';
import { cleanGroups, onlyCommonWords, retrievalGroups, splitExclusions, strictQuery } from './search-query';
import { planSearch } from './search.service';

export type AlertingSearch = {
  id: string;
  userId: string;
  name: string;
  query: string;
  filters: Record<string, unknown>;
  alertCadence: 'instant' | 'daily' | 'weekly';
};

/** Saved searches with alerts on (notices to people no longer active are dropped when sent). */
export async function listAlertingSearches(db: Db): Promise<AlertingSearch[]> {
  const rows = await listAlertingSearchRows(db);
  return rows.map((r) => ({ id: r.id, userId: r.user_id, name: r.name, query: r.query, filters: r.filters, alertCadence: r.alert_cadence }));
}

/**
 * For each saved search, which of `grantIds` it finds (searches that find
 * none are left out). Searches with the same words and filters (people save
 * the same popular searches) are asked once.
 */
export async function matchSavedSearches(db: Db, searches: AlertingSearch[], grantIds: string[], now = new Date()) {
  if (!searches.length || !grantIds.length) return [];
  const today = isoDayOf(now);
  const bySame = new Map<string, AlertingSearch[]>();
  for (const search of searches) {
    const key = JSON.stringify([search.query.trim().toLowerCase(), Object.entries(stringified(search.filters)).sort()]);
    bySame.set(key, [...(bySame.get(key) ?? []), search]);
  }
  const plans = [];
  for (const group of bySame.values()) {
    const first = group[0]!;
    const parsed = grantSearchQuerySchema.safeParse({ ...stringified(first.filters), q: first.query });
    if (!parsed.success) continue;
    const actor = { id: first.userId, role: 'researcher' as const, institution: { id: '' } };
    const input = await planSearch(db, actor, { ...parsed.data, matchProfile: false, researcherId: undefined }, now);
    const { groups: wanted, exclude, eligibility, excludeAgencies } = splitExclusions(input.keywordGroups);
    plans.push({ group, input, groups: cleanGroups(wanted), exclude, eligibility, excludeAgencies });
  }
  const words = [...new Set(plans.flatMap((p) => p.groups.flat()))];
  const rarity = words.length ? await findTermRarity(db, words) : null;
  // Searches whose filters are the same (most have none) are asked together, their words in one statement.
  const byFilters = new Map<string, { filters: CandidateFilters; members: { group: AlertingSearch[]; tsquery: string | null; inTitle: boolean }[] }>();
  for (const { group, input, groups, exclude, eligibility, excludeAgencies } of plans) {
    const retrieval = retrievalGroups(groups, rarity);
    const filters = candidateFiltersOf(input, today, { exclude, eligibility, excludeAgencies });
    const key = JSON.stringify(filters);
    if (!byFilters.has(key)) byFilters.set(key, { filters, members: [] });
    // Every word (or one of its synonyms) said: an alert is about what the person asked for, not a ranked list.
    byFilters.get(key)!.members.push({ group, tsquery: strictQuery(retrieval), inTitle: onlyCommonWords(retrieval, rarity) });
  }
  const matches: { search: AlertingSearch; grantIds: string[] }[] = [];
  for (const { filters, members } of byFilters.values()) {
    const worded = members.filter((m) => m.tsquery !== null);
    const found = new Map<number, string[]>();
    const pairs = await findMatchingForQueries(db, filters, worded.map((m) => ({ tsquery: m.tsquery!, inTitle: m.inTitle })), grantIds);
    for (const [i, id] of pairs) found.set(i, [...(found.get(i) ?? []), id]);
    // Filters alone (no words): every grant that passes them.
    const unworded = members.filter((m) => m.tsquery === null);
    const all = unworded.length ? await findMatchingAmong(db, filters, grantIds) : [];
    worded.forEach((m, i) => {
      const ids = found.get(i);
      if (ids?.length) for (const search of m.group) matches.push({ search, grantIds: ids });
    });
    if (all.length) for (const m of unworded) for (const search of m.group) matches.push({ search, grantIds: all });
  }
  return matches;
}

/** Saved filters as the search page's query parameters (lists comma-separated, as in the URL). */
function stringified(filters: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]),
  );
}
