// Current and Pending (Other) Support (issue 29 §3, decision 062): the
// document NSF and NIH ask for, built from the pipeline (awarded = current;
// sent to the sponsor and not yet decided = pending) and what the team
// entered per application: each person's role in the sponsor's sense and
// person-months per calendar year, and the award's number, period and
// overlap statement. Missing values are listed, never invented.
import { z } from 'zod';
import { stageSets, type ApplicationStatus } from './grants';
import { calendarDay } from './primitives';

/** The stage whose applications are current support; pending ones are the `applied` stage set. */
export const currentSupportStage: ApplicationStatus = 'awarded';
export const pendingSupportStages: readonly ApplicationStatus[] = stageSets.applied;

/** Roles as NSF's and NIH's formats name them: PI, co-PI / co-investigator, senior / key person, other. */
export const supportRoles = ['pi', 'co_investigator', 'senior_key', 'other'] as const;
export const supportRoleSchema = z.enum(supportRoles);
export type SupportRole = z.infer<typeof supportRoleSchema>;
export const supportRoleLabels: Record<SupportRole, string> = {
  pi: 'PI',
  co_investigator: 'Co-PI / Co-investigator',
  senior_key: 'Senior / key person',
  other: 'Other',
};

export const earliestSupportYear = 1990;
export const latestSupportYear = 2100;
/** A project period this long at most (in calendar years it touches). */
export const maxSupportYears = 10;

/** Calendar months of a person's time in one calendar year: 0 to 12, in hundredths. */
export const personMonthsSchema = z
  .number({ error: 'Enter person-months as a number' })
  .min(0, 'Person-months cannot be negative')
  .max(12, 'A year has at most 12 person-months')
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Use at most two decimals');

export const effortYearSchema = z.object({
  year: z.number().int().min(earliestSupportYear, 'Use a year from 1990').max(latestSupportYear, 'Use a year up to 2100'),
  personMonths: personMonthsSchema,
});

/** PUT …/team/:userId/effort: the person's role and person-months, each year's given replacing all before. */
export const effortInputSchema = z
  .object({
    role: supportRoleSchema.nullable(),
    personMonths: z.array(effortYearSchema).max(20, 'At most 20 years'),
  })
  .strict()
  .refine((b) => new Set(b.personMonths.map((y) => y.year)).size === b.personMonths.length, {
    message: 'Give each year once',
    path: ['personMonths'],
  });
export type EffortInput = z.infer<typeof effortInputSchema>;

/** PUT …/support: the award's number, the project period and the overlap statement (null clears one). */
export const supportDetailsInputSchema = z
  .object({
    awardNumber: z.string().trim().max(100, 'Keep the award number under 100 characters').nullable(),
    projectStart: calendarDay.nullable(),
    projectEnd: calendarDay.nullable(),
    overlapStatement: z.string().trim().max(4000, 'Keep the statement under 4,000 characters').nullable(),
  })
  .strict()
  .refine((b) => !b.projectStart || !b.projectEnd || b.projectStart <= b.projectEnd, {
    message: 'The project ends after it starts',
    path: ['projectEnd'],
  });
export type SupportDetailsInput = z.infer<typeof supportDetailsInputSchema>;

export const effortParamsSchema = z.object({ id: z.string().max(100), userId: z.string().max(100) });

const isoDay = z.string();

/** One person's row on an application: role and person-months for each year of the project period. */
export const effortRowSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** The role entered; the PI's is PI when none was. */
  role: supportRoleSchema.nullable(),
  /** Each year of the project period (and any other year entered), in order; null where nothing was entered. */
  personMonths: z.array(z.object({ year: z.number().int(), personMonths: z.number().nullable() })),
  /** Whether the viewer may edit this row. */
  editable: z.boolean(),
});
export type EffortRow = z.infer<typeof effortRowSchema>;

export const supportDetailsSchema = z.object({
  awardNumber: z.string().nullable(),
  projectStart: isoDay.nullable(),
  projectEnd: isoDay.nullable(),
  overlapStatement: z.string().nullable(),
});
export type SupportDetails = z.infer<typeof supportDetailsSchema>;

/** GET /applications/:id/current-and-pending: an application's support details and its team's effort. */
export const applicationSupportResponseSchema = z.object({
  support: supportDetailsSchema,
  /** The calendar years of the project period (empty until it is entered). */
  years: z.array(z.number().int()),
  effort: z.array(effortRowSchema),
  /** Whether the viewer may edit the support details (the PI). */
  canEditSupport: z.boolean(),
});
export type ApplicationSupportResponse = z.infer<typeof applicationSupportResponseSchema>;

export const missingFields = ['role', 'personMonths', 'awardNumber', 'amount', 'period', 'overlap'] as const;
export const missingValueSchema = z.object({
  field: z.enum(missingFields),
  /** What is missing, in words: "person-months for 2027". */
  label: z.string(),
});
export type MissingValue = z.infer<typeof missingValueSchema>;

export const supportEntrySchema = z.object({
  applicationId: z.string(),
  kind: z.enum(['current', 'pending']),
  status: z.string(),
  title: z.string(),
  sponsor: z.string().nullable(),
  opportunityNumber: z.string(),
  /** The award's number (current support only; pending ones have none yet). */
  awardNumber: z.string().nullable(),
  /** Awarded for current support, requested for pending. */
  amount: z.number().nullable(),
  projectStart: isoDay.nullable(),
  projectEnd: isoDay.nullable(),
  role: supportRoleSchema.nullable(),
  personMonths: z.array(z.object({ year: z.number().int(), personMonths: z.number().nullable() })),
  overlapStatement: z.string().nullable(),
  /** What this entry lacks, in the order of the document's columns. */
  missing: z.array(missingValueSchema),
});
export type SupportEntry = z.infer<typeof supportEntrySchema>;

export const currentPendingFormats = ['docx', 'pdf'] as const;
export type CurrentPendingFormat = (typeof currentPendingFormats)[number];
export const currentPendingQuerySchema = z.object({
  format: z.enum(currentPendingFormats, { error: 'Use docx or pdf' }).optional(),
});

export const currentPendingResponseSchema = z.object({
  person: z.object({ name: z.string(), institution: z.string().nullable() }),
  /** Current first, then pending; each by its project start (else its title). */
  entries: z.array(supportEntrySchema),
});
export type CurrentPendingResponse = z.infer<typeof currentPendingResponseSchema>;

export const currentPendingContentTypes: Record<CurrentPendingFormat, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};

/** The file's name: current-and-pending-support-2026-11-28.docx. */
export function currentPendingFileName(day: string, format: CurrentPendingFormat): string {
  return `current-and-pending-support-${day}.${format}`;
}
