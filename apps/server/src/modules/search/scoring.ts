// Relevance and profile scoring of a grant for a query (pure; unit-tested).
// Field weights follow the seed: title 0.4, research areas 0.3, description 0.2, agency 0.1.

/** Light stemmer so "forests" finds "forest" and "ecological" finds "ecology". */
export function stem(word: string): string {
  let w = word.toLowerCase();
  for (const [suffix, replacement] of [
    ['ational', 'ate'],
    ['ization', 'ize'],
    ['ments', ''],
    ['ment', ''],
    ['ations', 'ate'],
    ['ation', 'ate'],
    ['ical', 'ic'],
    ['ies', 'y'],
    ['ing', ''],
    ['ed', ''],
    ['es', ''],
    ['s', ''],
    ['al', ''],
    ['y', ''],
  ] as const) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) {
      w = w.slice(0, -suffix.length) + replacement;
      break;
    }
  }
  return w.length > 6 ? w.slice(0, Math.max(5, w.length - 2)) : w;
}

export function mentions(text: string | null | undefined, keyword: string): boolean {
  if (!text) return false;
  return text.toLowerCase().includes(stem(keyword));
}

export type ScorableGrant = {
  title: string;
  researchAreas: string[];
  description: string | null;
  programText: string | null;
  agency: string | null;
  agencyCode: string | null;
};

export type KeywordHits = {
  title: string[];
  areas: string[];
  description: string[];
  agency: string[];
};

/** Each keyword's stem, worked out once per search rather than once per grant and field. */
const stemCache = new Map<string, string>();
function stemOf(keyword: string) {
  let stemmed = stemCache.get(keyword);
  if (stemmed === undefined) {
    stemmed = stem(keyword);
    if (stemCache.size > 5000) stemCache.clear();
    stemCache.set(keyword, stemmed);
  }
  return stemmed;
}

/** The word without an inflection: "effects" → "effect", "studies" → "study", "mapping" → "mapp". */
function uninflected(word: string) {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  for (const suffix of ["'s", 'es', 'ed', 'ing', 's']) {
    if (w.length - suffix.length >= 3 && w.endsWith(suffix) && !w.endsWith('ss'))
      return w.slice(0, -suffix.length);
  }
  return w;
}

const wordFormsCache = new Map<string, RegExp>();
/**
 * A keyword, its root and their inflections as whole words ("effect",
 * "effects", "treatment" → "treat", "treated"), never a longer derivation:
 * "informal" is not "information", "effects" not "effectiveness" (issue 10:
 * keep distinct words distinct).
 */
export function wordFormsOf(keyword: string): RegExp {
  let re = wordFormsCache.get(keyword);
  if (!re) {
    const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const base = escape(uninflected(keyword));
    const root = escape(stemOf(keyword));
    const stemY = base.endsWith('y') ? `|${base.slice(0, -1)}(?:ies|ied)` : '';
    const stemE = base.endsWith('e') ? `|${base.slice(0, -1)}(?:ing|ed)` : '';
    // The keyword, or its root ("treatment" → "treat"), with an inflection; nothing longer.
    re = new RegExp(
      `(?<![a-z0-9])(?:${base}(?:s|es|ed|d|ing|'s)?${stemY}${stemE}|${root}(?:s|es|e|ed|d|ing|y|ies)?)(?![a-z0-9])`,
    );
    if (wordFormsCache.size > 5000) wordFormsCache.clear();
    wordFormsCache.set(keyword, re);
  }
  return re;
}

/**
 * Which keywords each field mentions (as `mentions` decides, each field
 * lower-cased once); a keyword also counts where one of its `alternatives`
 * (synonyms, lower case) appears.
 */
export function keywordHits(
  grant: ScorableGrant,
  keywords: string[],
  alternatives?: (keyword: string) => string[],
): KeywordHits {
  const hits: KeywordHits = { title: [], areas: [], description: [], agency: [] };
  const title = grant.title.toLowerCase();
  const areaText = grant.researchAreas.join(' | ').toLowerCase();
  const body = `${grant.description ?? ''} ${grant.programText ?? ''}`.toLowerCase();
  const agency = `${grant.agency ?? ''} ${grant.agencyCode ?? ''}`.toLowerCase();
  for (const k of keywords) {
    const forms = alternatives?.(k) ?? [];
    const own = wordFormsOf(k);
    // A cheap look for the root's first letters before the whole-word pattern.
    const start = stemOf(k).slice(0, 4);
    const said = (text: string) =>
      (text.includes(start) && own.test(text)) || forms.some((f) => text.includes(f));
    if (said(title)) hits.title.push(k);
    if (said(areaText)) hits.areas.push(k);
    if (said(body)) hits.description.push(k);
    if (said(agency)) hits.agency.push(k);
  }
  return hits;
}

/**
 * Grant boilerplate: words that appear in thousands of titles and research
 * areas ("Health Services", "Technical Assistance", "Workforce Development")
 * and so say little about the topic. They still match, at a third of the weight.
 */
export const boilerplateWords = new Set([
  'service',
  'services',
  'assistance',
  'support',
  'supporting',
  'management',
  'development',
  'activity',
  'activities',
  'initiative',
  'project',
  'projects',
  'center',
  'centers',
  'award',
  'awards',
  'technical',
  'capacity',
]);

export function keywordWeight(keyword: string): number {
  return boilerplateWords.has(keyword.toLowerCase()) ? 1 / 3 : 1;
}

/**
 * How much a word says, from how many of the catalogue's grants hold it (BM25's
 * inverse document frequency): a word in 2 of 4,000 grants weighs about 7.4,
 * one in 1,000 of them about 1.4, one in all of them about 0.0001.
 */
export function rarityWeight(docs: number, grants: number): number {
  const held = Math.min(Math.max(docs, 0), grants);
  return Math.log(1 + (grants - held + 0.5) / (held + 0.5));
}

/**
 * 0-100: how well the grant's fields cover the keywords, weighted by field and
 * by each word's weight: its rarity when the catalogue's statistics are known
 * (`weights`), else 1 with boilerplate words down-weighted.
 */
export function keywordCoverage(
  hits: KeywordHits,
  keywords: string[],
  weights?: Map<string, number> | null,
): number {
  if (keywords.length === 0) return 0;
  let total = 0;
  let sum = 0;
  for (const k of keywords) {
    const weight =
      (hits.title.includes(k) ? 0.4 : 0) +
      (hits.areas.includes(k) ? 0.3 : 0) +
      (hits.description.includes(k) ? 0.2 : 0) +
      (hits.agency.includes(k) ? 0.1 : 0);
    // A keyword in the title counts fully, as do two other fields together; the description alone, half.
    const w = weights?.get(k) ?? keywordWeight(k);
    total += w * Math.min(1, weight / 0.4);
    sum += w;
  }
  return sum > 0 ? (total / sum) * 100 : 0;
}

export function clampScore(value: number): number {
  return Math.max(0, Math.min(100, Math.round(value)));
}

/**
 * A cosine similarity of word-embedding vectors as 0-100. Unrelated texts of
 * this domain sit around 0.3 and close paraphrases above 0.8, so that range is
 * stretched over the scale.
 */
export function semanticPercent(cosine: number): number {
  const low = 0.3;
  const high = 0.85;
  return Math.round(Math.max(0, Math.min(1, (cosine - low) / (high - low))) * 100);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The query's neighbouring word pairs as patterns that find them said close
 * together (at most one word between), worked out once per search.
 */
export function phrasePatterns(keywords: string[]): RegExp[] {
  const patterns: RegExp[] = [];
  for (let i = 0; i + 1 < keywords.length; i++) {
    const a = escapeRegExp(stemOf(keywords[i]!));
    const b = escapeRegExp(stemOf(keywords[i + 1]!));
    patterns.push(new RegExp(`${a}[a-z0-9-]*[^a-z0-9\\n]+(?:[a-z0-9-]+[^a-z0-9\\n]+)?${b}`));
  }
  return patterns;
}

/**
 * 0-1: the share of the query's neighbouring word pairs (`phrasePatterns`)
 * that the grant's title or description says close together: of two grants
 * that mention "wetland" and "conservation", the one about wetland
 * conservation rather than both words apart.
 */
export function phraseShare(
  grant: Pick<ScorableGrant, 'title' | 'description'>,
  patterns: RegExp[],
  /** Pairs worth testing (both words found somewhere), by index; all when left out. */
  candidates?: boolean[],
): number {
  if (patterns.length === 0) return 0;
  if (candidates && !candidates.some(Boolean)) return 0;
  const text = `${grant.title} \n ${grant.description ?? ''}`.toLowerCase();
  return (
    patterns.filter((p, i) => (candidates?.[i] ?? true) && p.test(text)).length / patterns.length
  );
}
