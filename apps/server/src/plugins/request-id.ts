// Every request has an id, sent back as X-Request-Id and carried by every log
// line Fastify writes for the request (`reqId`), so a person's report, the
// proxy's access log and our logs meet on one value (decision 054). The id
// comes from the proxy in front only when TRUST_PROXY names it and the value
// looks like an id; otherwise, and from any other client, it is a new UUID.
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import fp from 'fastify-plugin';
import type { TrustProxy } from '../config';

export const requestIdHeader = 'x-request-id';

/** 1–128 letters, digits and - _ . : + = / @: UUIDs, nginx's hex $request_id, trace ids; nothing that could forge a log line. */
const acceptedId = /^[A-Za-z0-9\-_.:+=/@]{1,128}$/;

/** Whether the socket's peer is a proxy TRUST_PROXY names (the same rule Fastify uses for X-Forwarded-For). */
export function trustsPeer(trustProxy: TrustProxy): (address: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  // A hop count trusts the first hop whoever it is: the server is reachable only through its proxies.
  if (typeof trustProxy === 'number') return () => trustProxy > 0;
  const trust = proxyAddr.compile(trustProxy);
  return (address) => address !== undefined && trust(address, 0);
}

/** The incoming header's id when a trusted proxy sent a well-formed one; else null. */
export function forwardedRequestId(value: string | string[] | undefined): string | null {
  return typeof value === 'string' && acceptedId.test(value) ? value : null;
}

/** Fastify's genReqId for this config: called once per request, before any hook. */
export function requestIdGenerator(trustProxy: TrustProxy) {
  const trusted = trustsPeer(trustProxy);
  return (request: IncomingMessage) =>
    (trusted(request.socket?.remoteAddress) && forwardedRequestId(request.headers[requestIdHeader])) ||
    crypto.randomUUID();
}

/**
 * Sends the id back on every response: set in the first onRequest hook, so
 * answers from later hooks (sign-in required, rate limits), errors
 * (problem+json) and 404s carry it as well as routes' own.
 */
export const requestIdPlugin = fp(
  async function requestId(app) {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(requestIdHeader, request.id);
      done();
    });
  },
  { name: 'request-id' },
);
