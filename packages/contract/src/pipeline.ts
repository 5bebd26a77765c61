// An application's stages, deadlines, team and history, and the research
// office's settings for them (issue 12).
import { z } from 'zod';
import { applicationStatusSchema } from './grants';
import { calendarDay, money } from './primitives';
import { uuidSchema } from './uuid-schema';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const applicationRoles = ['pi', 'co_investigator', 'contributor'] as const;
export const applicationRoleSchema = z.enum(applicationRoles);

export const applicationMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  institution: z.object({ id: z.string(), name: z.string() }),
  role: applicationRoleSchema,
  status: z.enum(['active', 'pending']),
});

export const documentStatuses = ['pending', 'in_progress', 'completed'] as const;

/** One stored version of a document's file. */
export const documentFileSchema = z.object({
  version: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  uploadedAt: z.string(),
  uploadedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type DocumentFile = z.infer<typeof documentFileSchema>;

export const applicationDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(documentStatuses),
  /** Every version uploaded, newest first; the first is the file. */
  versions: z.array(documentFileSchema),
});
export type ApplicationDocument = z.infer<typeof applicationDocumentSchema>;

export const taskPriorities = ['high', 'medium', 'low'] as const;

export const applicationTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(['pending', 'completed']),
  priority: z.enum(taskPriorities),
  dueDate: isoDay.nullable(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  /** The application it belongs to (lists across applications show it). */
  application: z.object({ id: z.string(), grantTitle: z.string() }),
});
export type ApplicationTask = z.infer<typeof applicationTaskSchema>;

/** One application, as its page shows it. */
export const applicationDetailSchema = z.object({
  id: z.string(),
  status: applicationStatusSchema,
  grant: z.object({
    id: z.string(),
    title: z.string(),
    opportunityNumber: z.string(),
    agency: z.string().nullable(),
  }),
  amountRequested: z.number().nullable(),
  amountAwarded: z.number().nullable(),
  /** The grant's close date. */
  sponsorDeadline: isoDay.nullable(),
  /** The research office's date: its own for this application, else the routing lead time before the sponsor's. */
  internalDeadline: isoDay.nullable(),
  /** Whether the office set `internalDeadline` by hand for this one. */
  internalDeadlineSet: z.boolean(),
  members: z.array(applicationMemberSchema),
  documents: z.array(applicationDocumentSchema),
  tasks: z.array(applicationTaskSchema),
  /** The team's conversation (the PI and accepted members), once the team is more than the PI. */
  teamConversationId: z.string().nullable(),
  /** Why the office returned it to drafting, while it waits to be sent again (null otherwise). */
  returned: z.object({ reason: z.string(), by: z.string().nullable(), at: z.string() }).nullable(),
  /** How the viewer stands to it, and the stages they may move it to now. */
  viewer: z.object({
    role: z.enum(['pi', 'member', 'admin']),
    nextSteps: z.array(applicationStatusSchema),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;
export const applicationDetailResponseSchema = z.object({ application: applicationDetailSchema });

/** Any text: an id that is no application's (malformed ones too) answers 404, as someone else's does. */
export const applicationParamsSchema = z.object({ id: z.string().max(100) });

export const updateApplicationRequestSchema = z
  .object({
    status: applicationStatusSchema.optional(),
    /** Why: required when the office returns it to drafting. */
    reason: z.string().trim().max(2000, 'Keep the reason under 2,000 characters').optional(),
    amountRequested: money.nullable().optional(),
    amountAwarded: money.nullable().optional(),
    /** The office's own internal deadline (null goes back to the lead time's). Admins only. */
    internalDeadline: calendarDay.nullable().optional(),
    /** The PI shares the award in the feed of their institution and their teammates (with the move to awarded, or later). */
    shareInFeed: z.literal(true, { error: 'shareInFeed can only be true' }).optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Send at least one change');
export type UpdateApplicationRequest = z.infer<typeof updateApplicationRequestSchema>;

export const applicationEventSchema = z.object({
  id: z.string(),
  from: applicationStatusSchema.nullable(),
  to: applicationStatusSchema,
  reason: z.string().nullable(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ApplicationEvent = z.infer<typeof applicationEventSchema>;
export const applicationEventsResponseSchema = z.object({ events: z.array(applicationEventSchema) });

/** An application in a list: the pipeline page, the office's queue, a grant's applications. */
export const applicationItemSchema = z.object({
  id: z.string(),
  grantId: z.string(),
  grantTitle: z.string(),
  opportunityNumber: z.string(),
  status: applicationStatusSchema,
  /** The grant's close date (as `sponsorDeadline`). */
  closeDate: isoDay.nullable(),
  sponsorDeadline: isoDay.nullable(),
  internalDeadline: isoDay.nullable(),
  amountRequested: z.number().nullable(),
  amountAwarded: z.number().nullable(),
  pi: z.object({ id: z.string(), name: z.string(), department: z.string().nullable() }),
  /** The viewer's part in it (an admin's list says `admin`). */
  role: z.enum(['pi', 'co_investigator', 'contributor', 'admin']),
  /** Checklist items completed, of all. */
  documents: z.object({ completed: z.number().int(), total: z.number().int() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApplicationItem = z.infer<typeof applicationItemSchema>;
export const applicationItemListResponseSchema = z.object({ applications: z.array(applicationItemSchema) });

export const institutionApplicationsQuerySchema = z
  .object({
    status: applicationStatusSchema.optional(),
    grantId: uuidSchema('Grant not found').optional(),
    /** A page at a time: an institution may hold 100,000 applications. */
    page: z.coerce.number({ error: 'page is a number' }).int('page is a whole number').min(1, 'page is at least 1').max(10_000, 'page is at most 10000').default(1),
    pageSize: z.coerce
      .number({ error: 'pageSize is a number' })
      .int('pageSize is a whole number')
      .min(1, 'pageSize is at least 1')
      .max(100, 'pageSize is at most 100')
      .default(50),
  })
  .strict();
/** One page of the office's view, soonest sponsor deadline first, and how many match in all. */
export const institutionApplicationsResponseSchema = applicationItemListResponseSchema.extend({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const institutionSettingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Internal deadline = sponsor deadline minus this many business days. */
  internalDeadlineBusinessDays: z.number().int(),
});
export const institutionSettingsResponseSchema = z.object({ institution: institutionSettingsSchema });
export const updateInstitutionRequestSchema = z
  .object({
    internalDeadlineBusinessDays: z
      .number({ error: 'Enter a number of business days' })
      .int('Use whole days')
      .min(0, 'Use 0 or more days')
      .max(60, 'Use at most 60 business days'),
  })
  .strict();

export const addMemberRequestSchema = z
  .object({
    userId: uuidSchema('Choose a researcher'),
    role: z.enum(['co_investigator', 'contributor'], { error: 'Choose co-investigator or contributor' }),
  })
  .strict();
export const memberResponseSchema = z.object({ member: applicationMemberSchema });
export const memberParamsSchema = z.object({ id: z.string().max(100), userId: z.string().max(100) });

/** An invitation to join an application's team, waiting for the invitee's answer. */
export const teamInvitationSchema = z.object({
  applicationId: z.string(),
  grant: z.object({ id: z.string(), title: z.string() }),
  pi: z.object({ id: z.string(), name: z.string(), institution: z.string() }),
  role: z.enum(['co_investigator', 'contributor']),
  sponsorDeadline: isoDay.nullable(),
  invitedAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;
export const teamInvitationsResponseSchema = z.object({ invitations: z.array(teamInvitationSchema) });

export const documentListResponseSchema = z.object({ documents: z.array(applicationDocumentSchema) });
export const documentResponseSchema = z.object({ document: applicationDocumentSchema });
export const documentParamsSchema = z.object({ id: z.string().max(100), docId: z.string().max(100) });
const documentName = z
  .string({ error: 'Name the document' })
  .trim()
  .min(1, 'Name the document')
  .max(200, 'Keep the name under 200 characters');
export const createDocumentRequestSchema = z.object({ name: documentName }).strict();
export const updateDocumentRequestSchema = z
  .object({ name: documentName.optional(), status: z.enum(documentStatuses).optional() })
  .strict()
  .refine((body) => body.name !== undefined || body.status !== undefined, 'Send a name or a status');
export const documentFileQuerySchema = z
  .object({ version: z.coerce.number({ error: 'version is a number' }).int().min(1).optional() })
  .strict();

const taskTitle = z
  .string({ error: 'Say what the task is' })
  .trim()
  .min(1, 'Say what the task is')
  .max(300, 'Keep the task under 300 characters');
export const createTaskRequestSchema = z
  .object({
    title: taskTitle,
    dueDate: calendarDay.nullable().optional(),
    priority: z.enum(taskPriorities, { error: 'Choose high, medium or low' }).default('medium'),
    /** A member of the team (the PI or an accepted member); none leaves it unassigned. */
    assigneeId: uuidSchema('Choose someone on the team').nullable().optional(),
  })
  .strict();
export const updateTaskRequestSchema = z
  .object({
    title: taskTitle.optional(),
    status: z.enum(['pending', 'completed']).optional(),
    dueDate: calendarDay.nullable().optional(),
    priority: z.enum(taskPriorities).optional(),
    assigneeId: uuidSchema('Choose someone on the team').nullable().optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Send at least one change');
export type UpdateTaskRequest = z.infer<typeof updateTaskRequestSchema>;
export const taskResponseSchema = z.object({ task: applicationTaskSchema });
export const taskListResponseSchema = z.object({ tasks: z.array(applicationTaskSchema) });
export const taskParamsSchema = z.object({ id: z.string().max(100) });
export const taskListQuerySchema = z
  .object({
    /** `me`: tasks assigned to me; without it, every task of my applications. */
    assignee: z.enum(['me']).optional(),
    status: z.enum(['pending', 'completed']).optional(),
  })
  .strict();

export const calendarFeedResponseSchema = z.object({
  /** The secret address of the person's deadlines as an iCalendar feed; a new one stops the old. */
  url: z.string(),
});
export const calendarTokenParamsSchema = z.object({ token: z.string().max(200) });
export const deadlineEventQuerySchema = z.object({ deadline: z.enum(['internal', 'sponsor']) }).strict();

/** Another institution's application that researchers of mine have joined: who, in what role, and where it stands. */
export const partneredApplicationSchema = z.object({
  id: z.string(),
  grantTitle: z.string(),
  status: applicationStatusSchema,
  sponsorDeadline: isoDay.nullable(),
  pi: z.object({ name: z.string(), institution: z.string() }),
  /** My institution's people on its team. */
  members: z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(['co_investigator', 'contributor']) })),
});
export const partneredApplicationsResponseSchema = z.object({ applications: z.array(partneredApplicationSchema) });
