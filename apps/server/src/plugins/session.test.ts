import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makePerson, type TestPerson } from '../../test/factories';
import { originAllowed, requireUser } from './session';

const publicUrl = 'https://grants.example.org';

describe('originAllowed', () => {
  it.each([
    ['no Origin (not a browser)', undefined, publicUrl, true],
    ['Origin: null', 'null', publicUrl, false],
    ['a foreign origin', 'https://evil.example', publicUrl, false],
    ["PUBLIC_URL's origin", publicUrl, `${publicUrl}/some/path`, true],
    ["PUBLIC_URL's origin when PUBLIC_URL is not set", publicUrl, undefined, false],
    ["the host's own origin over http", 'http://localhost:3000', undefined, true],
    ["the host's own origin over https", 'https://localhost:3000', publicUrl, true],
    ['the host on another port', 'http://localhost:3001', publicUrl, false],
  ])('%s → %s', (_label, origin, configured, allowed) => {
    const headers = { host: 'localhost:3000', ...(origin === undefined ? {} : { origin }) };
    expect(originAllowed({ headers }, configured)).toBe(allowed);
  });
});

describe('the Origin check on the real app', () => {
  let t: TestApp;
  let base: string;
  let person: TestPerson;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: publicUrl }, (app) => {
      // A route that reads the user but forgot to be private.
      app.get('/api/v1/test/forgot-its-guard', { config: { public: true } }, async (request) => ({
        id: requireUser(request).id,
      }));
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    person = await makePerson(t.db);
  });
  afterAll(() => t.close());

  const ownOrigin = () => base;

  it.each([
    ['Origin: null', () => 'null', 403],
    ['a foreign origin', () => 'https://evil.example', 403],
    ["PUBLIC_URL's origin", () => publicUrl, 200],
    ["the host's own origin", ownOrigin, 200],
  ])('a POST with %s → %i', async (_label, origin, status) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { origin: origin(), host: new URL(base).host },
    });
    expect(res.statusCode).toBe(status);
    if (status === 403) expect(res.json().code).toBe('forbidden');
  });

  /** Opens the realtime socket; resolves with 'open' or the refusing HTTP status. */
  const upgrade = (origin: string) =>
    new Promise<string | number>((resolve, reject) => {
      const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/v1/realtime`, {
        headers: { cookie: person.cookie, origin },
      });
      ws.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        ws.terminate();
      });
      ws.once('open', () => {
        resolve('open');
        ws.close();
      });
      ws.once('error', reject);
    });

  it.each([
    ['Origin: null', () => 'null', 403],
    ['a foreign origin', () => 'https://evil.example', 403],
    ["PUBLIC_URL's origin", () => publicUrl, 'open'],
    ["the host's own origin", ownOrigin, 'open'],
  ])('a WebSocket upgrade with %s → %s', async (_label, origin, outcome) => {
    expect(await upgrade(origin())).toBe(outcome);
  });

  it('answers 401 unauthenticated where a route forgot its guard, and the user where there is one', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/test/forgot-its-guard' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toContain('application/problem+json');
    expect(anonymous.json().code).toBe('unauthenticated');
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/api/v1/test/forgot-its-guard',
      headers: { cookie: person.cookie },
    });
    expect(signedIn.json()).toEqual({ id: person.id });
  });
});
