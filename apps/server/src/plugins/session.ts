// Reads the session cookie on every request and enforces who may call each
// route: /api/v1 routes need a signed-in user unless their config says public,
// and a route config `role` restricts it to that role. Who a token belongs to
// is the auth module's business: the app passes its look-up in, so this
// plugin depends on no module. Sessions ended on any instance travel on the
// realtime bus, so the bus is registered first.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { createSessionCache, type SessionCache } from './session-cache';
import { sessionCookieName, type SessionUser } from './types';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions this instance looked up recently; routes that end sessions forget them here. */
    sessionCache: SessionCache;
  }
}

/** Finds the live session of a token (null when there is none), using the cache as it sees fit. */
export type SessionLookup = (token: string, cache: SessionCache) => Promise<SessionUser | null>;

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The signed-in user of a route that needs one. The session hook has already
 * refused anonymous callers of every private route; a route that forgot to be
 * private (or reads the user in a public route) answers 401 here instead of
 * crashing on a missing user.
 */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('unauthenticated', 'Sign in to continue.');
  return request.user;
}

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

const cookieOptions = (app: FastifyInstance) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: app.config.env === 'production',
});

export function setSessionCookie(
  app: FastifyInstance,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds?: number,
) {
  reply.setCookie(sessionCookieName, token, {
    ...cookieOptions(app),
    ...(maxAgeSeconds ? { maxAge: Math.floor(maxAgeSeconds) } : {}),
  });
}

/** A browser the person has signed in with (sign-in-guard): outlives sessions, so it is kept when they sign out. */
export const deviceCookieName = 'gb_device';

export function setDeviceCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  // 400 days: the longest browsers keep a cookie.
  reply.setCookie(deviceCookieName, token, { ...cookieOptions(app), maxAge: 400 * 24 * 3600 });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(sessionCookieName, cookieOptions(app));
}

/**
 * Whether a browser request comes from this site: its Origin is PUBLIC_URL's
 * origin or the Host's own. No Origin at all is allowed (not a browser, or a
 * browser that sends none for this request); `Origin: null` (a sandboxed
 * frame, a file, some redirects) is not. Guards unsafe methods and the
 * WebSocket upgrade, which SameSite cookies alone do not cover.
 */
export function originAllowed(
  request: Pick<FastifyRequest, 'headers'>,
  publicUrl: string | undefined,
): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (origin === 'null') return false;
  const allowed = new Set<string>();
  if (publicUrl) allowed.add(new URL(publicUrl).origin);
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
export async function announceEndedSessions(
  app: FastifyInstance,
  ended: { userId: string; sessionId?: string; exceptSessionId?: string },
) {
  // Forgetting the kept session too only costs it one database read.
  app.sessionCache[ended.sessionId ? 'forgetSession' : 'forgetUser'](
    ended.sessionId ?? ended.userId,
  );
  await app.realtime.publishControl({ type: 'sessions.ended', ...ended });
}

/** The account's own fields changed: every instance reads its sessions again (no session ends). */
export async function announceAccountChanged(app: FastifyInstance, userId: string) {
  app.sessionCache.forgetUser(userId);
  await app.realtime.publishControl({ type: 'account.changed', userId });
}

/** Forgets sessions other instances ended or whose account changed. */
function followEndedSessions(app: FastifyInstance) {
  const stop = app.realtime.onControl((control) => {
    if (control.type === 'account.changed') app.sessionCache.forgetUser(control.userId);
    else if (control.sessionId) app.sessionCache.forgetSession(control.sessionId);
    else app.sessionCache.forgetUser(control.userId);
  });
  app.addHook('onClose', async () => stop());
}

/**
 * The session hook and cache (app.sessionCache). Needs the cookie parser, the
 * realtime bus (ended sessions from other instances) and the problem handler
 * (the hook refuses with an AppError).
 */
export const sessionPlugin = fp<{ findSessionUser: SessionLookup }>(
  async function session(app, { findSessionUser }) {
    registerSession(app, findSessionUser);
    followEndedSessions(app);
  },
  {
    name: 'session',
    dependencies: ['problem', '@fastify/cookie', 'realtime-bus'],
    decorators: { fastify: ['config'] },
  },
);

function registerSession(app: FastifyInstance, findSessionUser: SessionLookup) {
  app.decorateRequest('user', null);
  app.decorate('sessionCache', createSessionCache(app.config.sessionCacheMs));

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url ?? '';
    if (!url.startsWith('/api/')) return;
    if (unsafeMethods.has(request.method) && !request.routeOptions.config.crossSite && !originAllowed(request, app.config.publicUrl)) {
      throw new AppError('forbidden', 'This request came from another site and was refused.');
    }
    const token = sessionToken(request);
    if (token) request.user = await findSessionUser(token, app.sessionCache);
    const config = request.routeOptions.config;
    if (!url.startsWith('/api/v1/') || config.public) return;
    const user = requireUser(request);
    if (config.role && user.role !== config.role) {
      throw new AppError('forbidden', 'Your account may not use this part of GrantBridge.');
    }
  });
}
