// Sign-in, sign-out, current user, password change, sign out everywhere.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { bindEndpoint } from '../../lib/endpoint-schema';
import {
  announceEndedSessions,
  clearSessionCookie,
  deviceCookieName,
  requireUser,
  setDeviceCookie,
  sessionToken,
  setSessionCookie,
} from '../../plugins/session';
import { changePassword, login, logout, signOutEverywhere } from './auth.service';
import { confirmPasswordReset, requestPasswordReset } from './password-reset';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  bindEndpoint(
    app,
    endpoints.login,
    {
      tags: ['auth'],
      summary: 'Sign in',
      config: { public: true, rateLimit: { max: app.config.loginIpRateLimit, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const result = await login(app.db, app.config, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        previousToken: sessionToken(request),
        deviceToken: request.cookies[deviceCookieName],
      });
      // The session this browser had (looked up, so cached, by the session hook) has just ended.
      if (request.user)
        await announceEndedSessions(app, {
          userId: request.user.id,
          sessionId: request.user.sessionId,
        });
      setSessionCookie(app, reply, result.token, result.maxAgeSeconds);
      if (result.deviceToken) setDeviceCookie(app, reply, result.deviceToken);
      return { user: result.user };
    },
  );

  bindEndpoint(
    app,
    endpoints.logout,
    { tags: ['auth'], summary: 'Sign out', config: { public: true } },
    async (request, reply) => {
      if (request.user) {
        await logout(app.db, request.user.sessionId);
        await announceEndedSessions(app, {
          userId: request.user.id,
          sessionId: request.user.sessionId,
        });
      }
      clearSessionCookie(app, reply);
      return { ok: true as const };
    },
  );

  bindEndpoint(
    app,
    endpoints.me,
    { tags: ['auth'], summary: 'The signed-in user' },
    async (request) => {
      const { sessionId: _sessionId, ...user } = requireUser(request);
      return { user };
    },
  );

  bindEndpoint(
    app,
    endpoints.session,
    { tags: ['auth'], summary: 'The signed-in user, or null when signed out', config: { public: true } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.user) return { user: null };
      const { sessionId: _sessionId, ...user } = request.user;
      return { user };
    },
  );

  bindEndpoint(
    app,
    endpoints.changePassword,
    { tags: ['auth'], summary: 'Change my password', config: { rateLimit: { max: 10, timeWindow: 60_000 } } },
    async (request) => {
      const user = requireUser(request);
      await changePassword(app.db, user, user.id, request.body, user.sessionId);
      // Other sessions end here and on every instance, sockets included; this one stays.
      await announceEndedSessions(app, { userId: user.id, exceptSessionId: user.sessionId });
      return { ok: true as const };
    },
  );

  bindEndpoint(
    app,
    endpoints.signOutEverywhere,
    { tags: ['auth'], summary: 'Sign out everywhere (every session of mine, this one too)' },
    async (request, reply) => {
      const user = requireUser(request);
      await signOutEverywhere(app.db, user, user.id);
      await announceEndedSessions(app, { userId: user.id });
      clearSessionCookie(app, reply);
      return { ok: true as const };
    },
  );

  bindEndpoint(
    app,
    endpoints.passwordReset,
    {
      tags: ['auth'],
      summary: 'Ask for a password-reset link (202 whether or not the address has an account)',
      config: { public: true, rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      await requestPasswordReset(app.db, app.config, request.body, request.ip);
      reply.code(202);
      return { accepted: true as const };
    },
  );

  bindEndpoint(
    app,
    endpoints.passwordResetConfirm,
    {
      tags: ['auth'],
      summary: 'Set a new password with a reset link; every session of the person ends',
      config: { public: true, rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const userId = await confirmPasswordReset(app.db, request.body);
      await announceEndedSessions(app, { userId });
      clearSessionCookie(app, reply);
      return reply.status(204).send(null);
    },
  );
};
