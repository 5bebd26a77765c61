// "Open Opportunities" in the researcher directory: how many open or
// forecasted grants fit each person's research areas (the area rule of
// research-area-match.ts). Counting per person in SQL would scan the open
// grants once per row; instead each instance keeps the open grants' areas in
// memory (a few thousand short arrays), read again when the day changes or
// after `maxAgeMs`, so an import shows within minutes on every instance.
//
// An opportunity is counted once (issue 30): versions of one call (the same
// title from the same agency, a forecast beside its synopsis, another year's
// posting) fold into the one that closes last; and a record whose title names
// only fiscal years before last ("FY 2012") is not counted, since it was left
// "open" by a missing close date, not by the sponsor.
import { isoDayOf } from '@grantbridge/contract/days';
import { areaMatches } from '@grantbridge/contract/research-area-match';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { findOpenGrantAreas } from './grants.repository';

const maxAgeMs = 5 * 60_000;

type AreaIndex = {
  day: string;
  builtAt: number;
  grantCount: number;
  /** Each grant's id and close date, by its number in the index. */
  grants: { id: string; closeDate: string | null }[];
  grantsByArea: Map<string, number[]>;
  /** Profile area (lower-case) → the vocabulary areas it fits. */
  fitting: Map<string, string[]>;
};
/** Per database: two apps in one process (test files sharing a worker) never share an index. */
const cached = perDatabase<{ index: Promise<AreaIndex> | null }>(() => ({ index: null }));

/** The fiscal years a title names ("FY 2012", "FY-12", "FY'13", "Fiscal Year 2014"); a bare year is not one ("2020 Census"). */
export function fiscalYearsNamed(title: string): number[] {
  const years: number[] = [];
  for (const m of title.matchAll(/\b(?:FY|fiscal\s+year)[\s-]*'?(\d{4}|\d{2})\b/gi)) {
    const text = m[1]!;
    years.push(text.length === 2 ? 2000 + Number(text) : Number(text));
  }
  return years;
}

/** Whether the title names fiscal years, all before last year: a stale record, not an opportunity. */
export function namesOnlyPastYears(title: string, today: string): boolean {
  const years = fiscalYearsNamed(title);
  const lastYear = Number(today.slice(0, 4)) - 1;
  return years.length > 0 && years.every((y) => y < lastYear);
}

type OpenRow = Awaited<ReturnType<typeof findOpenGrantAreas>>[number];

/** One row per call: versions (same title and agency) fold into the one closing, else posted, last. */
export function oneVersionEach(rows: OpenRow[]): OpenRow[] {
  const byCall = new Map<string, OpenRow>();
  const later = (a: OpenRow, b: OpenRow) =>
    (a.close_date ?? '9999-12-31').localeCompare(b.close_date ?? '9999-12-31') ||
    (a.post_date ?? '').localeCompare(b.post_date ?? '') ||
    a.id.localeCompare(b.id);
  for (const row of rows) {
    const key = `${(row.agency_key ?? '').toLowerCase()}|${row.title.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()}`;
    const kept = byCall.get(key);
    if (!kept || later(row, kept) > 0) byCall.set(key, row);
  }
  return [...byCall.values()];
}

async function buildIndex(db: Db, day: string): Promise<AreaIndex> {
  const rows = oneVersionEach((await findOpenGrantAreas(db, day)).filter((row) => !namesOnlyPastYears(row.title, day)));
  const grantsByArea = new Map<string, number[]>();
  rows.forEach((row, index) => {
    for (const area of new Set(row.research_areas)) {
      const list = grantsByArea.get(area) ?? [];
      list.push(index);
      grantsByArea.set(area, list);
    }
  });
  return {
    day,
    builtAt: Date.now(),
    grantCount: rows.length,
    grants: rows.map((r) => ({ id: r.id, closeDate: r.close_date })),
    grantsByArea,
    fitting: new Map(),
  };
}

async function areaIndex(db: Db, now: Date): Promise<AreaIndex> {
  const day = isoDayOf(now);
  const held = cached.of(db);
  const current = held.index ? await held.index.catch(() => null) : null;
  if (!current || current.day !== day || Date.now() - current.builtAt > maxAgeMs) {
    held.index = buildIndex(db, day);
  }
  return held.index!;
}

/** Forgets the open grants read so far (tests that change the catalogue). */
export function forgetOpenGrantAreas() {
  cached.forget();
}

/** The vocabulary areas of the open grants that a profile area fits (memoised per index). */
function grantAreasFitting(index: AreaIndex, area: string): string[] {
  const key = area.trim().toLowerCase();
  let found = index.fitting.get(key);
  if (!found) {
    found = [...index.grantsByArea.keys()].filter((grantArea) => areaMatches(area, grantArea));
    index.fitting.set(key, found);
  }
  return found;
}

/** For each list of research areas, the number of open or forecasted grants that fit it. */
export async function countOpenOpportunities(db: Db, profiles: string[][], now = new Date()) {
  const index = await areaIndex(db, now);
  // One mark per grant, stamped with the profile's number: a union without sets.
  const marks = new Int32Array(index.grantCount);
  return profiles.map((profile, n) => {
    const stamp = n + 1;
    let count = 0;
    for (const area of profile) {
      for (const grantArea of grantAreasFitting(index, area)) {
        for (const grant of index.grantsByArea.get(grantArea)!) {
          if (marks[grant] !== stamp) {
            marks[grant] = stamp;
            count++;
          }
        }
      }
    }
    return count;
  });
}

/**
 * The open or forecasted grants that fit at least one of a group of people,
 * with how many of them each fits: the people come as distinct sets of
 * research areas with how many have each (a person counts once per grant,
 * however many of their areas fit it). The research office's open
 * opportunities, by the same rule as each person's count above.
 */
export async function openGrantsFittingGroup(db: Db, people: { areas: string[]; count: number }[], now = new Date()) {
  const index = await areaIndex(db, now);
  const fits = new Int32Array(index.grantCount);
  const marks = new Int32Array(index.grantCount);
  people.forEach(({ areas, count }, n) => {
    const stamp = n + 1;
    for (const area of areas) {
      for (const grantArea of grantAreasFitting(index, area)) {
        for (const grant of index.grantsByArea.get(grantArea)!) {
          if (marks[grant] !== stamp) {
            marks[grant] = stamp;
            fits[grant] += count;
          }
        }
      }
    }
  });
  const found: { id: string; closeDate: string | null; people: number }[] = [];
  fits.forEach((count, grant) => {
    if (count > 0) found.push({ ...index.grants[grant]!, people: count });
  });
  return found;
}

/**
 * How related two research areas are in the open catalogue: of the open grants
 * that fit `a`, the share that also fit `b` (0–1). "Complementary" people in
 * the researcher recommendations are those whose areas often share a grant
 * with the user's.
 */
export async function openGrantAreaAffinity(db: Db, now = new Date()) {
  const index = await areaIndex(db, now);
  const names = [...index.grantsByArea.keys()];
  const sets = new Map<string, Set<number>>();
  const grantsFitting = (area: string) => {
    const key = area.trim().toLowerCase();
    let set = sets.get(key);
    if (!set) {
      set = new Set<number>();
      for (const name of names) {
        if (areaMatches(area, name)) for (const g of index.grantsByArea.get(name)!) set.add(g);
      }
      sets.set(key, set);
    }
    return set;
  };
  return (a: string, b: string): number => {
    const fitA = grantsFitting(a);
    if (fitA.size === 0) return 0;
    const fitB = grantsFitting(b);
    let both = 0;
    for (const g of fitA) if (fitB.has(g)) both++;
    return both / fitA.size;
  };
}
