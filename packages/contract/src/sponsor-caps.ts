// Sponsors' caps on how many applications one person may send them in a
// period (issue 29 §2, decision 060). The rule is data: a sponsor's cap is a
// row of the server's `sponsor_cap_rules` table (NIH's from migration 0048),
// read as a `SponsorCapRule` by the pure functions of the server's
// applications module (sponsor-cap-rules.ts); another sponsor's cap is another row.
import { z } from 'zod';
import type { ApplicationStatus } from './grants';

/** Application types in NIH's sense (new, renewal, resubmission, revision). */
export type SponsorCapApplicationType = 'new' | 'renewal' | 'resubmission' | 'revision';

/** One sponsor's cap: a row of `sponsor_cap_rules`. */
export type SponsorCapRule = {
  /** Short name shown to people ("4 of 6 NIH applications"). */
  sponsor: string;
  /** Grants.gov agency-code prefixes of the sponsor's opportunities (as in agencies.ts). */
  agencyCodePrefixes: string[];
  cap: number;
  /** The counting period: the calendar year (1 January to 31 December). */
  period: 'calendar-year';
  /** Which day puts an application in a year: the sponsor's deadline (the grant's close date), else the day it was submitted. */
  yearBasis: 'sponsor-close-date';
  /** Stages an application counts in (it reached the sponsor). */
  countedStages: ApplicationStatus[];
  /** A withdrawn application counts when it had been submitted first (the sponsor received it). */
  withdrawnCountsIfSubmitted: boolean;
  /** Whose applications count: the PI (the application's owner). No team role stands for NIH's multiple PI. */
  roles: 'pi'[];
  /** Activity codes that do not count: an exact code ("R13") or a letter and `*` ("T*" = every T code). */
  excludedActivityCodes: string[];
  /**
   * The application types the sponsor's notice counts (NIH: all four). Kept
   * as the notice says; GrantBridge does not record an application's type, so
   * every application of a counted stage counts.
   */
  countedApplicationTypes: SponsorCapApplicationType[];
  /** Applications whose year-basis day is before this do not count (ISO day). */
  effectiveFrom: string;
  source: { notice: string; title: string; url: string };
};

/** One person's standing against one sponsor's cap in one year. */
export const sponsorCapStatusSchema = z.object({
  sponsor: z.string(),
  cap: z.number().int(),
  /** Applications counted in `year`. */
  used: z.number().int(),
  year: z.number().int(),
  /** One more would be the last the sponsor accepts (used = cap - 1). */
  warn: z.boolean(),
  /** No more this year (used >= cap). */
  atCap: z.boolean(),
  source: z.object({ notice: z.string(), title: z.string(), url: z.string() }),
});
export type SponsorCapStatus = z.infer<typeof sponsorCapStatusSchema>;

/** The institution's researchers at or one below a sponsor's cap (GET /api/v1/admin/sponsor-caps). */
export const nearSponsorCapResponseSchema = z.object({
  year: z.number().int(),
  researchers: z.array(
    z.object({
      researcher: z.object({ id: z.string(), name: z.string(), department: z.string().nullable() }),
      status: sponsorCapStatusSchema,
    }),
  ),
});
export type NearSponsorCapResponse = z.infer<typeof nearSponsorCapResponseSchema>;
