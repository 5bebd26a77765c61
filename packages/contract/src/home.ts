// The researcher's home: which view they chose (the feed or the stat view)
// and the stat view's figures, computed from the same pipeline lists and the
// same rule for upcoming deadlines as the My Grants page, so they agree.
import { z } from 'zod';
import { grantSummarySchema, stageSets, suggestedGrantsResponseSchema, type GrantSummary } from './grants';
import { applicationItemSchema, type ApplicationItem } from './pipeline';

export const homeViews = ['feed', 'stats'] as const;
export type HomeView = (typeof homeViews)[number];

/** Stages in which an application is still being worked on or decided ("in progress"). */
export const inProgressStages = stageSets.inProgress;

export const upcomingDeadlineSchema = z.object({
  key: z.string(),
  day: z.string(),
  what: z.enum(['Internal deadline', 'Sponsor deadline', 'Saved grant closes']),
  title: z.string(),
  target: z.object({ kind: z.enum(['application', 'grant']), id: z.string() }),
});
export type UpcomingDeadline = z.infer<typeof upcomingDeadlineSchema>;

/**
 * Deadlines from `today` (an ISO day) on, soonest first: internal and sponsor
 * deadlines of applications in progress, and close dates of saved grants not
 * applied to. One rule for the My Grants page and the stat view.
 */
export function upcomingDeadlines(applications: ApplicationItem[], saved: GrantSummary[], today: string): UpcomingDeadline[] {
  const list: UpcomingDeadline[] = [];
  const open = new Set<string>(inProgressStages);
  for (const a of applications) {
    if (!open.has(a.status)) continue;
    const target = { kind: 'application' as const, id: a.id };
    if (a.internalDeadline) list.push({ key: `${a.id}-i`, day: a.internalDeadline, what: 'Internal deadline', title: a.grantTitle, target });
    if (a.sponsorDeadline) list.push({ key: `${a.id}-s`, day: a.sponsorDeadline, what: 'Sponsor deadline', title: a.grantTitle, target });
  }
  const applied = new Set(applications.map((a) => a.grantId));
  for (const g of saved) {
    if (g.closeDate && !applied.has(g.id)) {
      list.push({ key: `${g.id}-g`, day: g.closeDate.slice(0, 10), what: 'Saved grant closes', title: g.title, target: { kind: 'grant', id: g.id } });
    }
  }
  return list.filter((u) => u.day >= today).sort((a, b) => a.day.localeCompare(b.day) || a.key.localeCompare(b.key));
}

export const dashboardQuerySchema = z
  .object({
    /** The viewer's today (their time zone), so "upcoming" matches their calendar; the server's UTC day otherwise. */
    today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'today is a date: YYYY-MM-DD').optional(),
  })
  .strict();

export const dashboardResponseSchema = z.object({
  view: z.enum(homeViews),
  stats: z.object({
    activeGrants: z.number().int(),
    savedGrants: z.number().int(),
    applicationsInProgress: z.number().int(),
    upcomingDeadlines: z.number().int(),
  }),
  /** Awarded applications the researcher leads or works on. */
  activeGrants: z.array(applicationItemSchema),
  savedGrants: z.array(grantSummarySchema),
  applicationsInProgress: z.array(
    applicationItemSchema.extend({
      checklist: z.array(z.object({ id: z.string(), name: z.string(), status: z.enum(['completed', 'in_progress', 'pending']) })),
    }),
  ),
  upcomingDeadlines: z.array(upcomingDeadlineSchema),
  recommendedGrants: suggestedGrantsResponseSchema,
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

export const homeViewRequestSchema = z.object({ view: z.enum(homeViews, { error: 'Choose feed or stats' }) }).strict();
export const homeViewResponseSchema = z.object({ view: z.enum(homeViews) });
