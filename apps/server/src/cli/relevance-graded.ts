// The graded yardstick of `npm run bench:relevance` (data/relevance/GUIDE.md):
// nDCG@10 and P@5 over topical.json and assistant.json, where a record's gain
// is its hand grade (0, 1 or 2) when it meets every machine-checked constraint
// of the entry on the day of the run, and 0 otherwise. Pure functions, pinned
// by relevance-graded.test.ts; the benchmark supplies the catalogue and runs.
import { addIsoDays, isoDayOf } from '@grantbridge/contract/days';

export type Constraints = {
  agency?: string;
  agencyMatch?: {
    codePrefixes: string[];
    numberPrefixes: string[];
    listingAgencies: string[];
    names: string[];
  };
  amountMin?: number;
  amountMinStrict?: boolean;
  amountMax?: number;
  amountMaxStrict?: boolean;
  statuses?: string[];
  deadlineAhead?: boolean;
  closesWithinDays?: number;
  closesInSeason?: 'spring' | 'summer' | 'fall' | 'winter';
  eligibility?: string[];
  exclude?: string[];
};

export type GradedEntry = {
  query: string;
  kind: 'topical' | 'assistant';
  topic?: string;
  covers?: string[];
  constraints?: Constraints;
  judgments: Record<string, number>;
};

/** What the constraints read of a grant: its dates already as the product shows them (demo shift applied). */
export type JudgedGrant = {
  opportunityNumber: string;
  title: string;
  description: string | null;
  agency: string | null;
  agencyCode: string | null;
  /** The agencies of its Assistance Listings (data/grants/assistance-listings.json). */
  listingAgencies: string[];
  awardCeiling: number | null;
  closeDate: string | null;
  status: string;
  eligibilityCodes: string[];
};

export const eligibilityGroups: Record<string, string[]> = {
  universities: ['06', '20'],
  tribes: ['07', '11'],
  nonprofits: ['12', '13'],
  'small businesses': ['23'],
  'for-profits': ['22', '23'],
  'state governments': ['00'],
  'local governments': ['01', '02', '04'],
  'school districts': ['05'],
  'public housing': ['08'],
  individuals: ['21'],
};

const seasonMonths = { spring: 2, summer: 5, fall: 8, winter: 11 } as const; // first month, 0-based

const isoDay = (d: Date) => isoDayOf(d);
const addDays = addIsoDays;

/** The coming occurrence of a season as [from, to] ISO days: from today if inside it, else the next whole season. */
export function seasonWindow(season: keyof typeof seasonMonths, today: string): [string, string] {
  const now = new Date(`${today}T00:00:00Z`);
  const first = seasonMonths[season];
  for (const year of [now.getUTCFullYear() - 1, now.getUTCFullYear(), now.getUTCFullYear() + 1]) {
    const start = new Date(Date.UTC(year, first, 1));
    const end = new Date(Date.UTC(year, first + 3, 0)); // last day of the third month
    if (isoDay(end) < today) continue;
    return [isoDay(start) > today ? isoDay(start) : today, isoDay(end)];
  }
  throw new Error('unreachable');
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A whole word or phrase; capitals mean case-sensitive ("AIDS" is not "hearing aids"). */
export function mentions(text: string, term: string): boolean {
  const pattern = escapeRegExp(term).replace(/\s+/g, '\\s+');
  const flags = term === term.toUpperCase() && /[A-Z]/.test(term) ? '' : 'i';
  return new RegExp(`(?<![A-Za-z0-9])${pattern}(?![A-Za-z0-9])`, flags).test(text);
}

function belongsToAgency(g: JudgedGrant, match: NonNullable<Constraints['agencyMatch']>): boolean {
  const code = g.agencyCode ?? '';
  const name = (g.agency ?? '').toLowerCase();
  return (
    match.codePrefixes.some((p) => code.startsWith(p)) ||
    match.numberPrefixes.some((p) => g.opportunityNumber.startsWith(p)) ||
    match.names.some((n) => name.includes(n.toLowerCase())) ||
    g.listingAgencies.some((a) =>
      match.listingAgencies.some((l) => a.toLowerCase().includes(l.toLowerCase())),
    )
  );
}

/** Whether a grant meets every constraint on `today` (unknown amounts and eligibility do not fail). */
export function meetsConstraints(
  g: JudgedGrant,
  c: Constraints | undefined,
  today: string,
): boolean {
  if (!c) return true;
  if (c.agencyMatch && !belongsToAgency(g, c.agencyMatch)) return false;
  const ceiling = g.awardCeiling && g.awardCeiling > 0 ? g.awardCeiling : null;
  if (ceiling !== null && c.amountMin !== undefined) {
    if (c.amountMinStrict ? ceiling <= c.amountMin : ceiling < c.amountMin) return false;
  }
  if (ceiling !== null && c.amountMax !== undefined) {
    if (c.amountMaxStrict ? ceiling >= c.amountMax : ceiling > c.amountMax) return false;
  }
  if (c.statuses && !c.statuses.includes(g.status)) return false;
  if (c.deadlineAhead && g.status !== 'posted' && g.status !== 'forecasted') return false;
  if (c.closesWithinDays !== undefined) {
    if (!g.closeDate || g.closeDate < today || g.closeDate > addDays(today, c.closesWithinDays))
      return false;
  }
  if (c.closesInSeason) {
    const [from, to] = seasonWindow(c.closesInSeason, today);
    if (!g.closeDate || g.closeDate < from || g.closeDate > to) return false;
  }
  if (c.eligibility) {
    const codes = g.eligibilityCodes.filter((code) => code !== '25');
    if (codes.length && !codes.includes('99')) {
      for (const group of c.eligibility) {
        const wanted = eligibilityGroups[group];
        if (!wanted) throw new Error(`unknown eligibility group "${group}"`);
        if (!wanted.some((w) => codes.includes(w))) return false;
      }
    }
  }
  if (c.exclude) {
    const text = `${g.title}\n${g.description ?? ''}`;
    if (c.exclude.some((term) => mentions(text, term))) return false;
  }
  return true;
}

/**
 * The constraints a record is judged by: an entry's own, and for a question to
 * the assistant also a deadline still ahead (issue 10 judges questions "on
 * topic and every stated constraint, deadlines still ahead": the assistant
 * answers with grants one can still apply for).
 */
export function judgedConstraints(entry: GradedEntry): Constraints | undefined {
  return entry.kind === 'assistant'
    ? { deadlineAhead: true, ...entry.constraints }
    : entry.constraints;
}

/** The gain of each judged record for an entry on `today`: its grade if it qualifies, else 0. */
export function gainsFor(
  entry: GradedEntry,
  grants: Map<string, JudgedGrant>,
  today: string,
): Map<string, number> {
  const gains = new Map<string, number>();
  const constraints = judgedConstraints(entry);
  for (const [id, grade] of Object.entries(entry.judgments)) {
    const g = grants.get(id);
    gains.set(id, grade > 0 && g && meetsConstraints(g, constraints, today) ? grade : 0);
  }
  return gains;
}

/**
 * nDCG@k with linear gains (the grade) and log2 discounts; the ideal ranking
 * is the judged gains sorted. Unjudged results count 0. Null when no judged
 * record has a gain (nothing correct to rank: reported apart).
 */
export function ndcgAt(ranked: string[], gains: Map<string, number>, k = 10): number | null {
  const dcg = (gs: number[]) => gs.slice(0, k).reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);
  const ideal = dcg([...gains.values()].filter((g) => g > 0).sort((a, b) => b - a));
  if (ideal === 0) return null;
  return dcg(ranked.map((id) => gains.get(id) ?? 0)) / ideal;
}

/**
 * nDCG@k counting each opportunity once: records with the same key (versions
 * of one call, as search folds them) are one item whose gain is the best of
 * theirs, in the ideal ranking and in the list (a later version adds nothing).
 */
export function ndcgDistinctAt(
  ranked: string[],
  gains: Map<string, number>,
  keyOf: (id: string) => string,
  k = 10,
): number | null {
  const best = new Map<string, number>();
  for (const [id, g] of gains) best.set(keyOf(id), Math.max(best.get(keyOf(id)) ?? 0, g));
  const ideal = dcgOf(
    [...best.values()].filter((g) => g > 0).sort((a, b) => b - a),
    k,
  );
  if (ideal === 0) return null;
  const seen = new Set<string>();
  const listed = ranked.map((id) => {
    const key = keyOf(id);
    if (seen.has(key)) return 0;
    seen.add(key);
    return gains.has(id) ? (best.get(key) ?? 0) : 0;
  });
  return dcgOf(listed, k) / ideal;
}

const dcgOf = (gs: number[], k: number) =>
  gs.slice(0, k).reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);

/** Share of the top k with a gain (grade 1 or 2 and every constraint met); a short list still divides by k. */
export function precisionAt(ranked: string[], gains: Map<string, number>, k = 5): number {
  return ranked.slice(0, k).filter((id) => (gains.get(id) ?? 0) > 0).length / k;
}

/** Results that break a stated constraint (judged or not), in the top k: what a question's answer must not show. */
export function violationsAt(
  ranked: string[],
  grants: Map<string, JudgedGrant>,
  c: Constraints | undefined,
  today: string,
  k = 10,
) {
  return ranked.slice(0, k).filter((id) => {
    const g = grants.get(id);
    return g !== undefined && !meetsConstraints(g, c, today);
  }).length;
}

export function readGradedEntries(text: string, file: string): GradedEntry[] {
  const parsed = JSON.parse(text) as unknown;
  if (!Array.isArray(parsed)) throw new Error(`${file}: expected an array of entries`);
  for (const e of parsed as GradedEntry[]) {
    if (typeof e.query !== 'string' || typeof e.judgments !== 'object' || e.judgments === null) {
      throw new Error(`${file}: bad entry ${JSON.stringify(e).slice(0, 120)}`);
    }
  }
  return parsed as GradedEntry[];
}
