// Reads the session cookie on every request and enforces who may call each
// route: /api/v1 routes need a signed-in user unless their config says public,
// and a route config `role` restricts it to that role.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { getSessionUser } from '../modules/auth/auth.service';
import { createSessionCache, type SessionCache } from '../modules/auth/session-cache';
import { sessionCookieName } from './types';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions this instance looked up recently; routes that end sessions forget them here. */
    sessionCache: SessionCache;
  }
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Rate-limit key of a signed-in route: the user, so colleagues behind one
 * campus address do not share a limit. Use with `hook: 'preHandler'`, which
 * runs after the session is read.
 */
export const perUserKey = (request: FastifyRequest) => request.user?.id ?? request.ip;

export function sessionToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[sessionCookieName];
  return value && value.length < 200 ? value : undefined;
}

export function setSessionCookie(
  app: FastifyInstance,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds?: number,
) {
  reply.setCookie(sessionCookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.env === 'production',
    ...(maxAgeSeconds ? { maxAge: Math.floor(maxAgeSeconds) } : {}),
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(sessionCookieName, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.env === 'production',
  });
}

function originAllowed(app: FastifyInstance, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (origin === 'null') return false;
  const allowed = new Set<string>();
  if (app.config.publicUrl) allowed.add(new URL(app.config.publicUrl).origin);
  const host = request.headers.host;
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  return allowed.has(origin);
}

/**
 * Ends the bookkeeping of sessions just deleted from the database: every
 * instance forgets them from its session cache and closes their sockets.
 */
export async function announceEndedSessions(app: FastifyInstance, ended: { userId: string; sessionId?: string }) {
  app.sessionCache[ended.sessionId ? 'forgetSession' : 'forgetUser'](ended.sessionId ?? ended.userId);
  await app.realtime.publishControl({ type: 'sessions.ended', ...ended });
}

/** Forgets sessions other instances ended (call once the realtime bus exists). */
export function followEndedSessions(app: FastifyInstance) {
  const stop = app.realtime.onControl((control) => {
    if (control.type !== 'sessions.ended') return;
    if (control.sessionId) app.sessionCache.forgetSession(control.sessionId);
    else app.sessionCache.forgetUser(control.userId);
  });
  app.addHook('onClose', async () => stop());
}

export async function registerSession(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorate('sessionCache', createSessionCache(app.config.sessionCacheMs));

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url ?? '';
    if (!url.startsWith('/api/')) return;
    if (unsafeMethods.has(request.method) && !originAllowed(app, request)) {
      throw new AppError('forbidden', 'This request came from another site and was refused.');
    }
    const token = sessionToken(request);
    if (token) request.user = await getSessionUser(app.db, app.config, token, app.sessionCache);
    const config = request.routeOptions.config;
    if (!url.startsWith('/api/v1/') || config.public) return;
    if (!request.user) throw new AppError('unauthenticated', 'Sign in to continue.');
    if (config.role && request.user.role !== config.role) {
      throw new AppError('forbidden', 'Your account may not use this part of GrantBridge.');
    }
  });
}
