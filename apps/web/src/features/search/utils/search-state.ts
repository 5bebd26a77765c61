// The search lives in the URL so it can be shared and bookmarked. These read
// and write it, dropping anything the server would refuse.
import type { EndpointQuery } from '@grantbridge/contract/endpoints';
import { fundingCategoryLabels, fundingInstrumentLabels } from '@grantbridge/contract/code-tables';
import {
  defaultSearchStatuses,
  grantStatuses,
  searchEligibilityGroups,
  sortOptions,
  type GrantStatus,
  type SortOption,
} from '@grantbridge/contract/grants';
import { type SearchFilters } from '@grantbridge/contract/assistant';
import { isUuid } from '@grantbridge/contract/ids';

export type SearchState = {
  q: string;
  /**
   * The words of each follow-up message that narrowed the search: a grant
   * must match a word of `q` and a word of every group.
   */
  refine: string[];
  amountMin: number | null;
  amountMax: number | null;
  dueFrom: string | null;
  dueTo: string | null;
  /** Only grants that state no closing date (never with dueFrom or dueTo). */
  noDeadline: boolean;
  /** Only grants that state no cost sharing or matching is required. */
  noCostShare: boolean;
  agency: string | null;
  /** The statuses searched, or null for the default (open and forecasted). */
  statuses: GrantStatus[] | null;
  /** Who may apply, funding instruments and categories from the Filters menu; empty is any. */
  eligibility: SearchEligibility[];
  instruments: string[];
  categories: string[];
  /** "Search these results": text the title, agency or number must contain. */
  within: string;
  sort: SortOption;
  matchProfile: boolean;
  researcherId: string | null;
  page: number;
};

export const searchParamNames = [
  'q',
  'refine',
  'amountMin',
  'amountMax',
  'dueFrom',
  'dueTo',
  'noDeadline',
  'noCostShare',
  'agency',
  'status',
  'eligibility',
  'instrument',
  'category',
  'within',
  'sort',
  'matchProfile',
  'researcherId',
  'page',
] as const;

export const pageSize = 20;

/** The URL keeps the follow-up groups in one parameter, comma-separated: "ocean,pacific islands". */
const refineSeparator = ',';
/** The assistant takes at most 10 keyword groups, `q` being the first. */
const maxRefineGroups = 9;

function readRefine(value: string | null): string[] {
  if (!value) return [];
  return value
    .slice(0, 500)
    .split(refineSeparator)
    .map((group) => group.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .slice(0, maxRefineGroups);
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function amount(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= 1e12 ? Math.round(n) : null;
}

/** "closed,archived" → those statuses in a fixed order; the default set, nothing or nonsense → null. */
export function readStatuses(value: string | null | undefined): GrantStatus[] | null {
  const parts = (value ?? '').split(',').map((s) => s.trim());
  const chosen = grantStatuses.filter((s) => parts.includes(s));
  if (chosen.length === 0 || sameStatuses(chosen, defaultSearchStatuses)) return null;
  return chosen;
}

export type SearchEligibility = (typeof searchEligibilityGroups)[number];

/** A comma-separated list of known codes, in their fixed order; anything else is dropped. */
function readCodes<T extends string>(value: string | null, known: readonly T[]): T[] {
  const parts = (value ?? '').split(',').map((s) => s.trim());
  return known.filter((k) => parts.includes(k));
}
const instrumentCodes = Object.keys(fundingInstrumentLabels);
const categoryCodes = Object.keys(fundingCategoryLabels);

const sameStatuses = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((s) => b.includes(s));

/**
 * Whether "Match with research profile" starts on: a researcher ranks by their
 * own profile; an administrator has none until they choose a researcher.
 */
export function matchProfileByDefault(role: string): boolean {
  return role !== 'admin';
}

/** The toggle as the URL says ("true" or "false"); absent or anything else is the viewer's default. */
function readToggle(value: string | null, byDefault: boolean): boolean {
  return value === 'true' ? true : value === 'false' ? false : byDefault;
}

export function readSearchState(params: URLSearchParams, profileByDefault = true): SearchState {
  const sort = params.get('sort');
  const page = Number(params.get('page') ?? '1');
  const dueFrom = params.get('dueFrom');
  const dueTo = params.get('dueTo');
  const researcherId = params.get('researcherId');
  const agency = params.get('agency')?.trim().slice(0, 100) ?? '';
  let amountMin = amount(params.get('amountMin'));
  let amountMax = amount(params.get('amountMax'));
  if (amountMin !== null && amountMax !== null && amountMin > amountMax) {
    [amountMin, amountMax] = [amountMax, amountMin];
  }
  const from = dueFrom && isoDate.test(dueFrom) ? dueFrom : null;
  const to = dueTo && isoDate.test(dueTo) ? dueTo : null;
  const q = (params.get('q') ?? '').trim().slice(0, 500);
  // Closing dates and "no fixed deadline" exclude each other: the dates win (the server refuses both).
  const noDeadline = params.get('noDeadline') === 'true' && !from && !to;
  return {
    q,
    // Narrowing needs something to narrow.
    refine: q ? readRefine(params.get('refine')) : [],
    amountMin,
    amountMax,
    dueFrom: from && to && from > to ? to : from,
    dueTo: from && to && from > to ? from : to,
    noDeadline,
    noCostShare: params.get('noCostShare') === 'true',
    agency: agency || null,
    statuses: readStatuses(params.get('status')),
    eligibility: readCodes(params.get('eligibility'), searchEligibilityGroups),
    instruments: readCodes(params.get('instrument'), instrumentCodes),
    categories: readCodes(params.get('category'), categoryCodes),
    within: (params.get('within') ?? '').trim().slice(0, 100),
    sort: sortOptions.includes(sort as SortOption) ? (sort as SortOption) : 'match',
    matchProfile: readToggle(params.get('matchProfile'), profileByDefault),
    researcherId: researcherId && isUuid(researcherId) ? researcherId : null,
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

/** The URL form of a search: defaults are left out so links stay short. */
export function writeSearchState(state: SearchState, profileByDefault = true): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.q && state.refine.length) params.set('refine', state.refine.join(refineSeparator));
  if (state.amountMin !== null) params.set('amountMin', String(state.amountMin));
  if (state.amountMax !== null) params.set('amountMax', String(state.amountMax));
  if (state.dueFrom) params.set('dueFrom', state.dueFrom);
  if (state.dueTo) params.set('dueTo', state.dueTo);
  if (state.noDeadline) params.set('noDeadline', 'true');
  if (state.noCostShare) params.set('noCostShare', 'true');
  if (state.agency) params.set('agency', state.agency);
  if (state.statuses) params.set('status', state.statuses.join(','));
  if (state.eligibility.length) params.set('eligibility', state.eligibility.join(','));
  if (state.instruments.length) params.set('instrument', state.instruments.join(','));
  if (state.categories.length) params.set('category', state.categories.join(','));
  if (state.within) params.set('within', state.within);
  if (state.sort !== 'match') params.set('sort', state.sort);
  if (state.matchProfile !== profileByDefault) {
    params.set('matchProfile', String(state.matchProfile));
  }
  if (state.researcherId) params.set('researcherId', state.researcherId);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The query string of GET /grants/search for this state. */
/**
 * The search a user makes of the address's: a researcher searches only for
 * themselves, so another researcher's id in a shared link is dropped.
 */
export function ownSearch(state: SearchState, user: { id: string; role: string }): SearchState {
  return user.role === 'researcher' && state.researcherId !== null && state.researcherId !== user.id
    ? { ...state, researcherId: null }
    : state;
}

export function toApiQuery(state: SearchState): EndpointQuery<'grantSearch'> {
  return {
    q: state.q || undefined,
    refine: state.q && state.refine.length ? state.refine.join(refineSeparator) : undefined,
    amountMin: state.amountMin ?? undefined,
    amountMax: state.amountMax ?? undefined,
    dueFrom: state.dueFrom ?? undefined,
    dueTo: state.dueTo ?? undefined,
    noDeadline: state.noDeadline ? 'true' : undefined,
    noCostShare: state.noCostShare ? 'true' : undefined,
    agency: state.agency ?? undefined,
    status: state.statuses?.join(',') ?? undefined,
    eligibility: state.eligibility.length ? state.eligibility.join(',') : undefined,
    instrument: state.instruments.length ? state.instruments.join(',') : undefined,
    category: state.categories.length ? state.categories.join(',') : undefined,
    within: state.within || undefined,
    sort: state.sort,
    matchProfile: state.matchProfile ? 'true' : 'false',
    researcherId: state.researcherId ?? undefined,
    page: state.page,
    pageSize,
  };
}

/** What the assistant understood becomes the URL's search; sort and who it is for stay. */
export function stateFromFilters(filters: SearchFilters, current: SearchState): SearchState {
  const groups = filters.keywordGroups.length
    ? filters.keywordGroups
    : filters.keywords.length
      ? [filters.keywords]
      : [];
  const [first = '', ...rest] = groups.map((group) => group.join(' '));
  return {
    ...current,
    q: first.slice(0, 500),
    refine: rest.slice(-maxRefineGroups),
    amountMin: filters.amountMin,
    amountMax: filters.amountMax,
    dueFrom: filters.dueFrom,
    dueTo: filters.dueTo,
    noDeadline: filters.noDeadline,
    noCostShare: filters.noCostShare,
    agency: filters.agency,
    statuses: readStatuses(filters.statuses.join(',')),
    eligibility: filters.eligibility,
    instruments: filters.instruments,
    categories: filters.categories,
    matchProfile: filters.matchProfile,
    page: 1,
  };
}

/** A saved search's stored filters (the URL params) back into a state. */
export function stateFromSaved(
  query: string,
  filters: Record<string, unknown>,
  profileByDefault = true,
): SearchState {
  const params = new URLSearchParams();
  for (const name of searchParamNames) {
    const value = filters[name];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      params.set(name, String(value));
    }
  }
  if (query) params.set('q', query);
  params.delete('page');
  return readSearchState(params, profileByDefault);
}

/** The keyword groups of a state: `q`, then each follow-up. */
export function keywordGroupsOf(state: SearchState): string[][] {
  return [state.q, ...state.refine]
    .map((group) =>
      group
        .toLowerCase()
        .split(/\s+/)
        .filter(Boolean)
        .slice(0, 40)
        .map((w) => w.slice(0, 60)),
    )
    .filter((group) => group.length > 0);
}

/** Whether two states are the same search (words and filters), whatever the page. */
export function sameSearch(a: SearchState, b: SearchState): boolean {
  return writeSearchState({ ...a, page: 1 }).toString() === writeSearchState({ ...b, page: 1 }).toString();
}

/**
 * What the assistant refines with the next message: the search on screen.
 * (After an answer that found nothing, the page passes the reading the answer
 * offers instead: the last one that found something, issue 25.)
 */
export function assistantContext(state: SearchState): SearchFilters | null {
  const groups = keywordGroupsOf(state);
  const context: SearchFilters = {
    keywords: [...new Set(groups.flat())].slice(0, 40),
    keywordGroups: groups,
    amountMin: state.amountMin,
    amountMax: state.amountMax,
    dueFrom: state.dueFrom,
    dueTo: state.dueTo,
    noDeadline: state.noDeadline,
    noCostShare: state.noCostShare,
    agency: state.agency,
    matchProfile: state.matchProfile,
    statuses: state.statuses ?? [...defaultSearchStatuses],
    eligibility: state.eligibility,
    instruments: state.instruments,
    categories: state.categories,
  };
  // Without words or filters there is nothing to refine: the message starts a search.
  return groups.length || hasActiveFilters(state) ? context : null;
}

/** What the Filters menu sets. */
export type FilterValues = Pick<
  SearchState,
  | 'amountMin'
  | 'amountMax'
  | 'dueFrom'
  | 'dueTo'
  | 'noDeadline'
  | 'noCostShare'
  | 'agency'
  | 'statuses'
  | 'eligibility'
  | 'instruments'
  | 'categories'
>;

/** The Filters menu with nothing set (its Clear). */
export const noFilters: FilterValues = {
  amountMin: null,
  amountMax: null,
  dueFrom: null,
  dueTo: null,
  noDeadline: false,
  noCostShare: false,
  agency: null,
  statuses: null,
  eligibility: [],
  instruments: [],
  categories: [],
};

/** The same view (sort, profile, researcher) with no words, filters or quick search: a search from scratch. */
export function withoutCriteria(state: SearchState): SearchState {
  return { ...state, ...noFilters, q: '', refine: [], within: '', page: 1 };
}

export function hasActiveFilters(state: SearchState): boolean {
  return (
    state.amountMin !== null ||
    state.amountMax !== null ||
    state.dueFrom !== null ||
    state.dueTo !== null ||
    state.noDeadline ||
    state.noCostShare ||
    state.agency !== null ||
    state.statuses !== null ||
    state.eligibility.length > 0 ||
    state.instruments.length > 0 ||
    state.categories.length > 0
  );
}
