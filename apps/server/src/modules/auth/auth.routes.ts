// Sign-in, sign-out, current user, password change, sign out everywhere.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  meResponseSchema,
  okResponseSchema,
  sessionResponseSchema,
} from '@grantbridge/contract/auth';
import { apiPaths } from '@grantbridge/contract/paths';
import { AppError } from '../../errors';
import { announceEndedSessions, clearSessionCookie, sessionToken, setSessionCookie } from '../../plugins/session';
import { changePassword, login, logout, signOutEverywhere } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    apiPaths.login,
    {
      config: { public: true, rateLimit: { max: app.config.loginIpRateLimit, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        body: loginRequestSchema,
        response: { 200: meResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await login(app.db, app.config, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        previousToken: sessionToken(request),
      });
      // The session this browser had (looked up, so cached, by the session hook) has just ended.
      if (request.user) await announceEndedSessions(app, { userId: request.user.id, sessionId: request.user.sessionId });
      setSessionCookie(app, reply, result.token, result.maxAgeSeconds);
      return { user: result.user };
    },
  );

  app.post(
    apiPaths.logout,
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'Sign out', response: { 200: okResponseSchema } },
    },
    async (request, reply) => {
      if (request.user) {
        await logout(app.db, request.user.sessionId);
        await announceEndedSessions(app, { userId: request.user.id, sessionId: request.user.sessionId });
      }
      clearSessionCookie(app, reply);
      return { ok: true as const };
    },
  );

  app.get(
    apiPaths.me,
    { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: meResponseSchema } } },
    async (request) => {
      const { sessionId: _sessionId, ...user } = request.user!;
      return { user };
    },
  );

  app.get(
    apiPaths.session,
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, or null when signed out',
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.user) return { user: null };
      const { sessionId: _sessionId, ...user } = request.user;
      return { user };
    },
  );

  app.post(
    apiPaths.changePassword,
    {
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        summary: 'Change my password',
        body: changePasswordRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await changePassword(app.db, request.user!.id, request.body);
      return { ok: true as const };
    },
  );

  app.delete(
    apiPaths.sessions,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere (every session of mine, this one too)',
        response: { 200: okResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.user) throw new AppError('unauthenticated', 'Sign in to continue.');
      await signOutEverywhere(app.db, request.user.id);
      await announceEndedSessions(app, { userId: request.user.id });
      clearSessionCookie(app, reply);
      return { ok: true as const };
    },
  );
};
