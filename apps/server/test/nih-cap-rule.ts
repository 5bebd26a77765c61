// NIH's row of sponsor_cap_rules as migration 0048 inserts it (NOT-OD-25-132):
// what the pure rule tests read, and what the table test expects to find.
import type { SponsorCapRule } from '@grantbridge/contract/sponsor-caps';

export const nihCapRule: SponsorCapRule = {
  sponsor: 'NIH',
  agencyCodePrefixes: ['HHS-NIH'],
  cap: 6,
  period: 'calendar-year',
  yearBasis: 'sponsor-close-date',
  countedStages: ['submitted', 'under_review', 'awarded', 'rejected'],
  withdrawnCountsIfSubmitted: true,
  roles: ['pi'],
  excludedActivityCodes: ['T*', 'R13'],
  countedApplicationTypes: ['new', 'renewal', 'resubmission', 'revision'],
  effectiveFrom: '2025-09-25',
  source: {
    notice: 'NOT-OD-25-132',
    title: 'Supporting Fairness and Originality in NIH Research Applications',
    url: 'https://grants.nih.gov/grants/guide/notice-files/NOT-OD-25-132.html',
  },
};
