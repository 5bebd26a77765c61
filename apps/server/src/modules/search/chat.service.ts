// The search assistant: understands a message, refines the previous search
// unless told to start over, runs the search and answers in plain words.
import type { ChatResponse, SearchFilters } from '@grantbridge/contract/grants';
import type { Db } from '../../db/client';
import type { Actor } from '../researchers/researchers.policy';
import { parseQuery } from './query-parser';
import { describeFilters, searchGrants } from './search.service';
import { resolveProfileAreas } from './profile';

export const noResultsReply =
  "I couldn't find any grants matching your criteria. Try broadening your search or using different keywords.";

const emptyFilters = (matchProfile: boolean): SearchFilters => ({
  keywords: [],
  keywordGroups: [],
  amountMin: null,
  amountMax: null,
  dueFrom: null,
  dueTo: null,
  agency: null,
  matchProfile,
});

export type ChatInput = {
  message: string;
  matchProfile: boolean;
  researcherId?: string | null;
  reset: boolean;
  context?: SearchFilters | null;
};

export async function chat(db: Db, actor: Actor, input: ChatInput, now = new Date()): Promise<ChatResponse> {
  const parsed = parseQuery(input.message, now);
  const base = input.reset || !input.context ? emptyFilters(input.matchProfile) : input.context;
  const keywordGroups = parsed.keywords.length ? [...base.keywordGroups, parsed.keywords] : base.keywordGroups;
  const filters: SearchFilters = {
    keywords: [...new Set(keywordGroups.flat())],
    keywordGroups,
    amountMin: parsed.amountMin ?? base.amountMin,
    amountMax: parsed.amountMax ?? base.amountMax,
    dueFrom: parsed.dueFrom ?? base.dueFrom,
    dueTo: parsed.dueTo ?? base.dueTo,
    agency: parsed.agency ?? base.agency,
    matchProfile: input.matchProfile || parsed.matchProfile,
  };

  if (input.reset && !input.message) {
    return {
      reply: 'New search started. Tell me what you are looking for: a topic, an agency, an amount or a deadline.',
      results: [],
      total: 0,
      filters,
      context: null,
    };
  }

  const profile = filters.matchProfile ? await resolveProfileAreas(db, actor, input.researcherId ?? null) : null;
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
      reply: `Tell me what you are looking for, for example “soil carbon grants over 500k due before June”.${hint}`,
      results: [],
      total: 0,
      filters,
      context: filters,
    };
  }

  const response = await searchGrants(db, {
    keywordGroups: filters.keywordGroups,
    amountMin: filters.amountMin,
    amountMax: filters.amountMax,
    dueFrom: filters.dueFrom,
    dueTo: filters.dueTo,
    agency: filters.agency,
    statuses: ['forecasted', 'posted'],
    sort: 'match',
    page: 1,
    pageSize: 50,
    profileAreas: profile?.areas.length ? profile.areas : null,
    now,
  });

  if (response.total === 0) {
    return { reply: noResultsReply, results: [], total: 0, filters, context: filters };
  }
  const refined = !input.reset && input.context && parsed.keywords.length + Number(parsed.agency !== null) > 0;
  const what = describeFilters(filters, profile?.areas.length ? profile.areas : null);
  const top = response.results[0]!;
  const reply =
    `${refined ? 'Narrowed down: ' : ''}I found ${response.totalCapped ? 'more than ' : ''}${response.total.toLocaleString('en-US')} open or forecasted grant${response.total === 1 ? '' : 's'}` +
    `${what ? ` ${what}` : ''}. The best match is “${top.grant.title}” (${top.score}/100).` +
    (filters.matchProfile && !profile ? ' Choose a researcher to rank by a research profile.' : '');
  return { reply, results: response.results, total: response.total, filters, context: filters };
}
