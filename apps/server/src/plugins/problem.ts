// Turns every error into RFC 9457 problem+json with a stable `code`.
// 5xx answers never carry internals.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@grantbridge/contract/errors';
import { statusByCode } from '@grantbridge/contract/problem-codes';
import { findUnsafeText } from '@grantbridge/contract/primitives';
import { isConnectionLost } from '../db/connection-loss';
import { AppError, titleByCode, type ProblemExtras } from '../errors';

export function sendProblem(
  reply: FastifyReply,
  code: ErrorCode,
  detail: string,
  extra: ProblemExtras = {},
) {
  const status = extra.status ?? statusByCode[code];
  return reply
    .status(status)
    .type('application/problem+json')
    .send({
      type: `https://grantbridge.dev/problems/${code.replace(/_/g, '-')}`,
      title: titleByCode[code],
      status,
      code,
      detail,
      ...(extra.errors ? { errors: extra.errors } : {}),
      ...(extra.meta ? { meta: extra.meta } : {}),
    });
}

/** One entry per field: the first message zod gave for each path. */
function fieldErrors(validation: { instancePath: string; message?: string }[], context?: string) {
  const seen = new Map<string, string>();
  for (const v of validation) {
    const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || context || 'body';
    if (!seen.has(path)) seen.set(path, v.message ?? 'Invalid value');
  }
  return [...seen].map(([path, message]) => ({ path, message }));
}

/**
 * Text no database can store (NUL, unpaired surrogates), in any field name or
 * value of any route's body, query or path, answers 400 before the route's own
 * validation runs: one check for every route, the ones to come included.
 */
export function refuseUnsafeInput(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const found = findUnsafeText(value);
      if (found) {
        const path = part === 'body' ? found.path : `${part}.${found.path}`;
        throw new AppError('validation_failed', 'Some fields are missing or invalid.', {
          errors: [{ path, message: found.message }],
        });
      }
    }
  });
}

export function registerProblemHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = error.meta?.retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return sendProblem(reply, error.code, error.message, {
        errors: error.errors,
        meta: error.meta,
        status: error.status,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation, error.validationContext);
      return sendProblem(reply, 'validation_failed', 'Some fields are missing or invalid.', { errors });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendProblem(reply, 'payload_too_large', 'The request body is too large.');
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendProblem(reply, 'validation_failed', 'Send the request body as application/json.', {
        status: 415,
      });
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      (error instanceof SyntaxError && error.statusCode === 400)
    ) {
      return sendProblem(reply, 'validation_failed', 'The request body is not valid JSON.', {
        errors: [{ path: 'body', message: 'The request body is not valid JSON.' }],
      });
    }
    if (error.statusCode === 429) {
      return sendProblem(reply, 'rate_limited', 'Too many requests. Wait a minute and try again.');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendProblem(reply, 'validation_failed', error.message, { status: error.statusCode });
    }
    if (isConnectionLost(error)) {
      // The database connection went (a restart, a failover): nothing to fix here, ask again shortly.
      request.log.warn({ err: error }, 'database connection lost during a request');
      reply.header('retry-after', '2');
      return sendProblem(reply, 'service_unavailable', 'The database is briefly unavailable. Try again in a moment.');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, 'internal', 'Something went wrong on our side. Please try again.');
  });
}

/**
 * The error handler and the unsafe-input check, on the root: routes take the
 * error handler in force when they are added, so this comes before any route
 * and before the plugins whose hooks throw AppErrors (they name it).
 */
export const problemPlugin = fp(
  async function problem(app) {
    registerProblemHandlers(app);
    refuseUnsafeInput(app);
  },
  { name: 'problem' },
);
