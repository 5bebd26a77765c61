// The grant catalogue, grant search and the search assistant.
import { z } from 'zod';
import { fundingCategoryLabels, fundingInstrumentLabels } from './code-tables';
import { uuidSchema } from './uuid-schema';
import { booleanParam, calendarDay, moneyParam } from './primitives';
import { emailCadenceSchema } from './notifications';
import { sponsorCapStatusSchema } from './sponsor-caps';
import { limitedSubmissionLineSchema } from './limited-submissions';

export const grantStatuses = ['forecasted', 'posted', 'closed', 'archived'] as const;
/** What a search covers unless told otherwise: grants one can still apply for. */
export const defaultSearchStatuses = ['forecasted', 'posted'] as const;
export const grantStatusSchema = z.enum(grantStatuses);
export type GrantStatus = z.infer<typeof grantStatusSchema>;

export const sortOptions = [
  'due-date-asc',
  'due-date-desc',
  'amount-desc',
  'amount-asc',
  'posted-desc',
  'match',
] as const;
export const sortSchema = z.enum(sortOptions);
export type SortOption = z.infer<typeof sortSchema>;
export const sortLabels: Record<SortOption, string> = {
  match: 'Best match',
  'due-date-asc': 'Due date (soonest first)',
  'due-date-desc': 'Due date (latest first)',
  'amount-desc': 'Amount (highest first)',
  'amount-asc': 'Amount (lowest first)',
  'posted-desc': 'Newest (posted latest first)',
};

/** A real calendar day as YYYY-MM-DD (2026-02-30 and 2026-13-01 are refused). */
/** A day as the catalogue stores it (answers only: imported records are not ours to refuse). */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD');

export const grantSummarySchema = z.object({
  id: z.string(),
  opportunityNumber: z.string(),
  title: z.string(),
  agency: z.string().nullable(),
  agencyCode: z.string().nullable(),
  closeDate: isoDate.nullable(),
  postDate: isoDate.nullable(),
  awardCeiling: z.number().nullable(),
  awardFloor: z.number().nullable(),
  status: grantStatusSchema,
  researchAreas: z.array(z.string()),
  description: z.string().nullable(),
});
export type GrantSummary = z.infer<typeof grantSummarySchema>;

export const searchResultSchema = z.object({
  grant: grantSummarySchema,
  score: z.number().int().min(0).max(100),
  reasons: z.array(z.string()),
  /** A looser match: it does not say the query's most specific word; listed after the others, under "Related". */
  related: z.boolean(),
  /** Other versions of the same call (same agency and title, another year) folded into this result. */
  otherVersions: z.number().int().min(0),
  /** Whether they were all posted before this one ("2 earlier versions"). */
  otherVersionsEarlier: z.boolean(),
  /** For a closed programme that recurs: when it usually closes ("usually closes in March"). */
  cycle: z.string().nullable().default(null),
  /** The grant's limited call at the searcher's institution (decision 061), when it is limited there. */
  limitedSubmission: limitedSubmissionLineSchema.nullable().optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

const amountParam = moneyParam;

/** Who may apply, as the search filters by it: keys of Grants.gov applicant-code groups. */
export const searchEligibilityGroups = [
  'universities',
  'nonprofits',
  'tribes',
  'small-businesses',
  'for-profits',
  'state-governments',
  'local-governments',
  'school-districts',
  'individuals',
] as const;

/** A comma-separated list of known codes, in a fixed order, at most 40; empty or left out is none. */
function codeListParam(known: readonly string[], what: string) {
  return z
    .string()
    .max(400, `The ${what} list is too long`)
    .optional()
    .transform((v, ctx) => {
      const parts = [
        ...new Set(
          (v ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      const unknown = parts.find((p) => !known.includes(p));
      if (unknown !== undefined) {
        ctx.addIssue({ code: 'custom', message: `Unknown ${what} "${unknown.slice(0, 40)}"` });
        return z.NEVER;
      }
      return known.filter((k) => parts.includes(k));
    });
}


export const grantSearchQuerySchema = z
  .object({
    q: z.string().trim().max(500, 'The query is too long').default(''),
    /**
     * Follow-up refinements, comma-separated ("ocean,pacific islands"): a grant
     * must match a word of `q` and a word of every group (as the assistant narrows).
     */
    refine: z
      .string()
      .trim()
      .max(500, 'The refinement is too long')
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((group) => group.trim())
          .filter(Boolean),
      )
      .refine((groups) => groups.length <= 9, 'Use at most 9 refinements'),
    amountMin: amountParam.optional(),
    amountMax: amountParam.optional(),
    dueFrom: calendarDay.optional(),
    dueTo: calendarDay.optional(),
    /** Only grants open now that state no closing date (rolling, or open until funds run out); not with a date range. */
    noDeadline: booleanParam.default(false),
    /** Only grants that state no cost sharing or matching is required. */
    noCostShare: booleanParam.default(false),
    agency: z.string().trim().max(100, 'The agency is too long').optional(),
    /** Comma-separated statuses; left out, the words of `q` choose ("closed", "no forecasted"), else open and forecasted. */
    status: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const parts = (v ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        for (const p of parts) {
          if (!(grantStatuses as readonly string[]).includes(p)) {
            ctx.addIssue({
              code: 'custom',
              message: `Unknown status "${p.slice(0, 40)}"; use ${grantStatuses.join(', ')}`,
            });
            return z.NEVER;
          }
        }
        return parts.length
          ? (grantStatuses.filter((s) => parts.includes(s)) as GrantStatus[])
          : undefined;
      }),
    /** Who must be able to apply: comma-separated groups of `searchEligibilityGroups`. */
    eligibility: codeListParam(searchEligibilityGroups, 'who may apply'),
    /** Funding instruments (Grants.gov codes: G, CA, PC, O), any of them. */
    instrument: codeListParam(Object.keys(fundingInstrumentLabels), 'funding instrument'),
    /** Funding categories (Grants.gov codes such as HL, ST, ENV), any of them. */
    category: codeListParam(Object.keys(fundingCategoryLabels), 'category'),
    /** "Search these results": words the title, agency or number must contain. */
    within: z.string().trim().max(100, 'The text to search within is too long').optional(),
    sort: sortSchema.default('match'),
    matchProfile: booleanParam.default(false),
    researcherId: uuidSchema('Choose a researcher from the list').optional(),
    page: z.coerce.number().int().min(1).max(1000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine(
    (v) => v.amountMin === undefined || v.amountMax === undefined || v.amountMin <= v.amountMax,
    {
      message: 'The minimum amount is above the maximum',
      path: ['amountMin'],
    },
  )
  .refine((v) => !v.dueFrom || !v.dueTo || v.dueFrom <= v.dueTo, {
    message: 'The start date is after the end date',
    path: ['dueFrom'],
  })
  .refine((v) => !v.noDeadline || (!v.dueFrom && !v.dueTo), {
    message: 'Choose closing dates or no fixed deadline, not both',
    path: ['noDeadline'],
  });

export const grantSearchResponseSchema = z.object({
  results: z.array(searchResultSchema),
  total: z.number().int(),
  /** True when there are more than `total` matches (counting stops at 1,000). */
  totalCapped: z.boolean().default(false),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The research profile was asked for but shares no area with the best matches: it does not change the order. */
  profileIgnored: z.boolean().default(false),
  /** Words read as others the catalogue uses ("schizofrenia" as "schizophrenia"): "Showing results for …". */
  corrections: z.array(z.object({ from: z.string(), to: z.string() })).default([]),
  /**
   * When fewer than ten open grants match (first page, ranked by match):
   * closed programmes that recur, their usual cycle said, to plan for.
   */
  recurring: z.array(searchResultSchema).default([]),
  /**
   * When an amount is asked and fewer than ten grants state one that fits (first
   * page, ranked by match): grants that match everything else but publish no
   * award amount, listed after them (they may fund that much).
   */
  unstated: z.array(searchResultSchema).default([]),
  /**
   * The search as asked found nothing, so these results are its first looser
   * reading, said: "No open grants from USAF that say “basic”; here are 4 from any agency."
   */
  relaxed: z.string().nullable().default(null),
});
export type GrantSearchResponse = z.infer<typeof grantSearchResponseSchema>;

export const applicationStatuses = [
  'drafting',
  'internal_review',
  'submitted',
  'under_review',
  'awarded',
  'rejected',
  'withdrawn',
] as const;
export const applicationStatusSchema = z.enum(applicationStatuses);
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

/**
 * The named sets of stages that counts, lists and reminders use, written once
 * (the server's SQL reads them through db/stage-sql.ts).
 */
export const stageSets = {
  /** Still being worked on or decided: drafts, the office's review, and the sponsor's. */
  inProgress: ['drafting', 'internal_review', 'submitted', 'under_review'],
  /** Past the researcher's draft and not yet decided: with the office or the sponsor. */
  pending: ['internal_review', 'submitted', 'under_review'],
  /** Sent to the sponsor and not yet decided. */
  applied: ['submitted', 'under_review'],
} as const satisfies Record<string, readonly ApplicationStatus[]>;
export type StageSet = keyof typeof stageSets;

export const grantDetailSchema = grantSummarySchema.extend({
  sourceId: z.string().nullable(),
  programTitle: z.string().nullable(),
  objectives: z.string().nullable(),
  cfdaNumbers: z.array(z.string()),
  eligibility: z.object({
    applicantTypes: z.array(z.object({ code: z.string(), label: z.string() })),
    text: z.string().nullable(),
  }),
  categories: z.array(z.string()),
  instruments: z.array(z.string()),
  dates: z.object({
    posted: isoDate.nullable(),
    closing: isoDate.nullable(),
    archive: isoDate.nullable(),
    award: isoDate.nullable(),
    projectStart: isoDate.nullable(),
  }),
  funding: z.object({
    ceiling: z.number().nullable(),
    floor: z.number().nullable(),
    total: z.number().nullable(),
    expectedAwards: z.number().nullable(),
    costSharing: z.boolean().nullable(),
  }),
  /** The opportunity on Grants.gov. */
  portalUrl: z.string(),
  viewer: z.object({
    saved: z.boolean(),
    application: z.object({ id: z.string(), status: applicationStatusSchema }).nullable(),
    /** Share of this grant's research areas that are in the viewer's profile, 0-100. */
    matchPercent: z.number().int().nullable(),
    /** The viewer's count against the sponsor's application cap (NIH's six a year), for the year of this grant's close date; null when no cap applies. */
    sponsorCap: sponsorCapStatusSchema.nullable(),
    /** The grant's limited call at the viewer's institution (decision 061); null when it is not limited there. */
    limitedSubmission: limitedSubmissionLineSchema.nullable().optional(),
  }),
});
export type GrantDetail = z.infer<typeof grantDetailSchema>;
export const grantDetailResponseSchema = z.object({ grant: grantDetailSchema });

export const savedGrantResponseSchema = z.object({ saved: z.boolean() });

export const applicationSchema = z.object({
  id: z.string(),
  grantId: z.string(),
  grantTitle: z.string(),
  status: applicationStatusSchema,
  closeDate: isoDate.nullable(),
  createdAt: z.string(),
});
export type Application = z.infer<typeof applicationSchema>;
export const createApplicationRequestSchema = z.object({ grantId: uuidSchema('Choose a grant') });
export const applicationResponseSchema = z.object({
  application: applicationSchema,
  created: z.boolean(),
});
export const savedGrantListResponseSchema = z.object({ grants: z.array(grantSummarySchema) });

export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: z.string(),
  filters: z.record(z.string(), z.unknown()),
  alertCadence: emailCadenceSchema,
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
const savedSearchName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Use at most 100 characters');
export const createSavedSearchRequestSchema = z.object({
  name: savedSearchName,
  query: z.string().trim().max(500).default(''),
  /** The search state as in the URL (amountMin, agency, sort, …). */
  filters: z
    .record(
      z.string().max(40),
      z.union([z.string().max(200), z.number().finite(), z.boolean(), z.null()]),
    )
    .refine((f) => Object.keys(f).length <= 40, 'Too many filters')
    .default({}),
  alertCadence: emailCadenceSchema.default('off'),
});
export const updateSavedSearchRequestSchema = z.object({
  name: savedSearchName.optional(),
  alertCadence: emailCadenceSchema.optional(),
});
export const savedSearchResponseSchema = z.object({ savedSearch: savedSearchSchema });
export const savedSearchListResponseSchema = z.object({
  savedSearches: z.array(savedSearchSchema),
});
/**
 * The `:id` of a grant or saved-search path. Any short string: a malformed id
 * is answered 404 like an unknown one (the services check isUuid).
 */
export const idParamsSchema = z.object({ id: z.string().max(100) });

export const collaboratorSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  department: z.string().nullable(),
  institution: z.string(),
  researchAreas: z.array(z.string()),
  expertise: z.array(z.string()),
  about: z.string().nullable(),
  /** The seed's formula, 0-1. */
  score: z.number(),
  complementaryAreas: z.array(z.string()),
  matchingAreas: z.array(z.string()),
  /** Percentage points of the grant's areas the team would cover with this person. */
  matchIncrease: z.number().int(),
  suggestedGrants: z.array(grantSummarySchema).max(2),
});
export type Collaborator = z.infer<typeof collaboratorSchema>;
export const collaboratorsResponseSchema = z.object({
  collaborators: z.array(collaboratorSchema).max(3),
  /** Whether the viewer's profile lists research areas: an empty list then says so, not "complete your profile". */
  viewerHasAreas: z.boolean(),
});
export type CollaboratorsResponse = z.infer<typeof collaboratorsResponseSchema>;

export const suggestedGrantsQuerySchema = z
  .object({
    limit: z.coerce.number({ error: 'limit is a number' }).int().min(1, 'limit is at least 1').max(20, 'limit is at most 20').default(4),
  })
  .strict();
/** Open grants that fit the researcher's profile, not saved or applied to yet, with why each fits. */
export const suggestedGrantsResponseSchema = z.object({
  results: z.array(searchResultSchema.pick({ grant: true, score: true, reasons: true })),
  /** The profile names no research area: there is nothing to suggest from; ask to complete it. */
  needsProfile: z.boolean(),
});
