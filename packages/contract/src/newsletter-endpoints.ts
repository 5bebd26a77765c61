// The endpoint table's entries for funding newsletters (newsletters.ts): the
// office's composer, preview, sending and counts; the researcher's list and
// reading view; the click redirect and the one-click unsubscribe, which need
// no session. Spread into `endpoints` (endpoints.ts).
import { z } from 'zod';
import type { Endpoint } from './endpoints';
import {
  createNewsletterSchema,
  newsletterAudiencesSchema,
  newsletterGrantParamsSchema,
  newsletterListSchema,
  newsletterParamsSchema,
  newsletterPreviewSchema,
  newsletterRedirectParamsSchema,
  newsletterSchema,
  newsletterStatsSchema,
  newsletterTokenParamsSchema,
  newsletterUnsubscribeResponseSchema,
  newsletterUnsubscribeSchema,
  receivedNewsletterListSchema,
  receivedNewsletterSchema,
  scheduleNewsletterSchema,
  updateNewsletterSchema,
} from './newsletters';

export const newsletterEndpoints = {
  /** The office's newsletters, newest first, with their click counts. */
  adminNewsletters: { method: 'GET', path: '/api/v1/admin/newsletters', response: newsletterListSchema },
  /** A new draft. */
  createNewsletter: {
    method: 'POST',
    path: '/api/v1/admin/newsletters',
    body: createNewsletterSchema,
    response: newsletterSchema,
    statuses: [201],
  },
  /** The composer's audiences: the institution's departments and research areas, with how many each holds. */
  newsletterAudiences: { method: 'GET', path: '/api/v1/admin/newsletters/audiences', response: newsletterAudiencesSchema },
  adminNewsletter: { method: 'GET', path: '/api/v1/admin/newsletters/:id', params: newsletterParamsSchema, response: newsletterSchema },
  /** Changes a draft or a scheduled newsletter (409 once sent). */
  updateNewsletter: {
    method: 'PATCH',
    path: '/api/v1/admin/newsletters/:id',
    params: newsletterParamsSchema,
    body: updateNewsletterSchema,
    response: newsletterSchema,
  },
  /** The e-mail as it would go now (HTML and text) and how many it would go to; once sent, as it went. */
  previewNewsletter: {
    method: 'GET',
    path: '/api/v1/admin/newsletters/:id/preview',
    params: newsletterParamsSchema,
    response: newsletterPreviewSchema,
  },
  /** Sends it now, through the outbox (409 when already sent). */
  sendNewsletter: {
    method: 'POST',
    path: '/api/v1/admin/newsletters/:id/send',
    params: newsletterParamsSchema,
    response: newsletterSchema,
  },
  /** Sends it at a later time (a minute's precision). */
  scheduleNewsletter: {
    method: 'PUT',
    path: '/api/v1/admin/newsletters/:id/schedule',
    params: newsletterParamsSchema,
    body: scheduleNewsletterSchema,
    response: newsletterSchema,
  },
  /** Back to a draft. */
  cancelNewsletterSchedule: {
    method: 'DELETE',
    path: '/api/v1/admin/newsletters/:id/schedule',
    params: newsletterParamsSchema,
    response: newsletterSchema,
  },
  newsletterStats: { method: 'GET', path: '/api/v1/admin/newsletters/:id/stats', params: newsletterParamsSchema, response: newsletterStatsSchema },
  /** The newsletters sent to me, newest first. */
  myNewsletters: { method: 'GET', path: '/api/v1/newsletters', response: receivedNewsletterListSchema },
  myNewsletter: { method: 'GET', path: '/api/v1/newsletters/:id', params: newsletterParamsSchema, response: receivedNewsletterSchema },
  /** A grant opened from the reading view in the app: counted as the e-mail's redirect counts it. */
  openNewsletterGrant: {
    method: 'POST',
    path: '/api/v1/newsletters/:id/grants/:grantId/open',
    params: newsletterGrantParamsSchema,
    response: z.null(),
    statuses: [204],
  },
  /** Without a session: a grant link of the e-mail; counts the click, then 302 to the grant's page. */
  newsletterRedirect: {
    method: 'GET',
    path: '/api/v1/newsletters/r/:token/:grantId',
    params: newsletterRedirectParamsSchema,
    response: z.null(),
    statuses: [302],
  },
  /** Without a session: the one-click POST (RFC 8058), or the unsubscribe page's choice. */
  newsletterUnsubscribe: {
    method: 'POST',
    path: '/api/v1/newsletters/unsubscribe/:token',
    params: newsletterTokenParamsSchema,
    body: newsletterUnsubscribeSchema,
    response: newsletterUnsubscribeResponseSchema,
  },
  /** Without a session: the unsubscribe link opened in a browser goes to the page that asks (303). */
  newsletterUnsubscribeLink: {
    method: 'GET',
    path: '/api/v1/newsletters/unsubscribe/:token',
    params: newsletterTokenParamsSchema,
    response: z.null(),
    statuses: [303],
  },
} as const satisfies Record<string, Endpoint>;
