// Notifications: what the product tells a person (in the app and by e-mail),
// each kind with its own preference, plus the hour digests arrive, the
// person's time zone and the lead times of deadline reminders.
import { z } from 'zod';
import { uuidSchema } from './uuid-schema';

export const notificationKinds = [
  'saved_search.match',
  'saved_grant.changed',
  'deadline.reminder',
  'application.status',
  'team.invitation',
  'task.assigned',
  'task.due',
  'message.unread',
  'post.liked',
  'post.commented',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];
export const notificationKindSchema = z.enum(notificationKinds);

export const notificationKindLabels: Record<NotificationKind, { label: string; description: string }> = {
  'saved_search.match': { label: 'Saved search matches', description: 'New or newly open grants that match a saved search with alerts on.' },
  'saved_grant.changed': { label: 'Changes to grants I follow', description: 'A saved grant, or the grant of an application, changed its dates, amounts, eligibility or status.' },
  'deadline.reminder': { label: 'Deadline reminders', description: 'Sponsor and internal deadlines of saved grants and applications, at the lead times below.' },
  'application.status': { label: 'Application stage changes', description: 'An application I lead or work on moved to another stage.' },
  'team.invitation': { label: 'Team invitations', description: 'Someone invited me to the team of an application, or to review the pre-proposals of a limited call.' },
  'task.assigned': { label: 'Tasks assigned to me', description: 'A task on an application was given to me.' },
  'task.due': { label: 'Tasks due', description: 'A task of mine is due tomorrow or overdue.' },
  'message.unread': { label: 'Unread direct messages', description: 'A direct message still unread after 30 minutes.' },
  'post.liked': { label: 'Likes on my posts', description: 'Someone liked a post of mine in the activity feed (once per person and post).' },
  'post.commented': { label: 'Comments on my posts', description: 'Someone commented on a post of mine in the activity feed.' },
};

export const emailCadences = ['off', 'instant', 'daily', 'weekly'] as const;
export type EmailCadence = (typeof emailCadences)[number];
export const emailCadenceSchema = z.enum(emailCadences, { error: 'Choose off, instant, daily or weekly' });

export const reminderLeadTimes = ['3d', '1w', '2w', '1m', '2m', '3m'] as const;
export type ReminderLeadTime = (typeof reminderLeadTimes)[number];
export const reminderLeadTimeLabels: Record<ReminderLeadTime, string> = {
  '3d': '3 days',
  '1w': '1 week',
  '2w': '2 weeks',
  '1m': '1 month',
  '2m': '2 months',
  '3m': '3 months',
};

export const defaultKindPreferences: Record<NotificationKind, { inApp: boolean; email: EmailCadence }> = {
  'saved_search.match': { inApp: true, email: 'daily' },
  'saved_grant.changed': { inApp: true, email: 'daily' },
  'deadline.reminder': { inApp: true, email: 'instant' },
  'application.status': { inApp: true, email: 'instant' },
  'team.invitation': { inApp: true, email: 'instant' },
  'task.assigned': { inApp: true, email: 'daily' },
  'task.due': { inApp: true, email: 'daily' },
  'message.unread': { inApp: true, email: 'off' },
  // In the app only: a like is not worth an e-mail, unless the person asks for one.
  'post.liked': { inApp: true, email: 'off' },
  'post.commented': { inApp: true, email: 'off' },
};
export const defaultLeadTimes: ReminderLeadTime[] = ['2w', '3d'];
export const defaultDigestHour = 8;

export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** A path in the web app (the person's own area). */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z
  .object({
    unread: z.enum(['true', 'false', '1', '0'], { error: 'unread is true or false' }).optional(),
    cursor: z.string().max(200, 'Not a notifications cursor').optional(),
    limit: z.coerce.number({ error: 'limit is a number' }).int().min(1, 'limit is at least 1').max(100, 'limit is at most 100').default(20),
  })
  .strict();
export const notificationsResponseSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

export const markReadRequestSchema = z.union(
  [
    z.object({ ids: z.array(uuidSchema('Notification not found')).min(1, 'Name at least one notification').max(500, 'At most 500 at once') }).strict(),
    z.object({ all: z.literal(true) }).strict(),
  ],
  { error: 'Send { ids: [...] } or { all: true }' },
);
export const unreadCountResponseSchema = z.object({ unreadCount: z.number().int() });

const kindPreferenceSchema = z.object({ inApp: z.boolean({ error: 'inApp is true or false' }), email: emailCadenceSchema }).strict();
export const notificationPreferencesSchema = z.object({
  kinds: z.object(Object.fromEntries(notificationKinds.map((k) => [k, kindPreferenceSchema])) as Record<NotificationKind, typeof kindPreferenceSchema>),
  /** The hour (0–23, the person's time zone) daily and weekly digests arrive; weekly ones on Mondays. */
  digestHour: z.number({ error: 'digestHour is a number' }).int().min(0, 'digestHour is 0 to 23').max(23, 'digestHour is 0 to 23'),
  /** An IANA time zone, e.g. America/Chicago. */
  timeZone: z.string().max(64).refine(isTimeZone, 'Choose a time zone such as America/Chicago'),
  reminderLeadTimes: z.array(z.enum(reminderLeadTimes, { error: 'Choose lead times from 3d, 1w, 2w, 1m, 2m, 3m' })).max(6),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const notificationPreferencesRequestSchema = notificationPreferencesSchema.strict();

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

export const unsubscribeParamsSchema = z.object({ token: z.string().min(10, 'This unsubscribe link is not valid').max(100, 'This unsubscribe link is not valid') });
/** The one-click POST (RFC 8058) sends the form field List-Unsubscribe=One-Click; the page sends an action. */
export const unsubscribeRequestSchema = z
  .object({
    action: z.enum(['unsubscribe', 'resubscribe', 'all'], { error: 'Choose unsubscribe, resubscribe or all' }).optional(),
    'List-Unsubscribe': z.literal('One-Click').optional(),
  })
  .strict()
  .optional();
export const unsubscribeResponseSchema = z.object({
  /** What the link turns off, e.g. "your daily digest e-mail". */
  description: z.string(),
  unsubscribed: z.boolean(),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;
