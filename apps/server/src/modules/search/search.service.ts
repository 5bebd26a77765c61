// Grant search: filters applied in SQL, full-text candidates ranked by
// PostgreSQL, then scored 0-100 (row-scoring.ts), versions folded, looser
// matches after the others, each result saying why it matched.
import { isoDayOf } from '@grantbridge/contract/days';
import type { GrantSearchResponse, GrantStatus, SortOption, grantSearchQuerySchema } from '@grantbridge/contract/grants';
import { defaultSearchStatuses, grantStatuses } from '@grantbridge/contract/grants';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import type { Actor } from '../../plugins/types';
import { candidateFiltersOf } from './candidate-filters';
import { findCandidateRows, findOrderedGrants, findProgramTexts, type CandidateRow } from './search.repository';
import { countCandidates, findCandidatePool, findKnownItems, withKeywordPlans } from './candidate-pool.repository';
import { collapseVersions, compareBySort, cycleOf, type Versions } from './versions';
import { offProfile, relevanceOf, saysWord, scoreRow, semanticOf, specificWord, tieBreak, type ScoreContext } from './row-scoring';
import { clampScore } from './scoring';
import { toResult } from './search-results';
import { shortPageFills } from './short-page';
import { findAreaCounts, findTermRarity } from '../grants/grants.service';
import { buildSearchModel, type SearchModel } from './query-model';
import { knownItemKeys, type KnownItemKeys } from './known-items';
import { embedText } from '../../lib/embeddings';
import { resolveProfileAreas } from './profile';
import { readQuery } from './typed-titles';
import { parseQuery } from './query-parser';
import {
  anyQuery,
  areaWords,
  cleanGroups,
  countingGroups,
  retrievalAreas,
  keywordGroupOf,
  poolLimits,
  rarityWeights,
  rareWordParts,
  retrievalGroups,
  onlyCommonWords,
  relaxedQuery,
  leadableOnly,
  splitExclusions,
  strictQuery,
} from './search-query';

export type SearchInput = {
  keywordGroups: string[][];
  amountMin: number | null;
  amountMax: number | null;
  dueFrom: string | null;
  dueTo: string | null;
  /** Only grants open now that state no closing date (never with dueFrom or dueTo). */
  noDeadline?: boolean;
  /** Only grants that state no cost sharing or matching is required. */
  noCostShare?: boolean;
  agency: string | null;
  statuses: GrantStatus[];
  /** Funding instruments and categories (Grants.gov codes), any of each; empty is all. */
  instruments?: string[];
  categories?: string[];
  /** "Search these results": text the title, agency or opportunity number must contain. */
  within?: string | null;
  sort: SortOption;
  page: number;
  pageSize: number;
  /** The researcher's areas when ranking by profile, else null. */
  profileAreas: string[] | null;
  /** Opportunity numbers (compacted) and Assistance Listing numbers the query names: those grants come first. */
  knownItems?: KnownItemKeys | null;
  /** The query as typed, when it may be a title typed whole or in part: titles that say it come first. */
  titlePhrase?: string | null;
  /** Whether a first page of open grants with fewer than ten results adds closed programmes that recur (default yes). */
  recurring?: boolean;
  /** Whether a short first page under an amount adds the grants that do not state theirs (default yes). */
  unstated?: boolean;
  /** Only grants that state no award amount (the amount filters are then not applied). */
  amountUnstated?: boolean;
  /** Label each result that has earlier versions with its cycle (closed programmes). */
  cycles?: boolean;
  now?: Date;
  /** The words' model when the caller has it already (the same words searched again over other statuses). */
  model?: SearchModel | null;
};

export { recurringBelow } from './short-page';

/** Words close in meaning as low-weight alternatives (decision 042). */
export const modelOptions = { neighbours: true };

/** A title's or query's words, lower case, separated by one space. */
const titleWords = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/** The query as a possible title: three words or more (fewer is a topic, not a title). */
export function titlePhraseOf(q: string | null | undefined): string | null {
  const words = titleWords(q ?? '');
  const count = words ? words.split(' ').length : 0;
  return count >= 3 && count <= 40 ? words : null;
}

/** GET /grants/search's query, validated (the results panel's search). */
export type ParsedSearchQuery = z.output<typeof grantSearchQuerySchema>;

/**
 * The search a GET /grants/search query asks for: the words of `q` and the
 * filters it states, the query's own filters taking precedence, each
 * follow-up narrowing (only a search that has words to narrow), and the
 * profile of the researcher it is ranked for. Throws when the caller may not
 * use that researcher's profile.
 */
export async function planSearch(db: Db, actor: Actor, q: ParsedSearchQuery, now = new Date()): Promise<SearchInput> {
  const parsed = await readQuery(db, q.q, now);
  const matchProfile = q.matchProfile || parsed.matchProfile;
  const profile = matchProfile || q.researcherId ? await resolveProfileAreas(db, actor, q.researcherId ?? null) : null;
  const refinements = parsed.keywords.length ? q.refine.map((group) => keywordGroupOf(parseQuery(group, now))) : [];
  // Who may apply, from the Filters menu: as the words "for universities" would say it.
  const eligible = q.eligibility.filter((key) => !parsed.eligibility.includes(key)).map((key) => `@${key}`);
  // "Rolling deadlines" in the words, unless the query states closing dates (the URL's own filter wins).
  const noDeadline = q.noDeadline || (parsed.noDeadline && !q.dueFrom && !q.dueTo);
  return {
    keywordGroups: [keywordGroupOf(parsed), ...refinements, eligible].filter((group) => group.length > 0),
    amountMin: q.amountMin ?? parsed.amountMin,
    amountMax: q.amountMax ?? parsed.amountMax,
    dueFrom: noDeadline ? null : (q.dueFrom ?? parsed.dueFrom),
    dueTo: noDeadline ? null : (q.dueTo ?? parsed.dueTo),
    noDeadline,
    noCostShare: q.noCostShare || parsed.noCostShare,
    agency: q.agency || parsed.agency,
    statuses: q.status ?? parsed.statuses ?? [...defaultSearchStatuses],
    instruments: q.instrument.length ? q.instrument : parsed.instruments,
    categories: q.category,
    within: q.within || null,
    knownItems: knownItemKeys(q.q),
    titlePhrase: titlePhraseOf(q.q),
    sort: q.sort,
    page: q.page,
    pageSize: q.pageSize,
    profileAreas: matchProfile && profile?.areas.length ? profile.areas : null,
    now,
  };
}

/** GET /grants/search: the results panel's page. */
export async function searchCatalogue(db: Db, actor: Actor, q: ParsedSearchQuery): Promise<GrantSearchResponse> {
  return searchGrants(db, await planSearch(db, actor, q));
}

/**
 * Program texts by program title. A program's text changes only when its
 * Assistance Listing does, so an entry lives a few minutes; the map is small
 * (a few thousand programs exist) and bounded anyway.
 */
const programTextCaches = perDatabase(() => new Map<string, { text: string; until: number }>());
const programTextTtlMs = 5 * 60_000;
const programTextCacheMax = 10_000;

/** Fills in each row's program text, reading only programs not seen recently. */
async function attachProgramTexts(db: Db, rows: CandidateRow[]) {
  const now = Date.now();
  const programTextCache = programTextCaches.of(db);
  const missing = new Map<string, string>();
  for (const row of rows) {
    if (!row.program_title) continue;
    const cached = programTextCache.get(row.program_title);
    if (cached && cached.until > now) row.program_text = cached.text;
    else if (!missing.has(row.program_title)) missing.set(row.program_title, row.id);
  }
  if (missing.size === 0) return;
  const found = await findProgramTexts(db, [...missing.values()]);
  if (programTextCache.size + found.length > programTextCacheMax) programTextCache.clear();
  for (const { program_title, program_text } of found) {
    programTextCache.set(program_title, { text: program_text, until: now + programTextTtlMs });
  }
  for (const row of rows) {
    if (row.program_title && row.program_text === null) row.program_text = programTextCache.get(row.program_title)?.text ?? null;
  }
}


/** Counts stop here; the response says "at least" via totalCapped. */
export const countCap = 1000;

export async function searchGrants(db: Db, input: SearchInput): Promise<GrantSearchResponse> {
  const today = isoDayOf((input.now ?? new Date()));
  const { groups: wanted, exclude, eligibility, excludeAgencies } = splitExclusions(input.keywordGroups);
  const profileAreas = input.profileAreas?.length ? input.profileAreas : null;
  const profileOnly = cleanGroups(wanted).length === 0 && !!profileAreas;
  const base = candidateFiltersOf(input, today, { exclude, eligibility, excludeAgencies });
  // One after the other: `db` may be a transaction, one connection (the demo seed searches inside one).
  // The query's words as BM25F concepts, misspellings corrected (decision 042).
  const search =
    profileOnly || cleanGroups(wanted).length === 0
      ? null
      : (input.model ?? (await buildSearchModel(db, cleanGroups(wanted), modelOptions)));
  const groups = search?.groups ?? cleanGroups(wanted);
  const keywords = [...new Set(groups.flat())];
  const concept = search ? (word: string) => search.conceptQueries.get(word) ?? word : undefined;
  // A profile-only search retrieves by the words of the profile's areas, the telling ones too.
  const areaTerms = profileOnly ? areaWords(profileAreas!) : [];
  const rarity = profileOnly ? await findTermRarity(db, areaTerms) : (search?.rarity ?? null);
  const areaCounts = profileOnly ? await findAreaCounts(db, profileAreas!) : null;
  const weights = rarityWeights(keywords, rarity);
  const offset = (input.page - 1) * input.pageSize;
  // What a grant must match to count as a result at all: the words that say something (decision 030).
  const retrieveBy = (retrieval: string[][]) => {
    const counting = profileOnly ? { groups: [], narrowed: false } : countingGroups(retrieval, rarity);
    const matchQuery = profileOnly ? anyQuery(retrievalGroups([areaTerms], rarity)) : relaxedQuery(retrieval, concept);
    // What is counted (and adds its first matches to the pool): without the words too common to count through.
    const countQuery = counting.narrowed ? relaxedQuery(counting.groups, concept) : matchQuery;
    // Nothing but words most grants say: what is about them says so in its title.
    const inTitle = !profileOnly && onlyCommonWords(retrieval, rarity);
    return { retrieval, counting, matchQuery, countQuery, inTitle, filters: { ...base, tsquery: matchQuery, inTitle } };
  };
  const pooled = async (by: ReturnType<typeof retrieveBy>) => {
    const { retrieval, matchQuery, countQuery, inTitle, filters } = by;
    const keywordPlans = <T>(work: (d: Db) => Promise<T>) => (matchQuery ? withKeywordPlans(db, work) : work(db));
    return keywordPlans(async (d) => {
      // A profile whose areas give no word to retrieve by ("UX") retrieves by the areas alone: every grant
      // read in date order would be scored 0 and left out, a total of hundreds over empty pages.
      if (!matchQuery && !profileOnly) return { count: await countCandidates(d, filters, countCap), poolIds: null };
      const found = await findCandidatePool(d, { ...base, inTitle }, {
        matchQuery: countQuery ?? null,
        countCap,
        matchedLimit: matchQuery ? poolLimits.relaxed : 0,
        parts: profileOnly
          ? [{ tsquery: null, limit: poolLimits.areas, areas: retrievalAreas(profileAreas!, areaCounts) }]
          : [
              { tsquery: strictQuery(retrieval, concept), limit: poolLimits.strict },
              { tsquery: relaxedQuery(retrieval, concept), limit: poolLimits.title, titleOnly: true },
              ...rareWordParts(retrieval, rarity, concept),
              ...(input.titlePhrase ? [{ tsquery: null, limit: poolLimits.phrase, titlePhrase: input.titlePhrase }] : []),
            ],
      });
      return { count: matchQuery ? found.count : found.ids.length, poolIds: found.ids };
    });
  };
  let by = retrieveBy(retrievalGroups(groups, rarity));
  let found = await pooled(by);
  // The telling words find nothing here though the catalogue uses them ("zoonotic" in no open grant): the
  // common ones of the query retrieve too, so what says "disease" is listed, marked related, rather than
  // nothing. (A word the catalogue never uses is the looser reading's to drop, and say so: looser-reading.ts.)
  const usedWord = (word: string) => (rarity?.docs.get(word) ?? 0) > 0;
  if (found.count === 0 && !profileOnly && by.retrieval.flat().length < groups.flat().length && by.retrieval.flat().every(usedWord)) {
    by = retrieveBy(groups);
    found = await pooled(by);
  }
  const { count, poolIds } = found;
  const { counting, filters } = by;
  // Opportunity and Assistance Listing numbers typed in the query: those grants first, whatever their status.
  const known = input.knownItems ? await findKnownItems(db, { ...base, statuses: [...grantStatuses] }, input.knownItems) : [];
  const knownIds = new Set(known.map((k) => k.id));
  // In another order the pool serves only when it holds every match (so versions fold the same); else SQL orders the page.
  const usePool = poolIds !== null && (input.sort === 'match' || (!counting.narrowed && count <= poolIds.length));
  const lexemes = search?.lexemes ?? null;
  const pool = usePool ? await findCandidateRows(db, poolIds.filter((id) => !knownIds.has(id)), today, lexemes) : null;
  const knownRows = known.length ? await findCandidateRows(db, known.map((k) => k.id), today, lexemes) : [];
  knownRows.sort((a, b) => known.findIndex((k) => k.id === a.id) - known.findIndex((k) => k.id === b.id));

  // The query's meaning as a word-embedding vector, for the semantic part of the score.
  const queryVector = keywords.length ? embedText(keywords.join(' ')) : null;
  const scoring: ScoreContext = { keywords, search, profileAreas, queryVector };
  let pageRows: { row: CandidateRow; score: number; versions?: Versions; related?: boolean; known?: boolean }[];
  // Ranked by match, the pool (versions of one call folded) is what can be paged through: `total` promises no more.
  let reachable = countCap;
  let profileIgnored = false;
  if (pool || knownRows.length) {
    const rows = pool ?? [];
      const context = { ...scoring };
    profileIgnored = offProfile(rows, context);
    if (profileIgnored) context.profileAreas = null;
    // Grants without the query's most specific word are looser matches: after the others, marked "related".
    const specific = specificWord(keywords, weights);
    // A title typed whole, then titles that say what was typed, before anything else (known items).
    const phrase = input.titlePhrase ? ` ${input.titlePhrase} ` : null;
    const verbatim = (row: CandidateRow) => {
      if (!phrase) return 0;
      const title = ` ${titleWords(row.title)} `;
      return title === phrase ? 2 : title.includes(phrase) ? 1 : 0;
    };
    const scored = rows
      .map((row) => {
        const titled = verbatim(row);
        const relevance = titled ? Math.max(relevanceOf(row, context), 99 + titled / 2) : relevanceOf(row, context);
        const related = !titled && specific !== null && !saysWord(row, specific, search);
        return { row, relevance, titled, score: clampScore(relevance), related, tie: tieBreak(row) };
      })
      // Ranked by the profile alone, a grant sharing none of its areas is no match (issue 30): not listed at 0.
      .filter((s) => !profileOnly || s.score > 0);
    scored.sort(
      (a, b) =>
        b.titled - a.titled ||
        Number(a.related) - Number(b.related) ||
        b.score - a.score ||
        b.tie - a.tie ||
        b.relevance - a.relevance ||
        (a.row.close_date ?? '9999').localeCompare(b.row.close_date ?? '9999') ||
        a.row.opportunity_number.localeCompare(b.row.opportunity_number) ||
        a.row.id.localeCompare(b.row.id),
    );
    // Named grants first: a title typed whole, an opportunity number, a title that says what was typed,
    // a grant of a named Assistance Listing; then the ranked ones.
    const numberKey = (row: CandidateRow) => row.opportunity_number.toLowerCase().replace(/[^a-z0-9]/g, '');
    const keys = input.knownItems;
    const byNumber = (row: CandidateRow) =>
      !!keys && (keys.numbers.includes(numberKey(row)) || (!!keys.prefix && numberKey(row).startsWith(keys.prefix)));
    const priority = (row: CandidateRow, titled: number, known: boolean) =>
      titled === 2 ? 4 : known && byNumber(row) ? 3 : titled === 1 ? 2 : known ? 1 : 0;
    const first = knownRows.map((row) => ({ row, relevance: 100, score: 100, related: false, known: true, titled: verbatim(row) }));
    const ranked = [...first, ...scored]
      .map((item, index) => ({ item, index, priority: priority(item.row, item.titled, 'known' in item) }))
      .sort((a, b) => b.priority - a.priority || a.index - b.index)
      .map(({ item }) => item);
    const collapsed = collapseVersions(ranked, (s) => s.row);
    if (input.sort !== 'match') collapsed.sort((a, b) => compareBySort(input.sort, a.item.row, b.item.row));
    reachable = collapsed.length;
    pageRows = collapsed.slice(offset, offset + input.pageSize).map(({ item, versions }) => ({ ...item, versions }));
    // The page's programme texts, for the reasons.
    await attachProgramTexts(db, pageRows.map((p) => p.row));
  } else {
    const rows = await findOrderedGrants(db, filters, { sort: input.sort, limit: input.pageSize, offset }, lexemes);
    await attachProgramTexts(db, rows);
    pageRows = rows.map((row) => ({ row, score: scoreRow(row, scoring) })).filter((p) => !profileOnly || p.score > 0);
  }

  // A count narrowed by a too-common word counts less than the pool holds: what can be paged is the total then.
  const total = counting.narrowed ? Math.min(countCap, reachable) : Math.min(count + knownRows.length, countCap, reachable);
  // A short first page: grants that state no amount (under an amount) and closed programmes that recur (short-page.ts).
  const { unstated, recurring } = await shortPageFills(input, total, keywords.length > 0, (more) => searchGrants(db, { ...more, model: search }));
  // More than counted or than the pool could hold; versions folded away are not "more".
  const capped = counting.narrowed || count > Math.min(countCap, pool ? pool.length : countCap);
  return {
    results: pageRows.map(({ row, score, versions, related, known }) => ({
      ...toResult(
        row,
        score,
        keywords,
        profileIgnored ? { ...input, profileAreas: null } : input,
        base.agencyKey ?? undefined,
        semanticOf(row, queryVector),
        known ?? false,
      ),
      related: related ?? false,
      otherVersions: versions?.count ?? 0,
      otherVersionsEarlier: versions?.allEarlier ?? true,
      cycle: input.cycles && versions?.count ? cycleOf(versions.closeDates) : null,
    })),
    recurring,
    unstated,
    total,
    totalCapped: capped,
    profileIgnored,
    page: input.page,
    pageSize: input.pageSize,
    corrections: search?.corrections ?? [],
    relaxed: null,
  };
}

/**
 * The first `pageSize` open grants ranked by research areas alone (no
 * keywords), that a university may lead, SBIR/STTR left out (issue 30).
 */
function openGrantsForAreas(db: Db, areas: string[], pageSize: number) {
  return searchGrants(db, {
    keywordGroups: [leadableOnly],
    amountMin: null,
    amountMax: null,
    dueFrom: null,
    dueTo: null,
    agency: null,
    statuses: ['forecasted', 'posted'],
    sort: 'match',
    page: 1,
    pageSize,
    profileAreas: areas,
  });
}

/** Open grants ranked for a set of research areas (collaborator suggestions). */
export async function findGrantsForAreas(db: Db, areas: string[], limit: number, excludeId?: string) {
  if (areas.length === 0) return [];
  const response = await openGrantsForAreas(db, areas, limit + 1);
  return response.results
    .filter((r) => r.grant.id !== excludeId && r.score > 0)
    .slice(0, limit)
    .map((r) => r.grant);
}

// Search's front door for other modules (eslint.config.js): suggestions, saved searches and their alerts.
export { suggestGrants } from './suggestions';
export { listSavedSearches, renameSavedSearch, savedSearchesById } from './saved-searches.service';
export { listAlertingSearches, matchSavedSearches } from './alert-matching';
