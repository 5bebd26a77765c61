// Funding newsletters' routes: the office's (admin only), the researcher's
// reading view, and the e-mail's click redirect and one-click unsubscribe,
// which need no session.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import {
  applyNewsletterUnsubscribe,
  audienceChoices,
  cancelSchedule,
  createNewsletter,
  followGrantLink,
  getNewsletter,
  getReceivedNewsletter,
  listNewsletters,
  listReceivedNewsletters,
  newsletterStats,
  openGrantInApp,
  previewNewsletter,
  scheduleNewsletter,
  sendNewsletter,
  updateNewsletter,
} from './newsletters.service';

const tags = ['newsletters'];
const adminOnly = { role: 'admin' as const };
const publicLink = { public: true, rateLimit: { max: 60, timeWindow: 60_000 } };

export const newslettersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Mail clients send the one-click unsubscribe as a form (RFC 8058).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  bindEndpoint(app, endpoints.adminNewsletters, { tags, summary: "The office's newsletters, newest first, with click counts", config: adminOnly }, async (request) =>
    listNewsletters(app.db, requireUser(request)),
  );
  bindEndpoint(app, endpoints.createNewsletter, { tags, summary: 'A new newsletter draft', config: adminOnly }, async (request, reply) => {
    reply.code(201);
    return createNewsletter(app.db, requireUser(request), request.body);
  });
  bindEndpoint(app, endpoints.newsletterAudiences, { tags, summary: "The institution's departments and research areas, with how many each holds", config: adminOnly }, async (request) =>
    audienceChoices(app.db, requireUser(request).institution.id),
  );
  bindEndpoint(app, endpoints.adminNewsletter, { tags, summary: 'One newsletter of the office', config: adminOnly }, async (request) =>
    getNewsletter(app.db, requireUser(request), request.params.id),
  );
  bindEndpoint(app, endpoints.updateNewsletter, { tags, summary: 'Change a newsletter not yet sent', config: adminOnly }, async (request) =>
    updateNewsletter(app.db, requireUser(request), request.params.id, request.body),
  );
  bindEndpoint(app, endpoints.previewNewsletter, { tags, summary: 'The e-mail (HTML and text) and how many it goes to', config: adminOnly }, async (request) =>
    previewNewsletter(app.db, app.config, requireUser(request), request.params.id),
  );
  bindEndpoint(app, endpoints.sendNewsletter, { tags, summary: 'Send it now, through the outbox', config: adminOnly }, async (request) => {
    const sent = await sendNewsletter(app.db, app.config, requireUser(request), request.params.id);
    app.outbox.poke();
    return sent;
  });
  bindEndpoint(app, endpoints.scheduleNewsletter, { tags, summary: 'Send it at a later time', config: adminOnly }, async (request) =>
    scheduleNewsletter(app.db, requireUser(request), request.params.id, request.body.at),
  );
  bindEndpoint(app, endpoints.cancelNewsletterSchedule, { tags, summary: 'Cancel its schedule: a draft again', config: adminOnly }, async (request) =>
    cancelSchedule(app.db, requireUser(request), request.params.id),
  );
  bindEndpoint(app, endpoints.newsletterStats, { tags, summary: 'Recipients, grant opens, people who opened one, per grant', config: adminOnly }, async (request) =>
    newsletterStats(app.db, requireUser(request), request.params.id),
  );
  bindEndpoint(app, endpoints.myNewsletters, { tags, summary: 'The newsletters sent to me, newest first' }, async (request) =>
    listReceivedNewsletters(app.db, requireUser(request)),
  );
  bindEndpoint(app, endpoints.myNewsletter, { tags, summary: 'A newsletter sent to me, to read in the app' }, async (request) =>
    getReceivedNewsletter(app.db, requireUser(request), request.params.id),
  );
  bindEndpoint(app, endpoints.openNewsletterGrant, { tags, summary: 'Count a grant opened from the reading view' }, async (request, reply) => {
    await openGrantInApp(app.db, requireUser(request), request.params.id, request.params.grantId);
    return reply.code(204).send(null);
  });
  bindEndpoint(app, endpoints.newsletterRedirect, { tags, summary: "An e-mail's grant link: counts the click, then to the grant's page (302)", config: publicLink }, async (request, reply) =>
    reply.redirect(await followGrantLink(app.db, request.params.token, request.params.grantId), 302),
  );
  bindEndpoint(
    app,
    endpoints.newsletterUnsubscribe,
    { tags, summary: "Unsubscribe from the institution's newsletters without signing in (one-click, RFC 8058), or back on", config: publicLink },
    async (request) => applyNewsletterUnsubscribe(app.db, request.params.token, request.body?.action ?? 'unsubscribe'),
  );
  bindEndpoint(app, endpoints.newsletterUnsubscribeLink, { tags, summary: 'The unsubscribe link opened in a browser: to the page that asks', config: publicLink }, async (request, reply) =>
    reply.redirect(`/newsletters/unsubscribe/${encodeURIComponent(request.params.token)}`, 303),
  );
};
