// "Open Opportunities" in the researcher directory: how many open or
// forecasted grants fit each person's research areas (the area rule of
// research-area-match.ts). Counting per person in SQL would scan the open
// grants once per row; instead each instance keeps the open grants' areas in
// memory (a few thousand short arrays), read again when the day changes or
// after `maxAgeMs`, so an import shows within minutes on every instance.
import { areaMatches } from '@grantbridge/contract/research-area-match';
import type { Db } from '../../db/client';
import { findOpenGrantAreas } from './grants.repository';

const maxAgeMs = 5 * 60_000;

type AreaIndex = { day: string; builtAt: number; grantsByArea: Map<string, number[]> };
let cached: Promise<AreaIndex> | null = null;

async function buildIndex(db: Db, day: string): Promise<AreaIndex> {
  const rows = await findOpenGrantAreas(db, day);
  const grantsByArea = new Map<string, number[]>();
  rows.forEach((row, index) => {
    for (const area of new Set(row.research_areas)) {
      const list = grantsByArea.get(area) ?? [];
      list.push(index);
      grantsByArea.set(area, list);
    }
  });
  return { day, builtAt: Date.now(), grantsByArea };
}

async function areaIndex(db: Db, now: Date): Promise<AreaIndex> {
  const day = now.toISOString().slice(0, 10);
  const current = cached ? await cached.catch(() => null) : null;
  if (!current || current.day !== day || Date.now() - current.builtAt > maxAgeMs) {
    cached = buildIndex(db, day);
  }
  return cached!;
}

/** Forgets the open grants read so far (tests that change the catalogue). */
export function forgetOpenGrantAreas() {
  cached = null;
}

/** For each list of research areas, the number of open or forecasted grants that fit it. */
export async function countOpenOpportunities(db: Db, profiles: string[][], now = new Date()) {
  const index = await areaIndex(db, now);
  const areas = [...index.grantsByArea.keys()];
  return profiles.map((profile) => {
    const fitting = new Set<number>();
    for (const grantArea of areas) {
      if (!profile.some((area) => areaMatches(area, grantArea))) continue;
      for (const grant of index.grantsByArea.get(grantArea)!) fitting.add(grant);
    }
    return fitting.size;
  });
}
