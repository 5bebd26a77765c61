// The research office's figures: the dashboard, the grant status page, the
// researcher detail and the CSV export all count with the same rules (decision
// 037), so a number is the same wherever it is shown.
//
// - The period is a pair of ISO days, both included; by default the US federal
//   fiscal year holding today (1 October to 30 September).
// - An application belongs to its PI's institution and department.
// - Awarded: reached `awarded` within the period (its award date); funding
//   achieved is the sum of those awards' amounts.
// - Rejected: declined within the period (its latest stage change to rejected).
// - Pending review: in `internal_review` now. Applied: `submitted` or
//   `under_review` now (waiting on the sponsor). Pending applications on the
//   dashboard = pending review + applied (the `pending` filter lists them).
// - All (the Grant Status list and the export with no status): every
//   application live during the period: started by its end, and still in
//   progress or last changed on or after its start.
// - Active researchers: active accounts that signed in within the last 30 days.
// - An open opportunity: an open or forecasted grant that fits a researcher's
//   profile by the research-area rule (research-area-match.ts), as each
//   person's own count in the researcher directory does.
import { z } from 'zod';
import { calendarDay } from './primitives';
import { addIsoDays, isoDaysBetween } from './days';
import { uuidSchema } from './uuid-schema';
import { sponsorCapStatusSchema } from './sponsor-caps';

/** Today's federal fiscal year: 1 October of the year before to 30 September (FY2027 = 2026-10-01 … 2027-09-30). */
export function fiscalYearOf(today: string): { from: string; to: string; label: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const ends = month >= 10 ? year + 1 : year;
  return { from: `${ends - 1}-10-01`, to: `${ends}-09-30`, label: `FY${ends}` };
}

/** The same length of time just before a period (for trends). */
export function previousPeriod(period: { from: string; to: string }): { from: string; to: string } {
  const length = isoDaysBetween(period.from, period.to) + 1;
  return { from: addIsoDays(period.from, -length), to: addIsoDays(period.from, -1) };
}

const periodFields = {
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  department: z.string().trim().min(1).max(200).optional(),
};

function fromBeforeTo(value: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if ((value.from === undefined) !== (value.to === undefined)) {
    ctx.addIssue({ code: 'custom', path: [value.from === undefined ? 'from' : 'to'], message: 'Give both ends of the period, or neither' });
  } else if (value.from && value.to && value.from > value.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The period ends before it starts' });
  }
}

export const adminOverviewQuerySchema = z.object(periodFields).strict().superRefine(fromBeforeTo);
export type AdminOverviewQuery = z.infer<typeof adminOverviewQuerySchema>;

export const pipelineStatusFilters = ['awarded', 'pending_review', 'applied', 'pending', 'rejected', 'in_progress', 'all'] as const;
export type PipelineStatusFilter = (typeof pipelineStatusFilters)[number];

export const adminPipelineQuerySchema = z
  .object({ ...periodFields, status: z.enum(pipelineStatusFilters).optional() })
  .strict()
  .superRefine(fromBeforeTo);
export type AdminPipelineQuery = z.infer<typeof adminPipelineQuerySchema>;

/**
 * Where a page of the Grant Status list ends: the moment its order is by (last
 * change, or the decision for awards and declines) at full precision, and the
 * application's id.
 */
export const pipelineCursorSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Not a list cursor')
  .refine((value) => !Number.isNaN(Date.parse(value.slice(0, 24))), 'Not a list cursor');

export const adminPipelineApplicationsQuerySchema = z
  .object({ ...periodFields, status: z.enum(pipelineStatusFilters).optional(), after: pipelineCursorSchema })
  .strict()
  .superRefine(fromBeforeTo);
export type AdminPipelineApplicationsQuery = z.infer<typeof adminPipelineApplicationsQuerySchema>;

/** How many applications one page of the Grant Status list holds. */
export const pipelinePageSize = 50;

export const periodSchema = z.object({ from: z.string(), to: z.string(), label: z.string() });

const personRef = z.object({ id: z.string(), name: z.string(), department: z.string().nullable() });
const grantRef = z.object({ id: z.string(), title: z.string(), agency: z.string().nullable(), closeDate: z.string().nullable() });

export const adminStatsSchema = z.object({
  totalFundingAchieved: z.number(),
  openOpportunities: z.number().int(),
  pendingApplications: z.number().int(),
  activeResearchers: z.number().int(),
});

export const timelineItemSchema = z.object({
  applicationId: z.string(),
  grantTitle: z.string(),
  researcher: personRef,
  status: z.string(),
  startedOn: z.string(),
  submittedOn: z.string().nullable(),
  awardedOn: z.string().nullable(),
  internalDeadline: z.string().nullable(),
  sponsorDeadline: z.string().nullable(),
  amount: z.number().nullable(),
});

export const fundingSliceSchema = z.object({ name: z.string(), amount: z.number(), awards: z.number().int() });

export const professorActivitySchema = z.object({
  researcher: personRef,
  lastSignInAt: z.string().nullable(),
  saved: z.number().int(),
  started: z.number().int(),
  submitted: z.number().int(),
  awarded: z.number().int(),
});

export const adminOverviewResponseSchema = z.object({
  period: periodSchema,
  department: z.string().nullable(),
  /** The institution's departments, for the filter. */
  departments: z.array(z.string()),
  stats: adminStatsSchema,
  /** Active researchers of the institution (or department): the "of all active" beside activeResearchers. */
  researchersTotal: z.number().int(),
  /** The open opportunities that fit the most researchers, with how many each fits. */
  opportunities: z.array(z.object({ grant: grantRef, researchers: z.number().int() })),
  /** Applications in progress and awards of the period on a time axis, soonest deadline first (at most 40). */
  timeline: z.array(timelineItemSchema),
  fundingByAgency: z.array(fundingSliceSchema),
  fundingByDepartment: z.array(fundingSliceSchema),
  /** Most active first (at most 100); the rest are in the researcher directory and the export. */
  professorActivity: z.array(professorActivitySchema),
  professorActivityTotal: z.number().int(),
});
export type AdminOverview = z.infer<typeof adminOverviewResponseSchema>;

export const pipelineRowSchema = z.object({
  id: z.string(),
  grant: grantRef.extend({ opportunityNumber: z.string() }),
  researcher: personRef,
  status: z.string(),
  amountRequested: z.number().nullable(),
  amountAwarded: z.number().nullable(),
  internalDeadline: z.string().nullable(),
  sponsorDeadline: z.string().nullable(),
  documents: z.object({ completed: z.number().int(), total: z.number().int() }),
  lastChange: z.string(),
});
export type PipelineRow = z.infer<typeof pipelineRowSchema>;

export const adminPipelineResponseSchema = z.object({
  period: periodSchema,
  department: z.string().nullable(),
  departments: z.array(z.string()),
  counts: z.object({
    awarded: z.number().int(),
    pendingReview: z.number().int(),
    applied: z.number().int(),
    rejected: z.number().int(),
  }),
  status: z.enum(pipelineStatusFilters),
  /** The first page of the applications the status filter picks (awards and declines latest decided first, others last changed first) and how many there are. */
  applications: z.array(pipelineRowSchema),
  applicationsTotal: z.number().int(),
  /** Where the next page starts (`GET /admin/pipeline/applications?after=`), or null on the last. */
  applicationsNext: z.string().nullable(),
  savedGrants: z.array(z.object({ grant: grantRef, count: z.number().int(), savedBy: z.array(personRef) })),
  collaborations: z.object({
    /** Open grants that fit researchers here and researchers at other institutions. */
    opportunities: z.array(z.object({ grant: grantRef, here: z.number().int(), elsewhere: z.number().int() })),
    pendingInvitations: z.array(
      z.object({
        applicationId: z.string(),
        grantTitle: z.string(),
        pi: personRef,
        invitee: z.object({ id: z.string(), name: z.string(), institution: z.string() }),
        invitedAt: z.string(),
      }),
    ),
  }),
  inProgress: z.array(pipelineRowSchema),
  recentActivity: z.array(
    z.object({
      at: z.string(),
      applicationId: z.string(),
      grantTitle: z.string(),
      researcher: personRef,
      fromStatus: z.string().nullable(),
      toStatus: z.string(),
      reason: z.string().nullable(),
    }),
  ),
  alerts: z.array(
    z.object({
      kind: z.enum(['internal_deadline', 'waiting_review']),
      applicationId: z.string(),
      grantTitle: z.string(),
      researcher: personRef,
      day: z.string(),
    }),
  ),
});
export type AdminPipeline = z.infer<typeof adminPipelineResponseSchema>;

export const adminPipelineApplicationsResponseSchema = z.object({
  applications: z.array(pipelineRowSchema),
  next: z.string().nullable(),
});
export type AdminPipelineApplications = z.infer<typeof adminPipelineApplicationsResponseSchema>;

export const adminResearcherParamsSchema = z.object({ id: uuidSchema('Researcher not found') }).strict();

const trend = z.object({ value: z.number(), previous: z.number() });

export const adminResearcherResponseSchema = z.object({
  period: periodSchema,
  profile: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    title: z.string().nullable(),
    department: z.string().nullable(),
    status: z.enum(['active', 'deactivated']),
    lastSignInAt: z.string().nullable(),
    researchAreas: z.array(z.string()),
    about: z.string().nullable(),
    joinedAt: z.string(),
  }),
  pipeline: z.array(pipelineRowSchema),
  collaborations: z.array(
    z.object({
      applicationId: z.string(),
      grantTitle: z.string(),
      role: z.enum(['pi', 'co_investigator', 'contributor']),
      status: z.enum(['active', 'pending']),
      people: z.array(z.object({ id: z.string(), name: z.string(), institution: z.string(), status: z.enum(['active', 'pending']) })),
    }),
  ),
  notifications: z.object({
    deadlines: z.array(z.object({ day: z.string(), what: z.string(), applicationId: z.string(), grantTitle: z.string() })),
    recent: z.array(z.object({ id: z.string(), kind: z.string(), title: z.string(), createdAt: z.string() })),
  }),
  metrics: z.object({
    /** awarded ÷ decided (awarded + rejected) in the period; null when nothing was decided. */
    successRate: z.object({ value: z.number().nullable(), previous: z.number().nullable() }),
    submitted: trend,
    awarded: trend,
    fundingThisPeriod: trend,
    fundingTotal: z.number(),
    publicationsThisPeriod: trend,
    publicationsTotal: z.number().int(),
    hasData: z.boolean(),
  }),
  tasks: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.string(),
      priority: z.string(),
      dueDate: z.string().nullable(),
      applicationId: z.string(),
      grantTitle: z.string(),
    }),
  ),
  /** Their count against each sponsor's application cap this calendar year (NIH's six), whether or not near it. */
  sponsorCaps: z.array(sponsorCapStatusSchema),
});
export type AdminResearcher = z.infer<typeof adminResearcherResponseSchema>;
