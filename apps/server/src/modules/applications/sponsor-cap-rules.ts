// The sponsor application caps' rule, as pure functions over the rows of the
// `sponsor_cap_rules` table (`SponsorCapRule`s, decision 060), which the
// service reads and passes in: which sponsor a grant falls under, which
// activity codes its title names and whether they are excluded, which day puts
// an application in a year, and whether an application counts. No SQL and no
// clock: the service passes the rules, the applications and the year in.
import type { ApplicationStatus } from '@grantbridge/contract/grants';
import type { SponsorCapRule, SponsorCapStatus } from '@grantbridge/contract/sponsor-caps';

/** An application as the count reads it. */
export type CapCandidate = {
  status: ApplicationStatus;
  /** Whether it ever reached `submitted` (a withdrawal after submission still reached the sponsor). */
  wasSubmitted: boolean;
  grantTitle: string;
  opportunityNumber: string;
  agencyCode: string | null;
  /** The sponsor's deadline: the grant's close date (ISO day). */
  closeDate: string | null;
  /** The day it was submitted (ISO day, UTC). */
  submittedDay: string | null;
};

/** The rule whose sponsor publishes a grant with this Grants.gov agency code, if any. */
export function capRuleFor(rules: readonly SponsorCapRule[], agencyCode: string | null): SponsorCapRule | undefined {
  if (!agencyCode) return undefined;
  const code = agencyCode.toUpperCase();
  return rules.find((r) => r.agencyCodePrefixes.some((p) => code.startsWith(p.toUpperCase())));
}

const activityCode = /\b([A-Z][A-Z0-9][0-9])\b/g;

/**
 * The activity codes a grant names in parentheses, as NIH titles do:
 * "Ruth L. Kirschstein Institutional Research Training Grant (T32)",
 * "Pilot Studies (R21/R33 Clinical Trial Optional)" → T32; R21, R33.
 */
export function activityCodesIn(...texts: (string | null | undefined)[]): string[] {
  const codes = new Set<string>();
  for (const text of texts) {
    for (const group of (text ?? '').matchAll(/\(([^()]*)\)/g)) {
      for (const m of group[1]!.matchAll(activityCode)) codes.add(m[1]!);
    }
  }
  return [...codes];
}

/** Whether `code` is one of `excluded` ("R13" exactly, or "T*": every code starting with T). */
export function isExcludedCode(excluded: readonly string[], code: string): boolean {
  return excluded.some((e) => (e.endsWith('*') ? code.startsWith(e.slice(0, -1)) : code === e));
}

/**
 * Whether the grant is of an excluded activity code: every code it names is
 * excluded. A grant that names none, or names a counted one beside an excluded
 * one ("R13/U13"), counts: the count errs towards warning early.
 */
export function isExcludedActivity(rule: SponsorCapRule, grant: { title: string; opportunityNumber?: string | null }): boolean {
  const codes = activityCodesIn(grant.title, grant.opportunityNumber);
  return codes.length > 0 && codes.every((c) => isExcludedCode(rule.excludedActivityCodes, c));
}

/** The day that puts an application in a year: the sponsor's close date, else the day it was submitted. */
export function yearBasisDay(app: Pick<CapCandidate, 'closeDate' | 'submittedDay'>): string | null {
  return app.closeDate ?? app.submittedDay;
}

/** The calendar year an application counts in, or null when it has no day yet. */
export function capYearOf(app: Pick<CapCandidate, 'closeDate' | 'submittedDay'>): number | null {
  const day = yearBasisDay(app);
  return day ? Number(day.slice(0, 4)) : null;
}

/** Whether the stage counts: one of the rule's stages, or withdrawn after it was submitted when the rule says so. */
export function isCountedStage(rule: SponsorCapRule, app: Pick<CapCandidate, 'status' | 'wasSubmitted'>): boolean {
  if (rule.countedStages.includes(app.status)) return true;
  return app.status === 'withdrawn' && app.wasSubmitted && rule.withdrawnCountsIfSubmitted;
}

/** Whether an application counts against `rule` in `year`. */
export function countsTowardCap(rule: SponsorCapRule, app: CapCandidate, year: number): boolean {
  const day = yearBasisDay(app);
  return (
    capRuleFor([rule], app.agencyCode) !== undefined &&
    day !== null &&
    day >= rule.effectiveFrom &&
    Number(day.slice(0, 4)) === year &&
    isCountedStage(rule, app) &&
    !isExcludedActivity(rule, { title: app.grantTitle, opportunityNumber: app.opportunityNumber })
  );
}

/** The first and last day of the rule's period holding `year`. */
export function periodOf(_rule: SponsorCapRule, year: number): { from: string; to: string } {
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

export function capStatus(rule: SponsorCapRule, used: number, year: number): SponsorCapStatus {
  return { sponsor: rule.sponsor, cap: rule.cap, used, year, warn: used === rule.cap - 1, atCap: used >= rule.cap, source: rule.source };
}
