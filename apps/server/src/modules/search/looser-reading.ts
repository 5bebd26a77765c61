// A search that finds nothing, read more loosely (issue 25, item 7): the
// assistant and the search box share it, so both relax in the order
// relaxation.ts states and say what they relaxed in the same words.
//   firstLooser   the first looser reading that finds grants (each step alone
//                 in order, a later window only when its best match is near
//                 the best with any deadline; then all of them together; over
//                 open grants only, last the closed rounds that fit), or null;
//   looserNote    "No open grants from NOAA that say “x”; here are 3 without that word.";
//   searchBox     GET /grants/search: the search as asked, or when it finds
//                 nothing at all (no recurring programme or grant of unstated
//                 amount either, no "Search these results" text), its first
//                 looser reading with the note.
//                 Newsletters call searchCatalogue and alerts read a saved
//                 search's candidate filters: neither loosens unasked.
import type { SearchFilters } from '@grantbridge/contract/assistant';
import { isoDayOf } from '@grantbridge/contract/days';
import type { GrantSearchResponse } from '@grantbridge/contract/grants';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/types';
import { findTermRarity } from '../grants/grants.service';
import { allRelaxed, relaxations, windowPhrase, type Relaxation } from './relaxation';
import { describeFilters, listedStatuses, statusLabel } from './search-results';
import { cleanGroups } from './search-query';
import { planSearch, searchGrants, type ParsedSearchQuery, type SearchInput } from './search.service';

/** The reading chosen: one step of relaxation.ts, or (step null) all of them together. */
export type Looser = { step: Relaxation | null; filters: SearchFilters; closed?: boolean };

/** A word said by more than this share of the catalogue is among the least informative. */
const commonShare = 0.1;

/** What a reading finds: how many grants, and the best one's score (0-100, ranked by match). */
export type Found = { total: number; best: number };

/**
 * A later window's best match, below this share of the best with any
 * deadline, is a worse answer than that ("museum digitization" in the next
 * period finds only "Digital Health" at 2/100; with any deadline, museum
 * collections at 39).
 */
const movedWindowShare = 0.5;

/** The first looser reading of `filters` for which `probe` finds grants, or null. */
export async function firstLooser(
  db: Db,
  filters: SearchFilters,
  today: string,
  probe: (filters: SearchFilters) => Promise<Found>,
): Promise<Looser | null> {
  const count = async (f: SearchFilters) => (await probe(f)).total;
  const words = filters.keywordGroups.flat().filter((w) => !/^[-@!]/.test(w));
  const rarity = words.length ? await findTermRarity(db, cleanGroups([words]).flat()) : null;
  const docs = (w: string) => rarity?.docs.get(w.toLowerCase().replace(/[^a-z0-9]/g, '')) ?? 0;
  const unknown = (w: string) => !!rarity && docs(w) === 0;
  const common = (w: string) => !!rarity && rarity.grants > 0 && docs(w) > rarity.grants * commonShare;
  const steps = relaxations(filters, unknown, today, common);
  const windowed = filters.dueFrom !== null || filters.dueTo !== null;
  const anyDeadline = windowed ? steps.find((s) => s.filters.dueFrom === null && s.filters.dueTo === null) : undefined;
  let anyBest: number | null = null;
  for (const step of steps) {
    const found = await probe(step.filters);
    if (found.total === 0) continue;
    const moved = (step.filters.dueFrom !== null || step.filters.dueTo !== null) && (step.filters.dueFrom !== filters.dueFrom || step.filters.dueTo !== filters.dueTo);
    if (moved && anyDeadline) {
      anyBest ??= (await probe(anyDeadline.filters)).best;
      if (found.best < movedWindowShare * anyBest) continue;
    }
    return { step, filters: step.filters };
  }
  const loosest = steps.length > 1 ? allRelaxed(filters, steps) : null;
  if (loosest && (await count(loosest)) > 0) return { step: null, filters: loosest };
  // Nothing open at all: the closed rounds that fit (what was funded, to plan for the next), the asked
  // reading first, then the loosest; a window of future deadlines cannot hold a closed grant.
  if (!filters.statuses.length || !filters.statuses.every((st) => st === 'posted' || st === 'forecasted')) return null;
  const closedOf = (f: SearchFilters): SearchFilters => ({ ...f, statuses: ['closed', 'archived'], dueFrom: null, dueTo: null, noDeadline: false });
  const window = filters.dueFrom !== null || filters.dueTo !== null;
  if ((await count(closedOf(filters))) > 0)
    return {
      step: { filters: closedOf(filters), dropped: window ? windowPhrase(filters.dueFrom, filters.dueTo) : filters.noDeadline ? 'with no fixed deadline' : '', kept: closedKept },
      filters: closedOf(filters),
    };
  // One step alone is the loosest reading ("teachers" under $10,000, when only closed rounds say "teachers").
  const widest = loosest ?? steps[0]?.filters ?? null;
  if (widest && (await count(closedOf(widest))) > 0) return { step: null, filters: closedOf(widest), closed: true };
  return null;
}

/** The words of `filters` that no grant in the catalogue says, open or closed: an empty answer names them. */
export async function wordsNoGrantSays(db: Db, filters: SearchFilters): Promise<string[]> {
  const words = filters.keywordGroups.flat().filter((w) => !/^[-@!]/.test(w));
  const rarity = words.length ? await findTermRarity(db, cleanGroups([words]).flat()) : null;
  if (!rarity) return [];
  return [...new Set(words)].filter((w) => (rarity.docs.get(w.toLowerCase().replace(/[^a-z0-9]/g, '')) ?? 0) === 0);
}

/** How the closed rounds shown instead are said. */
const closedKept = 'from earlier rounds, now closed (to plan for the next)';

/** What was asked, what found nothing, and what is shown instead; `found` grants in the looser reading. */
export function looserNote(filters: SearchFilters, chosen: Looser, found: number, capped: boolean): string {
  const kind = statusLabel(listedStatuses(filters));
  const here = `here ${found === 1 ? 'is' : 'are'} ${capped ? 'more than ' : ''}${found.toLocaleString('en-US')}`;
  if (chosen.step) {
    const rest = describeFilters(withoutStep(filters, chosen.step), null);
    return `No ${kind.before}grants${kind.after}${rest ? ` ${rest}` : ''}${chosen.step.dropped ? ` ${chosen.step.dropped}` : ''}; ${here} ${chosen.step.kept}.`;
  }
  const rest = describeFilters(chosen.filters, null);
  return `No ${kind.before}grants${kind.after} match all of that; ${here}${chosen.closed ? ` ${closedKept}` : ''} for a looser reading${rest ? ` (${rest})` : ''}.`;
}

/** `filters` without the constraint a relaxation step loosened, for saying what else was asked. */
function withoutStep(filters: SearchFilters, step: Relaxation): SearchFilters {
  const f = step.filters;
  // The window is one constraint: a step that moves either end says the whole window it dropped.
  const sameWindow = f.dueFrom === filters.dueFrom && f.dueTo === filters.dueTo;
  return {
    ...filters,
    dueFrom: sameWindow ? filters.dueFrom : null,
    dueTo: sameWindow ? filters.dueTo : null,
    noDeadline: f.noDeadline === filters.noDeadline ? filters.noDeadline : false,
    noCostShare: f.noCostShare === filters.noCostShare ? filters.noCostShare : false,
    amountMin: f.amountMin === filters.amountMin ? filters.amountMin : null,
    amountMax: f.amountMax === filters.amountMax ? filters.amountMax : null,
    agency: f.agency === filters.agency ? filters.agency : null,
    instruments: f.instruments.length === filters.instruments.length ? filters.instruments : [],
    keywords: f.keywords,
    keywordGroups: f.keywordGroups,
    eligibility: f.eligibility,
  };
}

/** The box's search as the assistant's filters, and back: what relaxation.ts loosens. */
function filtersOf(input: SearchInput): SearchFilters {
  return {
    keywords: [...new Set(input.keywordGroups.flat())].slice(0, 40),
    keywordGroups: input.keywordGroups,
    amountMin: input.amountMin,
    amountMax: input.amountMax,
    dueFrom: input.dueFrom,
    dueTo: input.dueTo,
    noDeadline: input.noDeadline ?? false,
    noCostShare: input.noCostShare ?? false,
    agency: input.agency,
    matchProfile: input.profileAreas !== null,
    statuses: input.statuses,
    instruments: input.instruments ?? [],
    categories: input.categories ?? [],
    eligibility: [],
  };
}

const inputOf = (input: SearchInput, f: SearchFilters): SearchInput => ({
  ...input,
  keywordGroups: f.keywordGroups,
  amountMin: f.amountMin,
  amountMax: f.amountMax,
  dueFrom: f.dueFrom,
  dueTo: f.dueTo,
  noDeadline: f.noDeadline,
  noCostShare: f.noCostShare,
  agency: f.agency,
  statuses: f.statuses,
  instruments: f.instruments,
});

/** GET /grants/search: the page asked for, or its first looser reading's page with `relaxed` said. */
export async function searchBox(db: Db, actor: Actor, q: ParsedSearchQuery, now = new Date()): Promise<GrantSearchResponse> {
  const input = await planSearch(db, actor, q, now);
  const response = await searchGrants(db, input);
  if (response.total > 0 || response.recurring.length > 0 || response.unstated.length > 0 || input.within) return response;
  const filters = filtersOf(input);
  const probe = async (f: SearchFilters) => {
    const found = await searchGrants(db, { ...inputOf(input, f), sort: 'match', page: 1, pageSize: 1, recurring: false, unstated: false });
    return { total: found.total, best: found.results[0]?.score ?? 0 };
  };
  const chosen = await firstLooser(db, filters, isoDayOf(now), probe);
  if (!chosen) return response;
  const looser = await searchGrants(db, inputOf(input, chosen.filters));
  return { ...looser, relaxed: looserNote(filters, chosen, looser.total, looser.totalCapped) };
}
