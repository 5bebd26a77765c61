// Counting each researcher's applications against sponsors' caps (issue 29
// §2, decision 060): NIH accepts six a year from one PI. The rows of
// `sponsorCapRules` say what counts; this reads the pipeline for them. Callers
// may pass other rules (a test adds a made-up sponsor's row).
import { sponsorCapRules, type SponsorCapRule, type SponsorCapStatus } from '@grantbridge/contract/sponsor-caps';
import { todayIso } from '@grantbridge/contract/days';
import type { Db } from '../../db/client';
import { capRuleFor, capStatus, countsTowardCap, periodOf } from './sponsor-cap-rules';
import { findGrantCapKeys, listCapCandidates, type CapCandidateRow } from './sponsor-caps.repository';

const yearOfToday = (now: Date) => Number(todayIso(now).slice(0, 4));

function countByPerson(rule: SponsorCapRule, rows: CapCandidateRow[], year: number) {
  const counts = new Map<string, { row: CapCandidateRow; used: number }>();
  for (const row of rows) {
    if (!countsTowardCap(rule, row, year)) continue;
    const entry = counts.get(row.userId) ?? { row, used: 0 };
    entry.used += 1;
    counts.set(row.userId, entry);
  }
  return counts;
}

/** One person's count against one rule in one calendar year. */
export async function sponsorCapStatusOf(db: Db, userId: string, rule: SponsorCapRule, year: number): Promise<SponsorCapStatus> {
  const rows = await listCapCandidates(db, { userIds: [userId] }, rule.agencyCodePrefixes, periodOf(rule, year));
  return capStatus(rule, countByPerson(rule, rows, year).get(userId)?.used ?? 0, year);
}

/**
 * The viewer's count against the cap of the grant's sponsor, for the year of
 * the grant's close date (this year when it has none); null when no cap applies.
 */
export async function sponsorCapForGrant(
  db: Db,
  userId: string,
  grantId: string,
  now = new Date(),
  rules: readonly SponsorCapRule[] = sponsorCapRules,
): Promise<SponsorCapStatus | null> {
  const grant = await findGrantCapKeys(db, grantId);
  const rule = grant && capRuleFor(rules, grant.agencyCode);
  if (!grant || !rule) return null;
  const year = grant.closeDate ? Number(grant.closeDate.slice(0, 4)) : yearOfToday(now);
  return sponsorCapStatusOf(db, userId, rule, year);
}

/** A person's count against every sponsor's cap this calendar year (the office's researcher page). */
export async function sponsorCapsOf(
  db: Db,
  userId: string,
  now = new Date(),
  rules: readonly SponsorCapRule[] = sponsorCapRules,
): Promise<SponsorCapStatus[]> {
  const year = yearOfToday(now);
  return Promise.all(rules.map((rule) => sponsorCapStatusOf(db, userId, rule, year)));
}

/** The institution's PIs at or one below a cap this calendar year, most used first. */
export async function researchersNearSponsorCaps(
  db: Db,
  institutionId: string,
  now = new Date(),
  rules: readonly SponsorCapRule[] = sponsorCapRules,
) {
  const year = yearOfToday(now);
  const near: { researcher: { id: string; name: string; department: string | null }; status: SponsorCapStatus }[] = [];
  for (const rule of rules) {
    const rows = await listCapCandidates(db, { institutionId }, rule.agencyCodePrefixes, periodOf(rule, year));
    for (const [userId, { row, used }] of countByPerson(rule, rows, year)) {
      if (used < rule.cap - 1) continue;
      near.push({ researcher: { id: userId, name: row.name, department: row.department }, status: capStatus(rule, used, year) });
    }
  }
  near.sort((a, b) => b.status.used - a.status.used || a.researcher.name.localeCompare(b.researcher.name) || a.status.sponsor.localeCompare(b.status.sponsor));
  return { year, researchers: near };
}
