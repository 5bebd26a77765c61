// The search assistant: understands a message, refines the previous search
// unless told to start over, runs the search and answers in plain words. The
// answer carries the results page the results panel shows next, found once.
import { agencyList, agencyPhrase } from '@grantbridge/contract/agency-filter';
import { findAgency } from '@grantbridge/contract/agencies';
import { isoDayOf } from '@grantbridge/contract/days';
import { isDeepStrictEqual } from 'node:util';
import type { SortOption } from '@grantbridge/contract/grants';
import { emptySearchFilters, type ChatResponse, type SearchFilters } from '@grantbridge/contract/assistant';
import type { Db } from '../../db/client';
import { searchExamples } from '@grantbridge/contract/search-examples';
import type { Actor } from '../../plugins/types';
import { readQuery } from './typed-titles';
import { parseQuery, type ClearedConstraint, type ParsedQuery } from './query-parser';
import { costSharePhrase, describeFilters, instrumentPhrase, listedStatuses, orderNote, statusLabel } from './search-results';
import { runSearch, shown, withTypedNumbers } from './chat-search';
import { knownItemKeys } from './known-items';
import { resolveProfileAreas } from './profile';
import { windowPhrase } from './relaxation';
import { firstLooser, looserNote, wordsNoGrantSays } from './looser-reading';
import { keywordGroupOf } from './search-query';
import { asksForSwap, isTopicWord, swapWords } from './follow-up-swap';
import { formatMoney } from '../../lib/format';
import { stemOf } from '../grants/grants.service';

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

/** Keyword groups the filters hold at most (the first message's and nine follow-ups). */
const maxGroups = 10;

/** A new group after the others: the first (the topic) and the newest ones kept when there are too many. */
function withGroup(groups: string[][], group: string[]): string[][] {
  const all = [...groups, group];
  return all.length > maxGroups ? [all[0]!, ...all.slice(all.length - (maxGroups - 1))] : all;
}

const keywordsOf = (groups: string[][]) => [...new Set(groups.flat())].slice(0, 40);

/** One word said either way ("hospital" takes back "hospitals"): the same stem. */
const sameWord = (a: string, b: string) => a === b || stemOf(a) === stemOf(b);

/**
 * `filters` without the constraints a follow-up drops ("any applicant" also
 * drops "open to tribes" said as a word) and the topic words it takes back.
 */
function withoutCleared(filters: SearchFilters, clear: ClearedConstraint[], forget: string[] = []): SearchFilters {
  if (!clear.length && !forget.length) return filters;
  const dropped = (w: string) =>
    (clear.includes('eligibility') && w.startsWith('@')) ||
    (clear.includes('agency') && w.startsWith('!')) ||
    forget.some((f) => sameWord(w, f));
  const keywordGroups = filters.keywordGroups.map((g) => g.filter((w) => !dropped(w))).filter((g) => g.length > 0);
  return {
    ...filters,
    keywordGroups,
    keywords: keywordsOf(keywordGroups),
    ...(clear.includes('deadline') ? { dueFrom: null, dueTo: null, noDeadline: false } : {}),
    ...(clear.includes('cost-share') ? { noCostShare: false } : {}),
    ...(clear.includes('amount') ? { amountMin: null, amountMax: null } : {}),
    ...(clear.includes('agency') ? { agency: null } : {}),
    ...(clear.includes('eligibility') ? { eligibility: [] } : {}),
  };
}

/** The agencies asked before less those a follow-up leaves out ("drop NSF" after "USDA or NSF"), or null for none. */
function agenciesLeft(agency: string | null, excluded: string[]): string | null {
  if (!agency || !excluded.length) return agency;
  const left = agencyList(agency).filter((a) => !excluded.includes(findAgency(a)?.acronym ?? a.toUpperCase()));
  return left.length ? left.join(',') : null;
}

/** A season or a month, said alone. */
const periodWord = /^(?:spring|summer|fall|autumn|winter|january|february|march|april|may|june|july|august|september|october|november|december)$/;

/**
 * "no, summer" or "what about March?" in a conversation: the period said alone
 * is when the grants close (the window asked last may have emptied the list,
 * so the reading refined has none), not a topic word ("summer" alone is a
 * topic: Summer Stipends).
 */
function seasonSwapped(parsed: ParsedQuery, input: ChatInput, now: Date): ParsedQuery {
  const [word, ...rest] = parsed.keywords;
  if (input.reset || !input.context || rest.length || !word || !periodWord.test(word) || !asksForSwap(input.message)) return parsed;
  const period = parseQuery(`closing in ${word}`, now);
  return period.dueFrom || period.dueTo ? { ...parsed, keywords: [], dueFrom: period.dueFrom, dueTo: period.dueTo } : parsed;
}

export async function chat(
  db: Db,
  actor: Actor,
  input: ChatInput,
  now = new Date(),
): Promise<ChatResponse> {
  const parsed = seasonSwapped(await readQuery(db, input.message, now), input, now);
  // An order asked for in words ("the biggest") is the order the results come in, and the panel's from then on.
  const view = { sort: parsed.sort ?? input.sort ?? 'match', pageSize: input.pageSize ?? 50 };
  const sort = parsed.sort;
  const asked =
    input.reset || !input.context ? emptySearchFilters(input.matchProfile) : input.context;
  // What the last reading was, without the constraints this message drops ("never mind the deadline").
  const base = withoutCleared(asked, parsed.clear, parsed.forget);
  const forgotten = asked.keywords.filter((w) => !base.keywords.includes(w) && parsed.forget.some((f) => sameWord(w, f)));
  const group = await withTypedNumbers(db, input.message, keywordGroupOf(parsed));
  // "what about Washington?": the word takes the place of its counterpart ("oregon") rather than narrowing.
  const wantsSwap = !input.reset && !!input.context && group.length > 0 && asksForSwap(input.message);
  const swap = wantsSwap ? swapWords(base.keywordGroups, group) : null;
  const keywordGroups = swap
    ? swap.added.length
      ? withGroup(swap.groups, swap.added)
      : swap.groups
    : group.length
      ? withGroup(base.keywordGroups, group)
      : base.keywordGroups;
  const filters: SearchFilters = {
    keywords: keywordsOf(keywordGroups),
    keywordGroups,
    amountMin: parsed.amountMin ?? base.amountMin,
    amountMax: parsed.amountMax ?? base.amountMax,
    // "Rolling deadlines" and a window said later take each other's place.
    dueFrom: parsed.noDeadline ? null : (parsed.dueFrom ?? base.dueFrom),
    dueTo: parsed.noDeadline ? null : (parsed.dueTo ?? base.dueTo),
    noDeadline: parsed.noDeadline || (base.noDeadline && parsed.dueFrom === null && parsed.dueTo === null),
    noCostShare: parsed.noCostShare || base.noCostShare,
    agency: parsed.agency ?? agenciesLeft(base.agency, parsed.excludeAgencies),
    matchProfile: input.matchProfile || parsed.matchProfile,
    statuses: parsed.statuses ?? base.statuses,
    instruments: parsed.instruments.length ? parsed.instruments : base.instruments,
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
    recurring: [],
    unstated: [],
    query: null,
    suggestion: null,
    sort,
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
    filters.noDeadline ||
    filters.noCostShare ||
    (profile?.areas.length ?? 0) > 0;
  if (!hasCriteria) {
    const hint =
      filters.matchProfile && !profile
        ? ' To rank by a research profile, choose a researcher first.'
        : filters.matchProfile && profile && profile.areas.length === 0
          ? ` ${profile.name} has no research areas in their profile yet.`
          : '';
    // Only a number, and no grant has it ("pa 23 999"): say so rather than ask again.
    const number = knownItemKeys(input.message) ? input.message.trim().slice(0, 60) : null;
    return {
      reply: number
        ? `No grant in the catalogue has the number “${number}”. Check it, or tell me what the grant is about.${hint}`
        : `Tell me what you are looking for, for example “${searchExamples.greeting}”.${hint}`,
      ...noSearch,
      filters,
      context: filters,
      undo: null,
    };
  }

  const profileAreas = profile?.areas.length ? profile.areas : null;
  const run = (f: SearchFilters, pageSize = view.pageSize) =>
    runSearch(db, actor, f, { ...view, pageSize }, input.researcherId ?? null, profileAreas, now);
  const probe = async (f: SearchFilters) => {
    const { ranked } = await run(f, 1);
    return { total: ranked.total, best: ranked.results[0]?.score ?? 0 };
  };
  const count = async (f: SearchFilters) => (await probe(f)).total;

  let shownFilters = filters;
  let answer = await run(filters);
  let relaxedNote: string | null = null;
  // "what about wildfire?" with no word of the last topic like it, and nothing left when it is added: a new
  // topic, the rest of the question kept (who may apply, what is left out, the constraints).
  const oldTopic = base.keywordGroups.flat().filter(isTopicWord);
  let newTopic = false;
  if (answer.ranked.total === 0 && wantsSwap && !swap && group.some(isTopicWord) && oldTopic.length) {
    const kept = base.keywordGroups.map((g) => g.filter((w) => !isTopicWord(w))).filter((g) => g.length > 0);
    const groups = [group, ...kept];
    const topicFilters = { ...filters, keywordGroups: groups, keywords: keywordsOf(groups) };
    const topicAnswer = await run(topicFilters);
    if (topicAnswer.ranked.total > 0) [answer, shownFilters, newTopic] = [topicAnswer, topicFilters, true];
    else {
      // Nothing open says the new topic either ("show me telemedicine instead"): its looser reading, as a
      // question of its own would have (the closed rounds, say); with none, the change is named below.
      const looser = await firstLooser(db, topicFilters, isoDayOf(now), probe);
      if (looser) {
        answer = await run(looser.filters);
        [shownFilters, newTopic] = [looser.filters, true];
        relaxedNote = looserNote(topicFilters, looser, answer.ranked.total, answer.ranked.totalCapped);
      }
    }
  }
  if (answer.ranked.total === 0) {
    const followUp = !input.reset && !!input.context;
    // A follow-up that empties what was there: say which change did it, and offer it dropped (issue 25, item 9).
    const before = followUp ? await count(base) : 0;
    if (followUp && before > 0) {
      const emptied = await emptyingChange(base, filters, group, count);
      const kind = statusLabel(listedStatuses(base));
      const what = emptied?.label ?? 'your last change';
      const reply =
        `${noResultsReply} Nothing is left after that change (${what}). The search before it found ` +
        `${before.toLocaleString('en-US')} ${kind.before}grant${before === 1 ? '' : 's'}${kind.after}: choose Undo to go back to it` +
        (emptied?.filters ? `, or drop “${what}” and keep the rest.` : '.');
      return {
        reply,
        ...shown(answer),
        sort,
        filters,
        // The next message refines the last reading that found something.
        context: base,
        undo: base,
        suggestion: emptied?.filters ? { label: `Drop “${what}”`, filters: emptied.filters } : null,
      };
    }
    // A question that finds nothing: a looser reading, said (issue 25, item 7).
    const chosen = await firstLooser(db, filters, isoDayOf(now), probe);
    if (!chosen) {
      // Words no grant says at all ("hypersonics"): named, so the next try can use others.
      const missing = await wordsNoGrantSays(db, filters);
      const reply = missing.length
        ? `${noResultsReply} No grant in the catalogue, open or closed, says ${missing.map((w) => `“${w}”`).join(' or ')}.`
        : noResultsReply;
      return { reply, ...shown(answer), sort, filters, context: filters, undo: null, suggestion: null };
    }
    answer = await run(chosen.filters);
    shownFilters = chosen.filters;
    relaxedNote = looserNote(filters, chosen, answer.ranked.total, answer.ranked.totalCapped);
  }

  const { ranked } = answer;
  const refined =
    !swap &&
    !newTopic &&
    !input.reset &&
    input.context &&
    relaxedNote === null &&
    group.length + Number(parsed.agency !== null) + Number(parsed.statuses !== null) > 0;
  // A follow-up that drops a constraint says which ("With any deadline and any amount: …").
  const clearedNames: Record<ClearedConstraint, string> = {
    deadline: 'any deadline',
    amount: 'any amount',
    agency: 'any agency',
    eligibility: 'any applicant',
    'cost-share': 'cost sharing allowed',
  };
  const cleared = parsed.clear.filter((c) => !isDeepStrictEqual(withoutCleared(asked, [c]), asked));
  const widened =
    (input.context && !input.reset && cleared.length ? `With ${cleared.map((c) => clearedNames[c]).join(' and ')}: ` : '') +
    (input.context && !input.reset && forgotten.length ? `Without ${forgotten.map((w) => `“${w}”`).join(' and ')}: ` : '') +
    (swap && relaxedNote === null ? `Instead of ${swap.replaced.map((r) => `“${r.from}”`).join(' and ')}: ` : '') +
    (newTopic ? `Instead of ${[...new Set(oldTopic)].map((w) => `“${w}”`).join(', ')}: ` : '');
  const kind = statusLabel(listedStatuses(shownFilters));
  const areas = profileAreas;
  // Said with the words as the search read them ("tuberculosis", not the "tubercolosis" typed).
  const asRead = (text: string) => ranked.corrections.reduce((t, c) => t.replaceAll(`“${c.from}”`, `“${c.to}”`), text);
  const what = asRead(describeFilters(shownFilters, ranked.profileIgnored ? null : areas));
  const top = ranked.results[0]!;
  const offTopic =
    areas && ranked.profileIgnored
      ? ` The research profile (${areas.slice(0, 4).join(', ')}) shares no area with these grants, so it does not change their order.`
      : '';
  const count_ = `${ranked.totalCapped ? 'more than ' : ''}${ranked.total.toLocaleString('en-US')}`;
  const corrected = ranked.corrections.length
    ? `Showing results for ${ranked.corrections.map((c) => `“${c.to}” (you typed “${c.from}”)`).join(', ')}. `
    : '';
  // A search with no words to match (only filters) scores nothing: no "(0/100)".
  const outOf100 = top.score > 0 ? ` (${top.score}/100)` : '';
  const found = relaxedNote
    ? `${asRead(relaxedNote)} The best match is “${top.grant.title}”${outOf100}.`
    : top.related
      ? `No ${kind.before}grant${kind.after} says the most specific word of your search; ${count_} related grant${ranked.total === 1 ? '' : 's'} match part of it${what ? ` (${what})` : ''}. The closest is “${top.grant.title}”${outOf100}.`
      : `I found ${count_} ${kind.before}grant${ranked.total === 1 ? '' : 's'}${kind.after}${what ? ` ${what}` : ''}. The best match is “${top.grant.title}”${outOf100}.`;
  // An order asked for ("the biggest"): the list follows it, and the reply names the grant it puts first.
  const firstShown = answer.response.results[0];
  const ordered = sort && sort !== 'match' && firstShown ? ` ${orderNote(sort, firstShown)}` : '';
  const unstatedCount = answer.response.unstated.length;
  const unstatedNote = unstatedCount
    ? ` ${unstatedCount} more that ${unstatedCount === 1 ? 'matches but does not state an award amount is' : 'match but do not state an award amount are'} listed after them.`
    : '';
  const recurringNote = answer.response.recurring.length
    ? ` ${answer.response.recurring.length} closed programme${answer.response.recurring.length === 1 ? ' that recurs is' : 's that recur are'} listed after them, with when ${answer.response.recurring.length === 1 ? 'it usually closes' : 'they usually close'}.`
    : '';
  const reply =
    `${corrected}${widened}${refined ? 'Narrowed down: ' : ''}${found}${ordered}${unstatedNote}${recurringNote}${offTopic}` +
    (shownFilters.matchProfile && !profile ? ' Choose a researcher to rank by a research profile.' : '');
  return { reply, ...shown(answer), sort, filters: shownFilters, context: shownFilters, undo: null, suggestion: null };
}

/**
 * Which part of a follow-up's change left nothing: each part (its words, the
 * agency, the amount, the dates, the statuses) is taken back alone; the first
 * whose removal finds grants again is named, with the search without it.
 * Null when the change had one part (Undo says it all) or none alone is to blame.
 */
async function emptyingChange(
  base: SearchFilters,
  next: SearchFilters,
  group: string[],
  count: (f: SearchFilters) => Promise<number>,
): Promise<{ label: string; filters: SearchFilters | null } | null> {
  const changes: { label: string; without: SearchFilters }[] = [];
  const words = group.filter((w) => !/^[-@!]/.test(w));
  const others = group.filter((w) => /^[-@!]/.test(w));
  const withoutWords = (keep: string[]) => {
    const groups = keep.length ? [...base.keywordGroups, keep] : base.keywordGroups;
    return { ...next, keywordGroups: groups, keywords: keywordsOf(groups) };
  };
  if (words.length) changes.push({ label: `about ${words.map((w) => `“${w}”`).join(', ')}`, without: withoutWords(others) });
  for (const token of others) {
    const label = token.startsWith('-')
      ? `not mentioning “${token.slice(1).replace(/_/g, ' ')}”`
      : token.startsWith('!')
        ? `not from ${token.slice(1).toUpperCase()}`
        : `open to ${token.slice(1).replace(/-/g, ' ')}`;
    changes.push({ label, without: withoutWords(group.filter((w) => w !== token)) });
  }
  if (!isDeepStrictEqual(base.agency, next.agency) && next.agency)
    changes.push({ label: `from ${agencyPhrase(next.agency)}`, without: { ...next, agency: base.agency } });
  if (next.amountMin !== base.amountMin || next.amountMax !== base.amountMax) {
    const label =
      next.amountMin !== null && next.amountMax !== null
        ? `between ${formatMoney(next.amountMin)} and ${formatMoney(next.amountMax)}`
        : next.amountMin !== null
          ? next.amountMin % 1000 === 1
            ? `over ${formatMoney(next.amountMin - 1)}`
            : `at least ${formatMoney(next.amountMin)}`
          : `up to ${formatMoney(next.amountMax ?? 0)}`;
    changes.push({ label, without: { ...next, amountMin: base.amountMin, amountMax: base.amountMax } });
  }
  if (next.noDeadline && !base.noDeadline)
    changes.push({ label: 'with no fixed deadline', without: { ...next, noDeadline: false, dueFrom: base.dueFrom, dueTo: base.dueTo } });
  else if (next.dueFrom !== base.dueFrom || next.dueTo !== base.dueTo)
    changes.push({ label: windowPhrase(next.dueFrom, next.dueTo).replace(/^that close/, 'closing'), without: { ...next, dueFrom: base.dueFrom, dueTo: base.dueTo } });
  if (next.noCostShare && !base.noCostShare) changes.push({ label: costSharePhrase, without: { ...next, noCostShare: false } });
  if (!isDeepStrictEqual(base.instruments, next.instruments))
    changes.push({ label: instrumentPhrase(next.instruments), without: { ...next, instruments: base.instruments } });
  if (!isDeepStrictEqual(base.statuses, next.statuses))
    changes.push({ label: `only ${statusLabel(next.statuses).before}grants`, without: { ...next, statuses: base.statuses } });
  if (changes.length === 0) return null;
  if (changes.length === 1) return { label: changes[0]!.label, filters: null };
  for (const change of changes) {
    if ((await count(change.without)) > 0) return { label: change.label, filters: change.without };
  }
  return { label: changes.map((c) => c.label).join(', '), filters: null };
}
