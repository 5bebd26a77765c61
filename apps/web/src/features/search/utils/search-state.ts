// The search lives in the URL so it can be shared and bookmarked. These read
// and write it, dropping anything the server would refuse.
import { sortOptions, type SearchFilters, type SortOption } from '@grantbridge/contract/grants';

export type SearchState = {
  q: string;
  amountMin: number | null;
  amountMax: number | null;
  dueFrom: string | null;
  dueTo: string | null;
  agency: string | null;
  sort: SortOption;
  matchProfile: boolean;
  researcherId: string | null;
  page: number;
};

export const searchParamNames = [
  'q',
  'amountMin',
  'amountMax',
  'dueFrom',
  'dueTo',
  'agency',
  'sort',
  'matchProfile',
  'researcherId',
  'page',
] as const;

export const pageSize = 20;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function amount(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= 1e12 ? Math.round(n) : null;
}

export function readSearchState(params: URLSearchParams): SearchState {
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
  return {
    q: (params.get('q') ?? '').trim().slice(0, 500),
    amountMin,
    amountMax,
    dueFrom: from && to && from > to ? to : from,
    dueTo: from && to && from > to ? from : to,
    agency: agency || null,
    sort: sortOptions.includes(sort as SortOption) ? (sort as SortOption) : 'match',
    // The toggle is on unless the URL says otherwise.
    matchProfile: params.get('matchProfile') !== 'false',
    researcherId: researcherId && uuid.test(researcherId) ? researcherId : null,
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

/** The URL form of a search: defaults are left out so links stay short. */
export function writeSearchState(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.amountMin !== null) params.set('amountMin', String(state.amountMin));
  if (state.amountMax !== null) params.set('amountMax', String(state.amountMax));
  if (state.dueFrom) params.set('dueFrom', state.dueFrom);
  if (state.dueTo) params.set('dueTo', state.dueTo);
  if (state.agency) params.set('agency', state.agency);
  if (state.sort !== 'match') params.set('sort', state.sort);
  if (!state.matchProfile) params.set('matchProfile', 'false');
  if (state.researcherId) params.set('researcherId', state.researcherId);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The query string of GET /grants/search for this state. */
export function toApiQuery(state: SearchState): Record<string, string | number | undefined> {
  return {
    q: state.q || undefined,
    amountMin: state.amountMin ?? undefined,
    amountMax: state.amountMax ?? undefined,
    dueFrom: state.dueFrom ?? undefined,
    dueTo: state.dueTo ?? undefined,
    agency: state.agency ?? undefined,
    sort: state.sort,
    matchProfile: String(state.matchProfile),
    researcherId: state.researcherId ?? undefined,
    page: state.page,
    pageSize,
  };
}

/** What the assistant understood becomes the URL's search; sort and who it is for stay. */
export function stateFromFilters(filters: SearchFilters, current: SearchState): SearchState {
  return {
    ...current,
    q: filters.keywords.join(' ').slice(0, 500),
    amountMin: filters.amountMin,
    amountMax: filters.amountMax,
    dueFrom: filters.dueFrom,
    dueTo: filters.dueTo,
    agency: filters.agency,
    matchProfile: filters.matchProfile,
    page: 1,
  };
}

/** A saved search's stored filters (the URL params) back into a state. */
export function stateFromSaved(query: string, filters: Record<string, unknown>): SearchState {
  const params = new URLSearchParams();
  for (const name of searchParamNames) {
    const value = filters[name];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      params.set(name, String(value));
    }
  }
  if (query) params.set('q', query);
  params.delete('page');
  return readSearchState(params);
}

export function hasActiveFilters(state: SearchState): boolean {
  return (
    state.amountMin !== null ||
    state.amountMax !== null ||
    state.dueFrom !== null ||
    state.dueTo !== null ||
    state.agency !== null
  );
}
