// Funding newsletters (issue 29 §5, decision 063): the research office
// composes one from its saved searches and hand-picked grants for everyone, a
// department or a research area; it goes out through the outbox, and counts
// the grants people opened from it (through a redirect, never a pixel).
import { z } from 'zod';
import { uuidPattern } from './ids';

export const newsletterStatuses = ['draft', 'scheduled', 'sent'] as const;
export type NewsletterStatus = (typeof newsletterStatuses)[number];

/** Saved searches one newsletter draws from, hand-picked grants, and results taken from each search. */
export const newsletterLimits = { searches: 5, grants: 30, perSearch: 10, title: 200, intro: 4000 } as const;

const uuid = z.string().regex(uuidPattern, 'Not a valid id');
const audienceName = z.string().trim().min(1, 'Choose one').max(200, 'The name is too long');

/** Who receives it: every researcher of the institution, one department's, or those with a research area. */
export const newsletterAudienceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('everyone') }).strict(),
    z.object({ kind: z.literal('department'), name: audienceName }).strict(),
    z.object({ kind: z.literal('area'), name: audienceName }).strict(),
  ],
  { error: 'Choose everyone, a department or a research area' },
);
export type NewsletterAudience = z.infer<typeof newsletterAudienceSchema>;

const draftFields = {
  title: z.string().trim().min(1, 'Give the newsletter a title').max(newsletterLimits.title, 'The title is too long'),
  intro: z.string().trim().max(newsletterLimits.intro, 'The introduction is too long'),
  audience: newsletterAudienceSchema,
  savedSearchIds: z
    .array(uuid)
    .max(newsletterLimits.searches, `Choose at most ${newsletterLimits.searches} saved searches`)
    .refine((ids) => new Set(ids).size === ids.length, 'A saved search is chosen twice'),
  grantIds: z
    .array(uuid)
    .max(newsletterLimits.grants, `Pick at most ${newsletterLimits.grants} grants`)
    .refine((ids) => new Set(ids).size === ids.length, 'A grant is picked twice'),
  perSearch: z.number().int().min(1, 'Take at least one grant from each search').max(newsletterLimits.perSearch, `Take at most ${newsletterLimits.perSearch} grants from each search`),
};

export const createNewsletterSchema = z
  .object({
    ...draftFields,
    intro: draftFields.intro.default(''),
    savedSearchIds: draftFields.savedSearchIds.default([]),
    grantIds: draftFields.grantIds.default([]),
    perSearch: draftFields.perSearch.default(5),
  })
  .strict();
export type CreateNewsletter = z.input<typeof createNewsletterSchema>;
export type NewsletterDraft = z.output<typeof createNewsletterSchema>;

export const updateNewsletterSchema = z
  .object(draftFields)
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Change at least one field');
export type UpdateNewsletter = z.input<typeof updateNewsletterSchema>;

export const scheduleNewsletterSchema = z.object({ at: z.iso.datetime({ offset: true, error: 'Give a date and time' }) }).strict();

export const newsletterParamsSchema = z.object({ id: uuid });
export const newsletterGrantParamsSchema = z.object({ id: uuid, grantId: uuid });
export const newsletterTokenParamsSchema = z.object({ token: z.string().min(20, 'This link is not valid').max(100, 'This link is not valid') });
export const newsletterRedirectParamsSchema = newsletterTokenParamsSchema.extend({ grantId: uuid });

/** A saved search as the newsletter keeps it: its words and filters, copied when chosen. */
export const newsletterSourceSchema = z.object({ savedSearchId: z.string(), name: z.string(), query: z.string() });

/** A grant as a newsletter lists it. */
export const newsletterGrantSchema = z.object({
  id: z.string(),
  title: z.string(),
  opportunityNumber: z.string(),
  agency: z.string().nullable(),
  closeDate: z.string().nullable(),
  awardCeiling: z.number().nullable(),
  awardFloor: z.number().nullable(),
  /** The saved search it came from, or null when picked by hand. */
  fromSearch: z.string().nullable(),
});
export type NewsletterGrant = z.infer<typeof newsletterGrantSchema>;

export const newsletterSchema = z.object({
  id: z.string(),
  title: z.string(),
  intro: z.string(),
  audience: newsletterAudienceSchema,
  sources: z.array(newsletterSourceSchema),
  grantIds: z.array(z.string()),
  perSearch: z.number().int(),
  status: z.enum(newsletterStatuses),
  scheduledAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** People it went to (0 until sent). */
  recipients: z.number().int(),
  /** Grant opens through it, in e-mail or in the app. */
  clicks: z.number().int(),
});
export type Newsletter = z.infer<typeof newsletterSchema>;
export const newsletterListSchema = z.object({ newsletters: z.array(newsletterSchema) });

export const newsletterPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** How many people the audience holds now (those who unsubscribed left out). */
  recipients: z.number().int(),
  grants: z.array(newsletterGrantSchema),
});
export type NewsletterPreview = z.infer<typeof newsletterPreviewSchema>;

/** The composer's audience choices, each with how many researchers it holds. */
export const newsletterAudiencesSchema = z.object({
  everyone: z.number().int(),
  departments: z.array(z.object({ name: z.string(), people: z.number().int() })),
  areas: z.array(z.object({ name: z.string(), people: z.number().int() })),
});
export type NewsletterAudiences = z.infer<typeof newsletterAudiencesSchema>;

export const newsletterStatsSchema = z.object({
  recipients: z.number().int(),
  clicks: z.number().int(),
  /** Distinct people who opened at least one grant from it. */
  people: z.number().int(),
  unsubscribed: z.number().int(),
  grants: z.array(z.object({ grantId: z.string(), title: z.string(), clicks: z.number().int(), people: z.number().int() })),
});
export type NewsletterStats = z.infer<typeof newsletterStatsSchema>;

/** A newsletter as a researcher it went to reads it in the app. */
export const receivedNewsletterSchema = z.object({
  id: z.string(),
  title: z.string(),
  intro: z.string(),
  sentAt: z.string(),
  grants: z.array(newsletterGrantSchema),
});
export type ReceivedNewsletter = z.infer<typeof receivedNewsletterSchema>;
export const receivedNewsletterListSchema = z.object({
  newsletters: z.array(receivedNewsletterSchema.omit({ grants: true }).extend({ grantCount: z.number().int() })),
});
export type ReceivedNewsletterList = z.infer<typeof receivedNewsletterListSchema>;

/** The one-click POST (RFC 8058) sends List-Unsubscribe=One-Click as a form; the page sends an action. */
export const newsletterUnsubscribeSchema = z
  .object({
    action: z.enum(['unsubscribe', 'resubscribe'], { error: 'Choose unsubscribe or resubscribe' }).optional(),
    'List-Unsubscribe': z.literal('One-Click').optional(),
  })
  .strict()
  .optional();
export const newsletterUnsubscribeResponseSchema = z.object({ institution: z.string(), unsubscribed: z.boolean() });
export type NewsletterUnsubscribeResponse = z.infer<typeof newsletterUnsubscribeResponseSchema>;
