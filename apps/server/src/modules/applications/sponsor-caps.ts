// Counting each researcher's applications against sponsors' caps (issue 29
// §2, decision 060): NIH accepts six a year from one PI. The rows of the
// `sponsor_cap_rules` table say what counts (another sponsor's cap is another
// row); this reads them, and the pipeline for them, and hands both to the
// pure rule (sponsor-cap-rules.ts).
import type { SponsorCapRule, SponsorCapStatus } from '@grantbridge/contract/sponsor-caps';
import { todayIso } from '@grantbridge/contract/days';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { capRuleFor, capStatus, countsTowardCap, periodOf } from './sponsor-cap-rules';
import { findGrantCapKeys, listCapCandidates, listSponsorCapRules, type CapCandidateRow } from './sponsor-caps.repository';

/** How long an app instance keeps a database's rules: a changed row shows within this (no route writes them). */
export const sponsorCapRulesTtlMs = 60_000;
const ruleCaches = perDatabase(() => ({ at: 0, rules: null as Promise<SponsorCapRule[]> | null }));

/** The sponsors' caps, read from the table at most once a minute per database (a failed read is not kept). */
export function sponsorCapRulesOf(db: Db, nowMs = Date.now()): Promise<SponsorCapRule[]> {
  const cache = ruleCaches.of(db);
  if (cache.rules && nowMs - cache.at < sponsorCapRulesTtlMs) return cache.rules;
  const rules = listSponsorCapRules(db);
  cache.at = nowMs;
  cache.rules = rules;
  rules.catch(() => {
    if (cache.rules === rules) cache.rules = null;
  });
  return rules;
}

/** Drops every database's cached rules (a test, or a future write, that changed the rows). */
export function forgetSponsorCapRules(): void {
  ruleCaches.forget();
}

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
export async function sponsorCapForGrant(db: Db, userId: string, grantId: string, now = new Date()): Promise<SponsorCapStatus | null> {
  const grant = await findGrantCapKeys(db, grantId);
  const rule = grant && capRuleFor(await sponsorCapRulesOf(db), grant.agencyCode);
  if (!grant || !rule) return null;
  const year = grant.closeDate ? Number(grant.closeDate.slice(0, 4)) : yearOfToday(now);
  return sponsorCapStatusOf(db, userId, rule, year);
}

/** A person's count against every sponsor's cap this calendar year (the office's researcher page). */
export async function sponsorCapsOf(db: Db, userId: string, now = new Date()): Promise<SponsorCapStatus[]> {
  const year = yearOfToday(now);
  const statuses: SponsorCapStatus[] = [];
  // One after the other: `db` may be a transaction, one connection.
  for (const rule of await sponsorCapRulesOf(db)) statuses.push(await sponsorCapStatusOf(db, userId, rule, year));
  return statuses;
}

/** The institution's PIs at or one below a cap this calendar year, most used first. */
export async function researchersNearSponsorCaps(db: Db, institutionId: string, now = new Date()) {
  const year = yearOfToday(now);
  const near: { researcher: { id: string; name: string; department: string | null }; status: SponsorCapStatus }[] = [];
  for (const rule of await sponsorCapRulesOf(db)) {
    const rows = await listCapCandidates(db, { institutionId }, rule.agencyCodePrefixes, periodOf(rule, year));
    for (const [userId, { row, used }] of countByPerson(rule, rows, year)) {
      if (used < rule.cap - 1) continue;
      near.push({ researcher: { id: userId, name: row.name, department: row.department }, status: capStatus(rule, used, year) });
    }
  }
  near.sort((a, b) => b.status.used - a.status.used || a.researcher.name.localeCompare(b.researcher.name) || a.status.sponsor.localeCompare(b.status.sponsor));
  return { year, researchers: near };
}
