// The researcher home's suggested grants (issue 30, item 1). They come from
// the search's own ranking (BM25F over the words, meaning, the profile's
// areas: decision 042), asked once per topic of the profile:
//
//   topics    = the research areas, then up to five expertise keywords
//   per topic = open grants a university may lead (Grants.gov applicant codes
//               06/20, or open to all), SBIR/STTR left out (small businesses
//               lead them), ranked for the topic's words with the profile's
//               areas as the search ranks a "match my profile" query
//   kept      = a result that says the topic (not "related") and scores at
//               least `minimumScore`; never a 0
//   order     = best topic score, +4 for each further topic it meets, +up to
//               10 for closeness in meaning to the whole profile (areas,
//               expertise, summary and recent publication titles), +5 for a
//               stated due date (something to act on; forecasts often have none)
//
// The score shown is the search's own (0-100) for the grant's best topic, so
// a suggestion says what the search box would say. Pure parts are exported
// for suggestions.test.ts.
import { isoDayOf } from '@grantbridge/contract/days';
import type { SearchResult } from '@grantbridge/contract/grants';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { embedText, quantizedCosine } from '../../lib/embeddings';
import type { Actor } from '../../plugins/types';
import { AppError } from '../../errors';
import { getGrantEmbeddings } from '../grants/grants.service';
import { grantIdsTakenBy } from '../applications/applications.service';
import { getMatchingProfile } from '../researchers/researchers.service';
import { stopWords } from './query-parser';
import { leadableOnly } from './search-query';
import { searchGrants } from './search.service';
import { semanticPercent } from './scoring';

export const suggestionRules = {
  /** The lowest search score a suggestion may have. */
  minimumScore: 30,
  /** Expertise keywords asked about, after the areas. */
  expertiseTopics: 5,
  /** Results read per topic. */
  perTopic: 12,
  /** Added to the order for each further topic a grant meets. */
  perExtraTopic: 4,
  /** At most this much added to the order for closeness to the whole profile. */
  profileMeaning: 10,
  /** Added to the order for a stated due date. */
  dueDate: 5,
} as const;


/** A topic's words as the search reads them (a topic is words, not a question: no filters are read from it). */
export function topicWords(topic: string): string[] {
  return [...new Set(topic.toLowerCase().split(/[^a-z0-9]+/))].filter((w) => w.length > 1 && !stopWords.has(w));
}

/** The profile's topics, in order: its areas, then expertise keywords not already said by an area. */
export function suggestionTopics(areas: string[], expertise: string[]): string[] {
  const seen = new Set<string>();
  const topics: string[] = [];
  const add = (topic: string) => {
    const key = topic.trim().toLowerCase();
    if (!key || seen.has(key)) return;
    seen.add(key);
    topics.push(topic.trim());
  };
  areas.forEach(add);
  const said = areas.join(' ').toLowerCase();
  expertise
    .filter((k) => !said.includes(k.trim().toLowerCase()))
    .slice(0, suggestionRules.expertiseTopics)
    .forEach(add);
  return topics;
}

export type TopicResult = { topic: string; result: SearchResult };
export type Suggestion = { result: SearchResult; topics: string[]; order: number };

/**
 * Folds each topic's results into one list: a grant's best result (its score
 * and reasons), the topics it meets, and the order key. `meaning` gives a
 * grant's closeness to the whole profile, 0-100, when known.
 */
export function mergeSuggestions(found: TopicResult[], meaning: (grantId: string) => number | null): Suggestion[] {
  const byGrant = new Map<string, { best: SearchResult; topics: string[] }>();
  for (const { topic, result } of found) {
    if (result.related || result.score < suggestionRules.minimumScore) continue;
    const entry = byGrant.get(result.grant.id);
    if (!entry) byGrant.set(result.grant.id, { best: result, topics: [topic] });
    else {
      if (!entry.topics.includes(topic)) entry.topics.push(topic);
      if (result.score > entry.best.score) entry.best = result;
    }
  }
  return [...byGrant.values()]
    .map(({ best, topics }) => ({
      result: best,
      topics,
      order:
        best.score +
        suggestionRules.perExtraTopic * (topics.length - 1) +
        (suggestionRules.profileMeaning * (meaning(best.grant.id) ?? 0)) / 100 +
        (best.grant.closeDate ? suggestionRules.dueDate : 0),
    }))
    .sort(
      (a, b) =>
        b.order - a.order ||
        // Between equals: one with a due date first, the sooner first.
        (a.result.grant.closeDate ?? '9999').localeCompare(b.result.grant.closeDate ?? '9999') ||
        a.result.grant.id.localeCompare(b.result.grant.id),
    );
}

const listed = (items: string[]) => `${items.slice(0, 3).join(', ')}${items.length > 3 ? ` and ${items.length - 3} more` : ''}`;

/**
 * Why a suggestion fits, most telling first: the profile's areas the grant is
 * classed under (the search's own reason), the expertise keywords it meets,
 * else the profile's topics it meets; then what the search says of its text.
 */
export function suggestionReasons(s: Suggestion, areas: string[]): string[] {
  const isArea = (topic: string) => areas.some((a) => a.toLowerCase() === topic.toLowerCase());
  const profileReason = s.result.reasons.find((r) => r.startsWith('Matches your research areas'));
  const expertise = s.topics.filter((t) => !isArea(t));
  const first = [
    ...(profileReason ? [profileReason] : []),
    ...(expertise.length ? [`Fits your expertise: ${listed(expertise)}`] : []),
  ];
  if (first.length === 0) first.push(`About your research: ${listed(s.topics)}`);
  return [...first, ...s.result.reasons.filter((r) => r !== profileReason && r !== 'Open opportunity')];
}

type Ranked = { key: string; at: number; suggestions: Suggestion[] };
/** The ranked list per database and researcher, for a few minutes: the catalogue and profile rarely change. */
const rankedCache = perDatabase(() => new Map<string, Ranked>());
const cacheMs = 5 * 60_000;

/** The ranked suggestions, or null for a profile without research areas. */
async function rankSuggestions(db: Db, actor: Actor, now: Date): Promise<{ suggestions: Suggestion[]; areas: string[] } | null> {
  const profile = await getMatchingProfile(db, actor.id);
  if (!profile?.researchAreas.length) return null;
  const topics = suggestionTopics(profile.researchAreas, profile.expertise).filter((t) => topicWords(t).length > 0);
  const key = JSON.stringify([profile, isoDayOf(now)]);
  const cache = rankedCache.of(db);
  const cached = cache.get(actor.id);
  if (cached && cached.key === key && Date.now() - cached.at < cacheMs) return { suggestions: cached.suggestions, areas: profile.researchAreas };

  const found: TopicResult[] = [];
  // One after the other: `db` may be one connection (a transaction).
  for (const topic of topics) {
    const answer = await searchGrants(db, {
      keywordGroups: [topicWords(topic), leadableOnly],
      amountMin: null,
      amountMax: null,
      dueFrom: null,
      dueTo: null,
      agency: null,
      statuses: ['posted', 'forecasted'],
      sort: 'match',
      page: 1,
      pageSize: suggestionRules.perTopic,
      profileAreas: profile.researchAreas,
      recurring: false,
      now,
    });
    found.push(...answer.results.map((result) => ({ topic, result })));
  }
  const vector = embedText([...profile.researchAreas, ...profile.expertise, profile.text].join(' '));
  const embeddings = vector ? await getGrantEmbeddings(db, [...new Set(found.map((f) => f.result.grant.id))]) : new Map();
  const suggestions = mergeSuggestions(found, (id) => {
    const bytes = embeddings.get(id);
    return vector && bytes ? semanticPercent(quantizedCosine(vector, bytes)) : null;
  });
  if (cache.size > 10_000) cache.clear();
  cache.set(actor.id, { key, at: Date.now(), suggestions });
  return { suggestions, areas: profile.researchAreas };
}

/**
 * GET /grants/suggested: open grants that fit the researcher's profile and
 * that their institution may lead, leaving out what they saved or applied to,
 * with why each fits. A profile with no areas has nothing to suggest from.
 */
export async function suggestGrants(db: Db, actor: Actor, limit: number, now = new Date()) {
  if (actor.role !== 'researcher') throw new AppError('forbidden', 'Suggestions follow a researcher’s profile.');
  const ranked = await rankSuggestions(db, actor, now);
  if (!ranked) return { results: [], needsProfile: true };
  const taken = await grantIdsTakenBy(db, actor.id);
  const results = ranked.suggestions
    .filter((s) => !taken.has(s.result.grant.id))
    .slice(0, limit)
    .map((s) => ({ grant: s.result.grant, score: s.result.score, reasons: suggestionReasons(s, ranked.areas) }));
  return { results, needsProfile: false };
}
