// Limited submissions (issue 29 §1, decision 061): a grant an institution may
// send only N applications to, and the internal competition for its places.
// The office marks the grant limited, researchers send pre-proposals (an
// abstract and up to two PDFs), invited colleagues review them, and the office
// selects up to the cap. A place is taken from selection to withdrawal.
import { z } from 'zod';
import { calendarDay } from './primitives';
import { uuidSchema } from './uuid-schema';

/** A PDF of a pre-proposal may be this large (bytes, before base64). */
export const maxPreProposalPdfBytes = 5 * 1024 * 1024;
/** At most this many PDFs in a pre-proposal, whatever the call allows. */
export const maxPreProposalPdfs = 2;

export const preProposalStatuses = ['submitted', 'selected', 'declined', 'withdrawn'] as const;
export type PreProposalStatus = (typeof preProposalStatuses)[number];

/** What a researcher sees of a limited call on a grant page and in search results, for their institution. */
export const limitedSubmissionLineSchema = z.object({
  callId: z.string(),
  cap: z.number().int(),
  placesLeft: z.number().int(),
  internalDeadline: z.string(),
  /** The internal deadline has not passed: pre-proposals are taken. */
  open: z.boolean(),
  abstractWordLimit: z.number().int(),
  maxPdfs: z.number().int(),
  /** The viewer's own pre-proposal, if they sent one. */
  mine: z.object({ id: z.string(), status: z.enum(preProposalStatuses) }).nullable(),
  /** The viewer was invited to review the pre-proposals (or is the office). */
  canReview: z.boolean(),
});
export type LimitedSubmissionLine = z.infer<typeof limitedSubmissionLineSchema>;

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Jan 12" from 2027-01-12. */
export const shortDay = (isoDay: string) => `${monthNames[Number(isoDay.slice(5, 7)) - 1]} ${Number(isoDay.slice(8, 10))}`;

/** "Limited: 2 per institution · 1 place left · internal deadline Jan 12". */
export function limitedLineText(line: Pick<LimitedSubmissionLine, 'cap' | 'placesLeft' | 'internalDeadline'>): string {
  const left = line.placesLeft === 0 ? 'no places left' : `${line.placesLeft} ${line.placesLeft === 1 ? 'place' : 'places'} left`;
  return `Limited: ${line.cap} per institution · ${left} · internal deadline ${shortDay(line.internalDeadline)}`;
}

export const createLimitedCallRequestSchema = z
  .object({
    grantId: uuidSchema('Choose a grant from the catalogue'),
    cap: z.number({ error: 'Give the number of applications allowed' }).int('A whole number').min(1, 'At least 1').max(50, 'At most 50'),
    internalDeadline: calendarDay,
    abstractWordLimit: z.number().int('A whole number').min(50, 'At least 50 words').max(2000, 'At most 2,000 words').default(300),
    maxPdfs: z.number().int('A whole number').min(0, 'At least 0').max(maxPreProposalPdfs, `At most ${maxPreProposalPdfs}`).default(2),
  })
  .strict();
export type CreateLimitedCallRequest = z.input<typeof createLimitedCallRequestSchema>;

const person = z.object({ id: z.string(), name: z.string() });

export const limitedCallSummarySchema = z.object({
  id: z.string(),
  grant: z.object({ id: z.string(), title: z.string(), opportunityNumber: z.string(), agency: z.string().nullable(), closeDate: z.string().nullable() }),
  cap: z.number().int(),
  placesTaken: z.number().int(),
  placesLeft: z.number().int(),
  internalDeadline: z.string(),
  abstractWordLimit: z.number().int(),
  maxPdfs: z.number().int(),
  preProposals: z.number().int(),
  createdAt: z.string(),
});
export type LimitedCallSummary = z.infer<typeof limitedCallSummarySchema>;

export const preProposalReviewSchema = z.object({
  reviewer: person,
  score: z.number().int().nullable(),
  comment: z.string(),
  conflictOfInterest: z.boolean(),
  updatedAt: z.string(),
});

export const preProposalSchema = z.object({
  id: z.string(),
  researcher: person,
  abstract: z.string(),
  status: z.enum(preProposalStatuses),
  /** The application started on selection, and where it is now. */
  application: z.object({ id: z.string(), status: z.string() }).nullable(),
  files: z.array(z.object({ id: z.string(), fileName: z.string(), size: z.number().int() })),
  reviews: z.array(preProposalReviewSchema),
  /** The mean of the scores given (conflicts give none), to one decimal. */
  averageScore: z.number().nullable(),
  createdAt: z.string(),
});
export type PreProposal = z.infer<typeof preProposalSchema>;

export const limitedCallDetailSchema = limitedCallSummarySchema.extend({
  preProposals: z.array(preProposalSchema),
  reviewers: z.array(person),
  viewer: z.object({ role: z.enum(['admin', 'reviewer']), id: z.string() }),
});
export type LimitedCallDetail = z.infer<typeof limitedCallDetailSchema>;

export const limitedCallParamsSchema = z.object({ id: uuidSchema('Limited call not found') }).strict();
export const preProposalParamsSchema = z
  .object({ id: uuidSchema('Limited call not found'), preProposalId: uuidSchema('Pre-proposal not found') })
  .strict();
export const preProposalFileParamsSchema = z
  .object({
    id: uuidSchema('Limited call not found'),
    preProposalId: uuidSchema('Pre-proposal not found'),
    fileId: uuidSchema('File not found'),
  })
  .strict();
export const limitedGrantParamsSchema = z.object({ id: uuidSchema('Grant not found') }).strict();

export const submitPreProposalRequestSchema = z
  .object({
    abstract: z.string().trim().min(1, 'Write the abstract').max(20_000, 'The abstract is too long'),
    files: z
      .array(
        z
          .object({
            fileName: z.string().trim().min(1, 'Name the file').max(200, 'At most 200 characters'),
            /** The file's bytes, base64. */
            contentBase64: z
              .string()
              .min(1, 'The file is empty')
              .max(Math.ceil(maxPreProposalPdfBytes / 3) * 4, 'A PDF can be at most 5 MB')
              .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Not a file'),
          })
          .strict(),
      )
      .max(maxPreProposalPdfs, `At most ${maxPreProposalPdfs} PDFs`)
      .default([]),
  })
  .strict();
export type SubmitPreProposalRequest = z.input<typeof submitPreProposalRequestSchema>;

export const decidePreProposalRequestSchema = z
  .object({ status: z.enum(['selected', 'declined'], { error: 'Choose selected or declined' }) })
  .strict();

export const inviteReviewerRequestSchema = z.object({ userId: uuidSchema('Choose a researcher of your institution') }).strict();

export const submitReviewRequestSchema = z
  .object({
    score: z.number().int('A whole number').min(1, 'From 1').max(5, 'To 5').nullable().default(null),
    comment: z.string().trim().max(5_000, 'At most 5,000 characters').default(''),
    conflictOfInterest: z.boolean().default(false),
  })
  .strict()
  .refine((v) => !v.conflictOfInterest || v.score === null, { message: 'A reviewer with a conflict of interest gives no score', path: ['score'] })
  .refine((v) => v.conflictOfInterest || v.score !== null, { message: 'Give a score from 1 to 5', path: ['score'] });
export type SubmitReviewRequest = z.input<typeof submitReviewRequestSchema>;

export const limitedCallsResponseSchema = z.object({ calls: z.array(limitedCallSummarySchema) });
export const limitedCallResponseSchema = z.object({ call: limitedCallDetailSchema });
export const limitedCallCreatedSchema = z.object({ call: limitedCallSummarySchema });
export const preProposalResponseSchema = z.object({ preProposal: preProposalSchema });
export const limitedLineResponseSchema = z.object({ limitedSubmission: limitedSubmissionLineSchema.nullable() });
