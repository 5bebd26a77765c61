// The search assistant: understands a message, refines the previous search
// unless told to start over, runs the search and answers in plain words. The
// answer carries the results page the results panel shows next, found once.
import { isDeepStrictEqual } from 'node:util';
import {
  defaultSearchStatuses,
  grantStatuses,
  grantSearchQuerySchema,
  type SortOption,
} from '@grantbridge/contract/grants';
import {
  emptySearchFilters,
  type ChatResponse,
  type GrantSearchParams,
  type SearchFilters,
} from '@grantbridge/contract/assistant';
import type { Db } from '../../db/client';
import { searchExamples } from '@grantbridge/contract/search-examples';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import { parseQuery } from './query-parser';
import { keywordGroupOf } from './search-query';
import { knownItemKeys } from './known-items';
import { describeFilters, planSearch, searchGrants, type SearchInput } from './search.service';
import { resolveProfileAreas } from './profile';

export const noResultsReply =
  "I couldn't find any grants matching your criteria. Try broadening your search or using different keywords.";

export type ChatInput = {
  message: string;
  matchProfile: boolean;
  researcherId?: string | null;
  reset: boolean;
  context?: SearchFilters | null;
  /** The order and page size the results are shown in. */
  sort?: SortOption;
  pageSize?: number;
};

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

/** How a reply names the statuses searched: "open or forecasted grants", "grants of any status". */
export function statusLabel(statuses: readonly string[]): { before: string; after: string } {
  if (grantStatuses.every((s) => statuses.includes(s)))
    return { before: '', after: ' of any status' };
  const names: Record<string, string> = {
    posted: 'open',
    forecasted: 'forecasted',
    closed: 'closed',
    archived: 'archived',
  };
  const order = ['posted', 'forecasted', 'closed', 'archived'];
  return {
    before: `${order
      .filter((s) => statuses.includes(s))
      .map((s) => names[s])
      .join(' or ')} `,
    after: '',
  };
}

export async function chat(
  db: Db,
  actor: Actor,
  input: ChatInput,
  now = new Date(),
): Promise<ChatResponse> {
  const view = { sort: input.sort ?? 'match', pageSize: input.pageSize ?? 50 };
  const parsed = parseQuery(input.message, now);
  const base =
    input.reset || !input.context ? emptySearchFilters(input.matchProfile) : input.context;
  const group = keywordGroupOf(parsed);
  const keywordGroups = group.length ? [...base.keywordGroups, group] : base.keywordGroups;
  const filters: SearchFilters = {
    keywords: [...new Set(keywordGroups.flat())],
    keywordGroups,
    amountMin: parsed.amountMin ?? base.amountMin,
    amountMax: parsed.amountMax ?? base.amountMax,
    dueFrom: parsed.dueFrom ?? base.dueFrom,
    dueTo: parsed.dueTo ?? base.dueTo,
    agency: parsed.agency ?? base.agency,
    matchProfile: input.matchProfile || parsed.matchProfile,
    statuses: parsed.statuses ?? base.statuses,
    instruments: base.instruments,
    categories: base.categories,
    eligibility: base.eligibility,
  };
  const noSearch = {
    results: [],
    total: 0,
    totalCapped: false,
    profileIgnored: false,
    page: 1,
    pageSize: view.pageSize,
    corrections: [],
    query: null,
  };

  if (input.reset && !input.message) {
    return {
      reply:
        'New search started. Tell me what you are looking for: a topic, an agency, an amount or a deadline.',
      ...noSearch,
      filters,
      context: null,
      undo: null,
    };
  }

  const profile = filters.matchProfile
    ? await resolveProfileAreas(db, actor, input.researcherId ?? null)
    : null;
  const hasCriteria =
    filters.keywords.length > 0 ||
    filters.agency !== null ||
    filters.amountMin !== null ||
    filters.amountMax !== null ||
    filters.dueFrom !== null ||
    filters.dueTo !== null ||
    (profile?.areas.length ?? 0) > 0;
  if (!hasCriteria) {
    const hint =
      filters.matchProfile && !profile
        ? ' To rank by a research profile, choose a researcher first.'
        : filters.matchProfile && profile && profile.areas.length === 0
          ? ` ${profile.name} has no research areas in their profile yet.`
          : '';
    return {
      reply: `Tell me what you are looking for, for example “${searchExamples.greeting}”.${hint}`,
      ...noSearch,
      filters,
      context: filters,
      undo: null,
    };
  }

  // Who may apply from the Filters menu: as GET /grants/search adds it, a group of its own.
  const menuEligible = filters.eligibility
    .map((key) => `@${key}`)
    .filter((token) => !filters.keywordGroups[0]?.includes(token));
  const search: SearchInput = {
    keywordGroups: menuEligible.length
      ? [...filters.keywordGroups, menuEligible]
      : filters.keywordGroups,
    amountMin: filters.amountMin,
    amountMax: filters.amountMax,
    dueFrom: filters.dueFrom,
    dueTo: filters.dueTo,
    agency: filters.agency,
    statuses: filters.statuses,
    instruments: filters.instruments,
    categories: filters.categories,
    within: null,
    sort: view.sort,
    page: 1,
    pageSize: view.pageSize,
    profileAreas: profile?.areas.length ? profile.areas : null,
    now,
  };
  // The results panel will ask GET /grants/search for the URL's form of this
  // search; when that is this very search (it is unless the message's words
  // read differently once written into the URL), the answer's page is its answer.
  const params = searchParamsFor(filters, input.researcherId ?? null, view);
  // Opportunity and Assistance Listing numbers among the words, as GET /grants/search reads them from q.
  search.knownItems = knownItemKeys(params.q);
  const answersParams = isDeepStrictEqual(await plannedFor(db, actor, params, now), search);
  const response = await searchGrants(db, search);
  // The reply names the best match, whatever order the results are shown in.
  const ranked =
    view.sort === 'match'
      ? response
      : await searchGrants(db, { ...search, sort: 'match', pageSize: 1 });
  const shown = {
    results: response.results,
    total: response.total,
    totalCapped: response.totalCapped,
    profileIgnored: response.profileIgnored,
    page: response.page,
    pageSize: response.pageSize,
    corrections: response.corrections,
    query: answersParams ? params : null,
  };

  if (ranked.total === 0) {
    const before =
      input.reset || !input.context ? null : await leftNothing(db, search, base, filters, group);
    if (before) return { reply: before, ...shown, filters, context: filters, undo: base };
    return { reply: noResultsReply, ...shown, filters, context: filters, undo: null };
  }
  const refined =
    !input.reset &&
    input.context &&
    group.length + Number(parsed.agency !== null) + Number(parsed.statuses !== null) > 0;
  const kind = statusLabel(filters.statuses);
  const areas = profile?.areas.length ? profile.areas : null;
  const what = describeFilters(filters, ranked.profileIgnored ? null : areas);
  const top = ranked.results[0]!;
  const offTopic =
    areas && ranked.profileIgnored
      ? ` The research profile (${areas.slice(0, 4).join(', ')}) shares no area with these grants, so it does not change their order.`
      : '';
  const count = `${ranked.totalCapped ? 'more than ' : ''}${ranked.total.toLocaleString('en-US')}`;
  const found = top.related
    ? `No ${kind.before}grant${kind.after} says the most specific word of your search; ${count} related grant${ranked.total === 1 ? '' : 's'} match part of it${what ? ` (${what})` : ''}. The closest is “${top.grant.title}” (${top.score}/100).`
    : `I found ${count} ${kind.before}grant${ranked.total === 1 ? '' : 's'}${kind.after}${what ? ` ${what}` : ''}. The best match is “${top.grant.title}” (${top.score}/100).`;
  const reply =
    `${refined ? 'Narrowed down: ' : ''}${found}${offTopic}` +
    (filters.matchProfile && !profile ? ' Choose a researcher to rank by a research profile.' : '');
  return { reply, ...shown, filters, context: filters, undo: null };
}

/**
 * A follow-up that leaves nothing: the reply names the change that did it and
 * how many the search before it found, or null when that search found nothing
 * either (then the change is not to blame).
 */
async function leftNothing(
  db: Db,
  search: SearchInput,
  base: SearchFilters,
  next: SearchFilters,
  group: string[],
) {
  const previous = await searchGrants(db, {
    ...search,
    keywordGroups: base.keywordGroups,
    amountMin: base.amountMin,
    amountMax: base.amountMax,
    dueFrom: base.dueFrom,
    dueTo: base.dueTo,
    agency: base.agency,
    statuses: base.statuses,
    page: 1,
    pageSize: 1,
  });
  if (previous.total === 0) return null;
  const changed = <T>(a: T, b: T) => (isDeepStrictEqual(a, b) ? null : b);
  const change = describeFilters(
    {
      ...emptySearchFilters(false),
      keywords: group,
      keywordGroups: [group],
      agency: changed(base.agency, next.agency),
      amountMin: changed(base.amountMin, next.amountMin),
      amountMax: changed(base.amountMax, next.amountMax),
      dueFrom: changed(base.dueFrom, next.dueFrom),
      dueTo: changed(base.dueTo, next.dueTo),
    },
    null,
  );
  const statuses = isDeepStrictEqual(base.statuses, next.statuses)
    ? ''
    : `only ${statusLabel(next.statuses).before}grants`;
  const what = [change, statuses].filter(Boolean).join(', ') || 'your last change';
  const kind = statusLabel(base.statuses);
  return (
    `${noResultsReply} Nothing is left after that change (${what}). The search before it found ` +
    `${previous.totalCapped ? 'more than ' : ''}${previous.total.toLocaleString('en-US')} ${kind.before}grant${previous.total === 1 ? '' : 's'}${kind.after}: choose Undo to go back to it.`
  );
}
