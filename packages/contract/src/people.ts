// People contracts: invitations, the administrator's researcher directory,
// deactivation. Password reset lives in auth.ts.
import { z } from 'zod';
import { emailSchema, passwordSchema, roles } from './auth';
import { booleanParam } from './primitives';

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`)
    .nullish()
    .transform((v) => (v ? v : null));

export const personNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(200, 'Name is too long (at most 200 characters)');

export const createInvitationRequestSchema = z.object({
  email: emailSchema,
  name: personNameSchema,
  title: optionalText('Title', 200),
  department: optionalText('Department', 200),
  role: z.enum(roles, { error: 'Role is researcher or admin' }).default('researcher'),
  researchAreas: z
    .array(z.string().trim().min(1).max(120), { error: 'Research areas are a list of names' })
    .max(30, 'At most 30 research areas')
    .default([]),
});
export type CreateInvitationRequest = z.input<typeof createInvitationRequestSchema>;

export const invitationStatuses = ['pending', 'accepted', 'revoked', 'expired'] as const;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  department: z.string().nullable(),
  role: z.enum(roles),
  status: z.enum(invitationStatuses),
  expiresAt: z.string(),
  lastSentAt: z.string(),
  sentCount: z.number().int(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListResponseSchema = z.object({ results: z.array(invitationSchema) });

export const invitationTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** What the accept page shows before the person sets a password. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  name: z.string(),
  institution: z.string(),
  role: z.enum(roles),
});

export const acceptInvitationRequestSchema = z.object({
  token: z.string({ error: 'The invitation link is incomplete' }).min(1, 'The invitation link is incomplete').max(200),
  password: passwordSchema,
  name: personNameSchema,
});

export const directorySorts = [
  'name',
  'email',
  'setupComplete',
  'lastSignInAt',
  'grantsSaved',
  'openOpportunities',
  'status',
] as const;
export type DirectorySort = (typeof directorySorts)[number];

export const personStatuses = ['active', 'invited', 'deactivated'] as const;
export type PersonStatus = (typeof personStatuses)[number];

export const researcherDirectoryQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  /** Only the people of this department (the exact name, any case): the dashboard's links. */
  department: z.string().trim().min(1).max(200).optional(),
  /** Only the people in this state. */
  status: z.enum(personStatuses, { error: `status is one of ${personStatuses.join(', ')}` }).optional(),
  sort: z.enum(directorySorts, { error: `sort is one of ${directorySorts.join(', ')}` }).default('name'),
  order: z.enum(['asc', 'desc'], { error: 'order is asc or desc' }).default('asc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export type ResearcherDirectoryQuery = z.input<typeof researcherDirectoryQuerySchema>;

export const directoryRowSchema = z.object({
  /** The person's id; for an invited person, the invitation's id. */
  id: z.string(),
  name: z.string(),
  email: z.string(),
  title: z.string().nullable(),
  department: z.string().nullable(),
  setupComplete: z.boolean(),
  lastSignInAt: z.string().nullable(),
  grantsSaved: z.number().int(),
  openOpportunities: z.number().int(),
  status: z.enum(personStatuses),
  researchAreas: z.array(z.string()),
});
export type DirectoryRow = z.infer<typeof directoryRowSchema>;

export const researcherDirectoryResponseSchema = z.object({
  results: z.array(directoryRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const updateResearcherRequestSchema = z.object({
  status: z.enum(['active', 'deactivated'], { error: 'status is active or deactivated' }),
});
export const updateResearcherResponseSchema = z.object({
  id: z.string(),
  status: z.enum(['active', 'deactivated']),
});

export const personParamsSchema = z.object({ id: z.string().max(100) });


export const importQuerySchema = z.object({ dryRun: booleanParam.default(false) });
/** The CSV file as text: a header row `email,name,title,department,research_areas`, then one person per row. */
export const importBodySchema = z.string({ error: 'Send the CSV file as text/csv' }).min(1, 'The file is empty');
/** One row of the CSV file as read (its first line numbered as in a text editor), and what the import does with it. */
export const importRowSchema = z.object({
  line: z.number().int(),
  name: z.string(),
  email: z.string(),
  department: z.string().nullable(),
  /** invite: is sent an invitation; member: already has an account; invited: already has a pending invitation; problem: not imported, for `reason`. */
  outcome: z.enum(['invite', 'member', 'invited', 'problem']),
  reason: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;
export const importResultSchema = z.object({
  invited: z.number().int(),
  /** Rows of people already members or already invited. */
  skipped: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  /** Every row, in the file's order. */
  rows: z.array(importRowSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const researchersCsvQuerySchema = researcherDirectoryQuerySchema.pick({
  q: true,
  department: true,
  status: true,
  sort: true,
  order: true,
});
