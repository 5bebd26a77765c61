// The sponsor caps' rule as pure functions: NIH's row of sponsor_cap_rules
// (NOT-OD-25-132) read for activity codes, the year, the stages and the date
// it took effect; another sponsor's row is read the same way.
import { describe, expect, it } from 'vitest';
import type { SponsorCapRule } from '@grantbridge/contract/sponsor-caps';
import { nihCapRule } from '../../../test/nih-cap-rule';
import {
  activityCodesIn,
  capRuleFor,
  capStatus,
  capYearOf,
  countsTowardCap,
  isCountedStage,
  isExcludedActivity,
  type CapCandidate,
} from './sponsor-cap-rules';

const nih = nihCapRule;
const sponsorCapRules = [nih];
const app = (over: Partial<CapCandidate> = {}): CapCandidate => ({
  status: 'submitted',
  wasSubmitted: true,
  grantTitle: 'Research Project Grant (Parent R01 Clinical Trial Not Allowed)',
  opportunityNumber: 'PA-25-301',
  agencyCode: 'HHS-NIH11',
  closeDate: '2026-06-05',
  submittedDay: '2026-06-01',
  ...over,
});

describe('the NIH row', () => {
  it('is six a calendar year from the PI, from 25 September 2025, by NOT-OD-25-132', () => {
    expect(nih).toMatchObject({ cap: 6, period: 'calendar-year', roles: ['pi'], effectiveFrom: '2025-09-25', excludedActivityCodes: ['T*', 'R13'] });
    expect(nih.source.notice).toBe('NOT-OD-25-132');
  });

  it('covers grants whose agency code starts HHS-NIH, not other HHS agencies', () => {
    expect(capRuleFor(sponsorCapRules, 'HHS-NIH11')?.sponsor).toBe('NIH');
    expect(capRuleFor(sponsorCapRules, 'hhs-nih11')?.sponsor).toBe('NIH');
    expect(capRuleFor(sponsorCapRules, 'HHS-CDC-NCCDPHP')).toBeUndefined();
    expect(capRuleFor(sponsorCapRules, 'NSF')).toBeUndefined();
    expect(capRuleFor(sponsorCapRules, null)).toBeUndefined();
  });
});

describe('activity codes', () => {
  it('are read from the parentheses of a title', () => {
    expect(activityCodesIn('Institutional Research Training Grant (T32)')).toEqual(['T32']);
    expect(activityCodesIn('Pilot Studies (R61/R33 Clinical Trial Optional)')).toEqual(['R61', 'R33']);
    expect(activityCodesIn('NIH Director’s New Innovator Award Program (DP2 Clinical Trial Optional)')).toEqual(['DP2']);
    expect(activityCodesIn('Planning (UG3/UH3)', 'PAR-25-100')).toEqual(['UG3', 'UH3']);
    expect(activityCodesIn('Ecology of Infectious Diseases (COVID-19 research)')).toEqual([]);
    expect(activityCodesIn('A title without codes', null)).toEqual([]);
  });

  it('T codes and R13 are excluded; a grant naming a counted code beside them is not', () => {
    const excluded = (title: string) => isExcludedActivity(nih, { title });
    expect(excluded('Training Grant (T32)')).toBe(true);
    expect(excluded('Short-Term Research Training (T35 Clinical Trial Not Allowed)')).toBe(true);
    expect(excluded('NIH Support for Conferences and Scientific Meetings (R13 Clinical Trial Not Allowed)')).toBe(true);
    expect(excluded('Conferences (R13/U13)')).toBe(false);
    expect(excluded('Research Project (R01)')).toBe(false);
    expect(excluded('Fellowship (F31)')).toBe(false);
    expect(excluded('A title without codes')).toBe(false);
    expect(countsTowardCap(nih, app({ grantTitle: 'Training Grant (T32)' }), 2026)).toBe(false);
    expect(countsTowardCap(nih, app({ grantTitle: 'Conference (R13)' }), 2026)).toBe(false);
  });
});

describe('the year', () => {
  it("is the sponsor's close date's, else the day it was submitted", () => {
    expect(capYearOf({ closeDate: '2027-01-05', submittedDay: '2026-12-20' })).toBe(2027);
    expect(capYearOf({ closeDate: null, submittedDay: '2026-12-20' })).toBe(2026);
    expect(capYearOf({ closeDate: null, submittedDay: null })).toBeNull();
    expect(countsTowardCap(nih, app({ closeDate: '2027-01-05', submittedDay: '2026-12-20' }), 2026)).toBe(false);
    expect(countsTowardCap(nih, app({ closeDate: '2027-01-05', submittedDay: '2026-12-20' }), 2027)).toBe(true);
    expect(countsTowardCap(nih, app({ closeDate: null, submittedDay: '2026-12-20' }), 2026)).toBe(true);
  });

  it('counts nothing before the notice took effect (25 September 2025)', () => {
    expect(countsTowardCap(nih, app({ closeDate: '2025-09-24' }), 2025)).toBe(false);
    expect(countsTowardCap(nih, app({ closeDate: '2025-09-25' }), 2025)).toBe(true);
  });
});

describe('the stages', () => {
  it('count from submitted onwards; a withdrawal counts only after submission', () => {
    for (const status of ['submitted', 'under_review', 'awarded', 'rejected'] as const) expect(isCountedStage(nih, { status, wasSubmitted: true })).toBe(true);
    for (const status of ['drafting', 'internal_review'] as const) expect(isCountedStage(nih, { status, wasSubmitted: false })).toBe(false);
    expect(isCountedStage(nih, { status: 'withdrawn', wasSubmitted: true })).toBe(true);
    expect(isCountedStage(nih, { status: 'withdrawn', wasSubmitted: false })).toBe(false);
    expect(countsTowardCap(nih, app({ status: 'drafting', wasSubmitted: false, submittedDay: null }), 2026)).toBe(false);
  });

  it('status: a warning at one below the cap, at the cap at six', () => {
    expect(capStatus(nih, 4, 2026)).toMatchObject({ used: 4, cap: 6, warn: false, atCap: false });
    expect(capStatus(nih, 5, 2026)).toMatchObject({ warn: true, atCap: false });
    expect(capStatus(nih, 6, 2026)).toMatchObject({ warn: false, atCap: true });
    expect(capStatus(nih, 7, 2026)).toMatchObject({ atCap: true });
  });
});

describe('another sponsor', () => {
  it('is another row, read by the same functions', () => {
    const acme: SponsorCapRule = { ...nih, sponsor: 'ACME', agencyCodePrefixes: ['ACME'], cap: 2, excludedActivityCodes: [], effectiveFrom: '2020-01-01' };
    const rules = [...sponsorCapRules, acme];
    expect(capRuleFor(rules, 'ACME-1')).toBe(acme);
    expect(countsTowardCap(acme, app({ agencyCode: 'ACME-1', grantTitle: 'Training (T32)' }), 2026)).toBe(true);
    expect(countsTowardCap(nih, app({ agencyCode: 'ACME-1' }), 2026)).toBe(false);
  });
});
