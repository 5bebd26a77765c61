// Behind a load balancer every request comes from the balancer's address.
// TRUST_PROXY names it, and the client's own address is read from
// X-Forwarded-For: tested through a real proxy hop (an HTTP server that
// forwards each request and appends the address it came from, as nginx's
// $proxy_add_x_forwarded_for does), with clients on distinct loopback
// addresses. Signed-in limits are each account's own whatever the address.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parseTrustProxy } from '../../config';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makePerson, makeUser } from '../../../test/factories';

/** A one-hop reverse proxy in front of `target`; answers its port. */
async function startProxy(target: number): Promise<{ port: number; close: () => Promise<void> }> {
  const proxy = http.createServer((request, response) => {
    const forwarded = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      { host: '127.0.0.1', port: target, method: request.method, path: request.url, headers: { ...request.headers, 'x-forwarded-for': forwarded } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as AddressInfo).port,
    close: () => new Promise((resolve) => proxy.close(() => resolve())),
  };
}

/** Signs in through the proxy from `from` (a loopback address of its own). */
function signInVia(proxyPort: number, from: string, body: object, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: { code?: string } }>((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port: proxyPort,
        localAddress: from,
        method: 'POST',
        path: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text || '{}') }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('TRUST_PROXY', () => {
  it('reads hops, addresses, CIDRs and names, and refuses what would trust anyone', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1,loopback')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'loopback']);
    expect(parseTrustProxy('true')).toMatch(/name the proxies/);
    expect(parseTrustProxy('10.0.0.0/33')).toMatch(/not an address/);
    expect(parseTrustProxy('balancer.example')).toMatch(/not an address/);
  });

  for (const [label, setting, separated] of [
    ['unset: every client behind the proxy is the proxy', undefined, false],
    ['one hop: each client is itself', '1', true],
    ['the proxy by address: each client is itself', '127.0.0.1/32', true],
  ] as const) {
    describe(label, () => {
      let t: TestApp;
      let proxy: Awaited<ReturnType<typeof startProxy>>;
      beforeAll(async () => {
        t = await createTestApp({ LOGIN_ADDRESS_MAX_FAILURES: '5', ...(setting ? { TRUST_PROXY: setting } : {}) });
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        proxy = await startProxy((t.app.server.address() as AddressInfo).port);
      });
      afterAll(async () => {
        await proxy.close();
        await t.close();
      });

      it(`a stranger's failed sign-ins ${separated ? 'lock only the stranger' : 'lock out everyone behind the proxy'}`, async () => {
        const { email, password } = await makeUser(t.db);
        for (let i = 0; i < 5; i++) {
          // The stranger also claims to be someone else; a client's own X-Forwarded-For is never believed.
          const res = await signInVia(proxy.port, '127.0.0.2', { email: `nobody${i}@${email.split('@')[1]}`, password: 'wrong password', role: 'researcher' }, { 'x-forwarded-for': '203.0.113.9' });
          expect(res.status).toBe(401);
        }
        const stranger = await signInVia(proxy.port, '127.0.0.2', { email, password, role: 'researcher' }, { 'x-forwarded-for': '203.0.113.9' });
        expect(stranger.status).toBe(429);
        const colleague = await signInVia(proxy.port, '127.0.0.3', { email, password, role: 'researcher' });
        expect(colleague.status).toBe(separated ? 200 : 429);
        // The failures are recorded against the address the trusted proxy saw, never the claimed one.
        const sources = await queryRows<{ ip: string }>(t.db, sql`select distinct ip from login_attempts where not succeeded and email like 'nobody%'`);
        expect(sources.map((r) => r.ip)).toEqual([separated ? '127.0.0.2' : '127.0.0.1']);
      });
    });
  }
});

describe('limits when signed in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("are each account's own: two people at one address each get the whole allowance", async () => {
    const [a, b] = [await makePerson(t.db, 'Ada Shared'), await makePerson(t.db, 'Ben Shared')];
    const post = (cookie: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/posts', headers: { cookie }, payload: { content: 'Hello' }, remoteAddress: '10.1.1.1' });
    for (let i = 0; i < 30; i++) expect((await post(a.cookie)).statusCode).toBe(201);
    const limited = await post(a.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect((await post(b.cookie)).statusCode).toBe(201);
  });
});
