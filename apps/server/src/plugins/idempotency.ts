// Idempotency-Key for creating requests: a client that lost the answer to a
// POST (a dropped connection, a restarting instance) retries with the same
// key and gets the first answer back instead of a second lead, message or
// saved search. Keys live a day, per user (or per client address when
// signed out), in the database, so a retry on another instance works too.
// The same key with another request is refused (422); a retry while the first
// is still running is told so (409). Sign-in and other /auth routes are left
// out: their answers set cookies a replay could not.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isSafeText } from '@grantbridge/contract/primitives';
import { queryRows } from '../db/client';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: { scope: string; key: string };
  }
}

export const idempotencyHeader = 'idempotency-key';
const keptFor = '1 day';

function applies(request: FastifyRequest) {
  return (
    request.method === 'POST' &&
    !request.url.startsWith('/api/v1/auth/') &&
    request.url.startsWith('/api/')
  );
}

function fingerprintOf(request: FastifyRequest) {
  const text = JSON.stringify([
    request.method,
    request.routeOptions.url,
    request.params,
    request.body ?? null,
  ]);
  return crypto.createHash('sha256').update(text).digest('hex');
}

/** Needs the session (a key is its user's) and the problem handler (refusals are AppErrors). */
export const idempotencyPlugin = fp(
  async function idempotency(app) {
    registerIdempotency(app);
  },
  { name: 'idempotency', dependencies: ['problem', 'session'], decorators: { fastify: ['db'] } },
);

function registerIdempotency(app: FastifyInstance) {
  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[idempotencyHeader];
    if (header === undefined || !applies(request)) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || key.length > 200 || !isSafeText(key)) {
      throw new AppError(
        'validation_failed',
        'The Idempotency-Key header must be 1 to 200 characters.',
        {
          errors: [{ path: 'headers.idempotency-key', message: 'Use 1 to 200 characters' }],
        },
      );
    }
    const scope = request.user?.id ?? `address:${request.ip}`;
    const fingerprint = fingerprintOf(request);
    const db = app.db;
    await db.execute(
      sql`DELETE FROM idempotency_keys WHERE scope = ${scope} AND key = ${key} AND created_at < now() - ${keptFor}::interval`,
    );
    const claimed = await queryRows<{ key: string }>(
      db,
      sql`INSERT INTO idempotency_keys (scope, key, fingerprint) VALUES (${scope}, ${key}, ${fingerprint})
        ON CONFLICT (scope, key) DO NOTHING RETURNING key`,
    );
    if (claimed.length) {
      request.idempotency = { scope, key };
      return;
    }
    const [first] = await queryRows<{
      fingerprint: string;
      status: number | null;
      body: string | null;
    }>(
      db,
      sql`SELECT fingerprint, status, body FROM idempotency_keys WHERE scope = ${scope} AND key = ${key}`,
    );
    const busy = 'The first request with this key is still being handled. Try again shortly.';
    if (!first || first.status === null) throw new AppError('idempotency_in_progress', busy);
    if (first.fingerprint !== fingerprint) {
      throw new AppError(
        'idempotency_key_reused',
        'This Idempotency-Key was used for a different request.',
      );
    }
    reply.header('idempotent-replayed', 'true');
    reply
      .code(first.status)
      .type(first.status >= 400 ? 'application/problem+json' : 'application/json');
    return reply.send(first.body ?? '');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = undefined;
    if (reply.statusCode >= 500) {
      // Nothing was done for sure: let the retry run.
      await app.db.execute(
        sql`DELETE FROM idempotency_keys WHERE scope = ${claim.scope} AND key = ${claim.key}`,
      );
    } else {
      const body =
        typeof payload === 'string'
          ? payload
          : Buffer.isBuffer(payload)
            ? payload.toString('utf8')
            : '';
      await app.db.execute(
        sql`UPDATE idempotency_keys SET status = ${reply.statusCode}, body = ${body} WHERE scope = ${claim.scope} AND key = ${claim.key}`,
      );
    }
    return payload;
  });

  // Old keys go, once an hour on each instance (the delete is the same wherever it runs).
  const timer = setInterval(() => {
    app.db
      .execute(sql`DELETE FROM idempotency_keys WHERE created_at < now() - ${keptFor}::interval`)
      .catch((err) => app.log.warn({ err }, 'idempotency: clean-up failed'));
  }, 3_600_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
