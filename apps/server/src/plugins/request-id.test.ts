// X-Request-Id on the real app and its database (PGlite, or PostgreSQL with
// GB_TEST_DB=postgres): every answer carries one (errors, 404s and rate limits
// too), a proxy's is kept only when TRUST_PROXY names the proxy and the value
// is well formed, and the request's log lines carry the same id.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { forwardedRequestId, trustsPeer } from './request-id';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the rules', () => {
  it('trusts the peer as TRUST_PROXY says: never, any first hop, or the named addresses', () => {
    expect(trustsPeer(false)('127.0.0.1')).toBe(false);
    expect(trustsPeer(1)('203.0.113.7')).toBe(true);
    expect(trustsPeer(0)('127.0.0.1')).toBe(false);
    const named = trustsPeer(['10.0.0.0/8', 'loopback']);
    expect(named('10.1.2.3')).toBe(true);
    expect(named('::ffff:10.1.2.3')).toBe(true);
    expect(named('::1')).toBe(true);
    expect(named('203.0.113.7')).toBe(false);
    expect(named(undefined)).toBe(false);
  });

  it('keeps well-formed ids only', () => {
    for (const good of [
      'f47ac10b-58cc-4372-a567-0e02b2c3d479',
      'a'.repeat(128),
      '0af7651916cd43dd8448eb211c80319c',
      'Root=1-5e1b4151:x/y+z@lb',
    ]) {
      expect(forwardedRequestId(good)).toBe(good);
    }
    for (const bad of [
      '',
      'a'.repeat(129),
      'two words',
      'id"quoted',
      '<script>',
      'line\nbreak',
      'ünïcode',
    ]) {
      expect(forwardedRequestId(bad)).toBeNull();
    }
    expect(forwardedRequestId(['one', 'two'])).toBeNull();
    expect(forwardedRequestId(undefined)).toBeNull();
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LEAD_RATE_LIMIT: '1' });
  });
  afterAll(() => t.close());

  it('gives every response a new id and ignores the one a client sends', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'chosen-by-client' },
    });
    const second = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(first.headers['x-request-id']).toMatch(uuid);
    expect(second.headers['x-request-id']).toMatch(uuid);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('sends it with problem+json errors, 404s and rate-limited answers', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/researchers' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      }),
      await t.app.inject({ method: 'POST', url: '/api/v1/contact-requests', payload: {} }),
      await t.app.inject({ method: 'POST', url: '/api/v1/contact-requests', payload: {} }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([404, 401, 400, 400, 429]);
    for (const answer of answers) {
      expect(answer.headers['content-type']).toContain('application/problem+json');
      expect(answer.headers['x-request-id']).toMatch(uuid);
    }
  });
});

describe('behind a proxy TRUST_PROXY names, with the log read', () => {
  const lines: Record<string, unknown>[] = [];
  let t: TestApp;
  beforeAll(async () => {
    let text = '';
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        text += String(chunk);
        let end: number;
        while ((end = text.indexOf('\n')) >= 0) {
          lines.push(JSON.parse(text.slice(0, end)));
          text = text.slice(end + 1);
        }
        done();
      },
    });
    t = await createTestApp({ LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1' }, undefined, {
      logStream,
    });
  });
  afterAll(() => t.close());

  it("keeps the proxy's well-formed id, and replaces a malformed one", async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': '0af7651916cd43dd8448eb211c80319c' },
    });
    expect(kept.headers['x-request-id']).toBe('0af7651916cd43dd8448eb211c80319c');
    for (const bad of ['two words', 'x'.repeat(200), '<img src=x>']) {
      const replaced = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': bad },
      });
      expect(replaced.headers['x-request-id']).toMatch(uuid);
    }
    const notFound = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nothing-here',
      headers: { 'x-request-id': 'trace-404' },
    });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['x-request-id']).toBe('trace-404');
  });

  it('replaces the id a client sends from an address that is not the proxy', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '203.0.113.7',
      headers: { 'x-request-id': 'spoofed-by-client' },
    });
    expect(res.headers['x-request-id']).toMatch(uuid);
  });

  it("writes the id on every log line of the request, the proxy's or a new one", async () => {
    const forwarded = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nothing-here?x=1',
      headers: { 'x-request-id': 'trace-from-proxy-42' },
    });
    const generated = await t.app.inject({ method: 'GET', url: '/api/health' });
    for (const id of ['trace-from-proxy-42', generated.headers['x-request-id'] as string]) {
      const ofRequest = lines.filter((line) => line.reqId === id);
      expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    }
    expect(forwarded.headers['x-request-id']).toBe('trace-from-proxy-42');
    // Every line about a request names one.
    const aboutRequests = lines.filter((line) => 'req' in line || 'res' in line);
    expect(aboutRequests.length).toBeGreaterThan(0);
    for (const line of aboutRequests) expect(typeof line.reqId).toBe('string');
  });
});
