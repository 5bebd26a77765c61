// The assistant's search, run as GET /grants/search runs the URL it makes, so
// the answer carries the page the results panel asks for next.
import { isDeepStrictEqual } from 'node:util';
import {
  defaultSearchStatuses,
  grantSearchQuerySchema,
  type GrantSearchResponse,
  type SortOption,
} from '@grantbridge/contract/grants';
import type { GrantSearchParams, SearchFilters } from '@grantbridge/contract/assistant';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import { knownItemKeys } from './known-items';
import { planSearch, searchGrants, titlePhraseOf, type SearchInput } from './search.service';
import { findOpportunityNumbers } from './search.repository';

/** The URL's search for these filters, as the web app writes it: the first keyword group is `q`, later ones refine it. */
export function searchParamsFor(
  filters: SearchFilters,
  researcherId: string | null,
  view: { sort: SortOption; pageSize: number },
): GrantSearchParams {
  const [first = '', ...rest] = filters.keywordGroups.map((group) => group.join(' '));
  const q = first.slice(0, 500).trim();
  return {
    q: q || undefined,
    refine: q && rest.length ? rest.slice(-9).join(',') : undefined,
    amountMin: filters.amountMin ?? undefined,
    amountMax: filters.amountMax ?? undefined,
    dueFrom: filters.dueFrom ?? undefined,
    dueTo: filters.dueTo ?? undefined,
    noDeadline: filters.noDeadline ? 'true' : undefined,
    noCostShare: filters.noCostShare ? 'true' : undefined,
    agency: filters.agency ?? undefined,
    status: isDeepStrictEqual(filters.statuses, [...defaultSearchStatuses])
      ? undefined
      : filters.statuses.join(','),
    eligibility: filters.eligibility.length ? filters.eligibility.join(',') : undefined,
    instrument: filters.instruments.length ? filters.instruments.join(',') : undefined,
    category: filters.categories.length ? filters.categories.join(',') : undefined,
    sort: view.sort,
    matchProfile: filters.matchProfile ? 'true' : 'false',
    researcherId: researcherId ?? undefined,
    page: 1,
    pageSize: view.pageSize,
  };
}

/**
 * What GET /grants/search would run for `params`, or null when it would
 * refuse them (a range the wrong way round, a researcher the caller may not
 * search for).
 */
async function plannedFor(
  db: Db,
  actor: Actor,
  params: GrantSearchParams,
  now: Date,
): Promise<SearchInput | null> {
  const valid = grantSearchQuerySchema.safeParse(params);
  if (!valid.success) return null;
  try {
    return await planSearch(db, actor, valid.data, now);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

export type SearchRun = {
  search: SearchInput;
  params: GrantSearchParams;
  response: GrantSearchResponse;
  /** The same search ranked by match (the reply names the best match whatever the order shown). */
  ranked: GrantSearchResponse;
  answersParams: boolean;
};

/** Runs the search `filters` say, as GET /grants/search would for the URL they make. */
export async function runSearch(
  db: Db,
  actor: Actor,
  filters: SearchFilters,
  view: { sort: SortOption; pageSize: number },
  researcherId: string | null,
  profileAreas: string[] | null,
  now: Date,
): Promise<SearchRun> {
  // Who may apply from the Filters menu: as GET /grants/search adds it, a group of its own.
  const menuEligible = filters.eligibility
    .map((key) => `@${key}`)
    .filter((token) => !filters.keywordGroups[0]?.includes(token));
  const params = searchParamsFor(filters, researcherId, view);
  const search: SearchInput = {
    keywordGroups: menuEligible.length ? [...filters.keywordGroups, menuEligible] : filters.keywordGroups,
    amountMin: filters.amountMin,
    amountMax: filters.amountMax,
    dueFrom: filters.dueFrom,
    dueTo: filters.dueTo,
    noDeadline: filters.noDeadline,
    noCostShare: filters.noCostShare,
    agency: filters.agency,
    statuses: filters.statuses,
    instruments: filters.instruments,
    categories: filters.categories,
    within: null,
    // Opportunity and Assistance Listing numbers among the words, as GET /grants/search reads them from q.
    knownItems: knownItemKeys(params.q),
    titlePhrase: titlePhraseOf(params.q),
    sort: view.sort,
    page: 1,
    pageSize: view.pageSize,
    profileAreas,
    now,
  };
  // The results panel will ask GET /grants/search for the URL's form of this
  // search; when that is this very search (it is unless the message's words
  // read differently once written into the URL), the answer's page is its answer.
  const answersParams = isDeepStrictEqual(await plannedFor(db, actor, params, now), search);
  const response = await searchGrants(db, search);
  const ranked = view.sort === 'match' ? response : await searchGrants(db, { ...search, sort: 'match', pageSize: 1 });
  return { search, params, response, ranked, answersParams };
}

/** The page an answer carries, and the URL query it answers when it is that query's page. */
export function shown(run: SearchRun) {
  const { response } = run;
  return {
    results: response.results,
    total: response.total,
    totalCapped: response.totalCapped,
    profileIgnored: response.profileIgnored,
    page: response.page,
    pageSize: response.pageSize,
    corrections: response.corrections,
    recurring: response.recurring,
    unstated: response.unstated,
    query: run.answersParams ? run.params : null,
  };
}

/**
 * A message's words with the opportunity numbers it types loosely ("par 23 296 r21") as the numbers
 * themselves ("par-23-296"), when a grant has that number: the words alone drop the digits, and the URL's
 * search would no longer find the call first.
 */
export async function withTypedNumbers(db: Db, message: string, group: string[]): Promise<string[]> {
  const keys = knownItemKeys(message);
  const numbers = keys ? await findOpportunityNumbers(db, keys.numbers) : [];
  if (!numbers.length) return group;
  const typed = numbers.map((n) => n.toLowerCase());
  const parts = new Set(typed.flatMap((n) => n.split(/[^a-z0-9]+/)));
  return [...typed, ...group.filter((w) => !typed.includes(w) && !parts.has(w))];
}

