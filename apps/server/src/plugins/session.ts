// Reads the session cookie on every request and enforces who may call each
// route: /api/v1 routes need a signed-in user unless their config says public,
// and a route config `role` restricts it to that role.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { getSessionUser } from '../modules/auth/auth.service';
import { sessionCookieName } from './types';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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

export async function registerSession(app: FastifyInstance) {
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url ?? '';
    if (!url.startsWith('/api/')) return;
    if (unsafeMethods.has(request.method) && !originAllowed(app, request)) {
      throw new AppError('forbidden', 'This request came from another site and was refused.');
    }
    const token = sessionToken(request);
    if (token) request.user = await getSessionUser(app.db, app.config, token);
    const config = request.routeOptions.config;
    if (!url.startsWith('/api/v1/') || config.public) return;
    if (!request.user) throw new AppError('unauthenticated', 'Sign in to continue.');
    if (config.role && request.user.role !== config.role) {
      throw new AppError('forbidden', 'Your account may not use this part of GrantBridge.');
    }
  });
}
