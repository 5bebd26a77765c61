// Campus single sign-on (decision 057): the administrator's settings, the
// sign-in page's question, the start of a sign-in, the OIDC callback, the SAML
// assertion consumer service and the service provider's metadata. The browser
// routes answer with redirects: into the app with a session, or back to the
// sign-in page with `sso_error=<code>`; every refusal is logged with its reason.
import { parse as parseQuery } from 'node:querystring';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { paths } from '@grantbridge/contract/app-paths';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { AppError } from '../../errors';
import {
  announceEndedSessions,
  requireUser,
  sessionToken,
  setSessionCookie,
} from '../../plugins/session';
import { discoverSso, finishOidc, finishSaml, samlMetadataFor, startSso } from './sso.service';
import { getSsoSettings, updateSsoSettings } from './sso-settings.service';

const tags = ['sso'];
const browserStateCookie = 'gb_sso_state';
const adminOnly = { role: 'admin' as const };

export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  // The identity provider posts the SAML response as a form (HTTP-POST binding).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1_100_000 },
    (_request, body, done) => {
      done(null, parseQuery(body as string));
    },
  );

  const context = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    previousToken: sessionToken(request),
  });

  /** Opens the session in the browser and sends it into the app; or back to the sign-in page with the refusal's code. */
  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    protocol: 'oidc' | 'saml',
    institutionId: string,
    signIn: () => Promise<{ token: string; maxAgeSeconds?: number; user: { id: string } }>,
  ) {
    try {
      const result = await signIn();
      if (request.user)
        await announceEndedSessions(app, {
          userId: request.user.id,
          sessionId: request.user.sessionId,
        });
      setSessionCookie(app, reply, result.token, result.maxAgeSeconds);
      request.log.info(
        { sso: { protocol, institutionId, userId: result.user.id } },
        'campus sign-in',
      );
      return reply.redirect(paths.login, 303);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const reason = (error.meta as { reason?: string } | undefined)?.reason ?? error.code;
      request.log.warn(
        { sso: { protocol, institutionId, code: error.code, reason } },
        'campus sign-in refused',
      );
      return reply.redirect(`${paths.login}?sso_error=${error.code}`, 303);
    }
  }

  bindEndpoint(
    app,
    endpoints.ssoDiscover,
    {
      tags,
      summary: 'Whether the e-mail’s institution signs in with campus single sign-on',
      config: { public: true, rateLimit: { max: 600, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return discoverSso(app.db, request.query.email);
    },
  );

  bindEndpoint(
    app,
    endpoints.ssoStart,
    {
      tags,
      summary:
        'Redirect to the institution’s identity provider, with state and nonce (SAML: a request id)',
      // Generous: a campus behind one NAT address signs in at 9 a.m.; each start is one small row.
      config: { public: true, rateLimit: { max: 300, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      try {
        const started = await startSso(app.db, app.config, request.query);
        if (started.browserState) {
          reply.setCookie(browserStateCookie, started.browserState, {
            path: '/api/v1/auth/oidc',
            httpOnly: true,
            sameSite: 'lax',
            secure: app.config.env === 'production',
            maxAge: 600,
          });
        }
        reply.header('cache-control', 'no-store');
        return reply.redirect(started.location, 302);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        request.log.warn(
          { sso: { code: error.code, query: { institution: request.query.institution } } },
          'campus sign-in not started',
        );
        return reply.redirect(`${paths.login}?sso_error=${error.code}`, 302);
      }
    },
  );

  bindEndpoint(
    app,
    endpoints.oidcCallback,
    {
      tags,
      summary: 'The OpenID provider’s answer: a session, or the sign-in page with the refusal',
      config: { public: true, rateLimit: { max: 300, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const browserState = request.cookies[browserStateCookie];
      reply.clearCookie(browserStateCookie, { path: '/api/v1/auth/oidc' });
      const { institutionId } = request.params;
      return finish(request, reply, 'oidc', institutionId, () =>
        finishOidc(
          app.db,
          app.config,
          institutionId,
          request.query,
          browserState,
          context(request),
        ),
      );
    },
  );

  bindEndpoint(
    app,
    endpoints.samlAcs,
    {
      tags,
      summary:
        'The SAML assertion consumer service (HTTP-POST): a session, or the sign-in page with the refusal',
      // The provider's page posts here, so the Origin is the provider's.
      config: { public: true, crossSite: true, rateLimit: { max: 300, timeWindow: 60_000 } },
      bodyLimit: 1_100_000,
    },
    async (request, reply) => {
      const { institutionId } = request.params;
      return finish(request, reply, 'saml', institutionId, () =>
        finishSaml(app.db, app.config, institutionId, request.body, context(request)),
      );
    },
  );

  bindEndpoint(
    app,
    endpoints.samlMetadata,
    {
      tags,
      summary: 'The service provider’s SAML metadata for the institution',
      config: { public: true },
    },
    async (request, reply) => {
      const xml = await samlMetadataFor(app.db, app.config, request.params.institutionId);
      return reply.type('application/samlmetadata+xml; charset=utf-8').send(xml);
    },
  );

  bindEndpoint(
    app,
    endpoints.ssoSettings,
    {
      tags,
      summary: 'My institution’s single sign-on settings (never the client secret)',
      config: adminOnly,
    },
    async (request) => ({ sso: await getSsoSettings(app.db, app.config, requireUser(request)) }),
  );

  bindEndpoint(
    app,
    endpoints.updateSsoSettings,
    {
      tags,
      summary:
        'Set my institution’s single sign-on: SAML metadata or OIDC issuer and client, attributes, password sign-in',
      config: { ...adminOnly, rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request) => ({
      sso: await updateSsoSettings(app.db, app.config, requireUser(request), request.body),
    }),
  );
};
