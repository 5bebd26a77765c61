// Campus single sign-on (issue 28, decision 057) against real counterparts in
// this process: an OpenID provider (oidc-provider) and a SAML identity provider
// signing its assertions with a test key. Every refusal is a test, and is logged.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { allowPasswordSignInAgain } from './sso.service';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeInstitution, makePerson, makeUser, sessionCookie } from '../../../test/factories';
import { startOidcProvider, type TestOidcProvider } from '../../../test/sso/oidc-provider';
import {
  idpMetadata,
  readAuthnRequest,
  samlResponse,
  startSamlIdp,
  type ResponseOptions,
} from '../../../test/sso/saml-idp';

const publicUrl = 'http://grantbridge.test';
let t: TestApp;
let op: TestOidcProvider;
const warnings: { sso?: { code?: string; reason?: string } }[] = [];

type Site = { id: string; domain: string; adminCookie: string };
let oidcSite: Site;
let samlSite: Site;
let otherSite: Site;
const samlEntityId = 'https://idp.test.example/idp';
const samlSsoUrl = 'https://idp.test.example/sso';

async function site(): Promise<Site> {
  const { institution, domain } = await makeInstitution(t.db);
  const admin = await makePerson(t.db, 'Site Admin', 'admin', domain);
  return { id: institution.id, domain, adminCookie: admin.cookie };
}

const put = (cookie: string | undefined, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/institution/sso',
    payload,
    headers: cookie ? { cookie } : {},
  });

function oidcSettings(extra: object = {}) {
  return {
    enabled: true,
    protocol: 'oidc',
    passwordSignIn: true,
    justInTime: false,
    oidc: { issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret },
    ...extra,
  };
}
const samlSettings = (extra: object = {}) => ({
  enabled: true,
  protocol: 'saml',
  justInTime: false,
  saml: { metadataXml: idpMetadata(samlEntityId, samlSsoUrl) },
  ...extra,
});

const sessionOf = (response: { cookies: { name: string; value: string }[] }) => {
  const cookie = response.cookies.find((c) => c.name === 'gb_session' && c.value);
  return cookie ? `gb_session=${cookie.value}` : undefined;
};
const me = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie } })).json().user;
const lastWarning = () => warnings.at(-1)?.sso;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: publicUrl }, (app) => {
    app.addHook('onRequest', async (request) => {
      const warn = request.log.warn.bind(request.log);
      request.log.warn = ((...args: unknown[]) => {
        warnings.push(args[0] as (typeof warnings)[number]);
        return (warn as (...a: unknown[]) => void)(...args);
      }) as typeof request.log.warn;
    });
  });
  oidcSite = await site();
  samlSite = await site();
  otherSite = await site();
  op = await startOidcProvider({
    redirectUris: [`${publicUrl}/api/v1/auth/oidc/${oidcSite.id}/callback`],
  });
  expect((await put(oidcSite.adminCookie, oidcSettings())).statusCode).toBe(200);
  expect((await put(samlSite.adminCookie, samlSettings())).statusCode).toBe(200);
}, 60_000);
afterAll(async () => {
  await op?.close();
  await t?.close();
});

describe('PUT /api/v1/admin/institution/sso', () => {
  it('is refused signed out (401) and to a researcher (403)', async () => {
    expect((await put(undefined, oidcSettings())).statusCode).toBe(401);
    const researcher = await makePerson(t.db, 'R', 'researcher', oidcSite.domain);
    const res = await put(researcher.cookie, oidcSettings());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it("lets the institution's admin save, and another institution's admin only their own", async () => {
    const other = await put(otherSite.adminCookie, { enabled: false, protocol: 'saml' });
    expect(other.statusCode).toBe(200);
    expect(other.json().sso.institution.id).toBe(otherSite.id);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/institution/sso',
      headers: { cookie: oidcSite.adminCookie },
    });
    expect(mine.json().sso).toMatchObject({
      institution: { id: oidcSite.id },
      enabled: true,
      protocol: 'oidc',
    });
  });

  it('answers 400 validation_failed naming the field at fault', async () => {
    const cases: [object, string][] = [
      [
        { enabled: true, protocol: 'oidc', oidc: { clientId: 'x', clientSecret: 'y' } },
        'oidc.issuer',
      ],
      [
        {
          enabled: true,
          protocol: 'oidc',
          oidc: { issuer: 'ftp://idp.example', clientId: 'x', clientSecret: 'y' },
        },
        'oidc.issuer',
      ],
      [{ enabled: true, protocol: 'saml', saml: { metadataXml: '<nope' } }, 'saml.metadataXml'],
      [
        {
          enabled: true,
          protocol: 'saml',
          saml: {
            metadataXml:
              '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>',
          },
        },
        'saml.metadataXml',
      ],
      [{ enabled: false, protocol: 'saml', passwordSignIn: false }, 'passwordSignIn'],
      [{ enabled: 'yes', protocol: 'saml' }, 'enabled'],
      [{ enabled: true, protocol: 'ldap' }, 'protocol'],
    ];
    for (const [payload, path] of cases) {
      const res = await put(otherSite.adminCookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });

  it("reads the identity provider's metadata from its URL", async () => {
    const idp = await startSamlIdp();
    try {
      const res = await put(otherSite.adminCookie, {
        enabled: true,
        protocol: 'saml',
        saml: { metadataUrl: idp.metadataUrl },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().sso.saml).toMatchObject({
        metadataUrl: idp.metadataUrl,
        idpEntityId: idp.entityId,
        idpSsoUrl: idp.ssoUrl,
      });
      const missing = await put(otherSite.adminCookie, {
        enabled: true,
        protocol: 'saml',
        saml: { metadataUrl: `${idp.metadataUrl}-nowhere` },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual([
        { path: 'saml.metadataUrl', message: 'The metadata URL answered 404' },
      ]);
    } finally {
      await put(otherSite.adminCookie, { enabled: false, protocol: 'saml' });
      await idp.close();
    }
  });

  it('never answers the client secret, and keeps it when a save leaves it out', async () => {
    const saved = await put(oidcSite.adminCookie, oidcSettings());
    expect(saved.body).not.toContain(op.clientSecret);
    expect(saved.json().sso.oidc).toEqual({
      issuer: op.issuer,
      clientId: op.clientId,
      clientSecretSet: true,
    });
    const kept = await put(
      oidcSite.adminCookie,
      oidcSettings({ oidc: { issuer: op.issuer, clientId: op.clientId } }),
    );
    expect(kept.statusCode).toBe(200);
    expect(kept.json().sso.oidc.clientSecretSet).toBe(true);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/institution/sso',
      headers: { cookie: oidcSite.adminCookie },
    });
    expect(read.body).not.toContain(op.clientSecret);
    const discover = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/sso/discover?email=a@${oidcSite.domain}`,
    });
    expect(discover.body).not.toContain(op.clientSecret);
  });
});

describe('GET /api/v1/auth/sso/discover', () => {
  it("says whether the e-mail's institution uses single sign-on", async () => {
    const yes = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/sso/discover?email=someone@${samlSite.domain}`,
    });
    expect(yes.json().sso).toMatchObject({
      institution: { id: samlSite.id },
      protocol: 'saml',
      passwordSignIn: true,
    });
    const no = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/sso/discover?email=someone@${otherSite.domain}`,
    });
    expect(no.json().sso).toBeNull();
  });
});

/** Starts an OIDC sign-in for `email`, signs in at the provider, and returns the callback's answer. */
async function oidcSignIn(email: string, options: { keepBrowserState?: boolean } = {}) {
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/v1/auth/sso/start?email=${encodeURIComponent(email)}`,
  });
  expect(start.statusCode).toBe(302);
  const browserState = start.cookies.find((c) => c.name === 'gb_sso_state')!;
  const back = await op.signIn(start.headers.location as string, email);
  const callback = () =>
    t.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers:
        options.keepBrowserState === false ? {} : { cookie: `gb_sso_state=${browserState.value}` },
    });
  return { start, back, callback, response: await callback() };
}

describe('OpenID Connect sign-in', () => {
  it('redirects to the provider with state, nonce and PKCE', async () => {
    const start = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/sso/start?email=x@${oidcSite.domain}`,
    });
    expect(start.statusCode).toBe(302);
    const url = new URL(start.headers.location as string);
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(
      `${publicUrl}/api/v1/auth/oidc/${oidcSite.id}/callback`,
    );
    for (const name of ['state', 'nonce', 'code_challenge'])
      expect(url.searchParams.get(name)).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const cookie = start.cookies.find((c) => c.name === 'gb_sso_state')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 600 });
    const stored = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from sso_requests where institution_id = ${oidcSite.id}`,
    );
    expect(stored[0]!.n).toBeGreaterThan(0);
  });

  it('signs an existing researcher in with a session like a password sign-in', async () => {
    const { user, email } = await makeUser(t.db, { domain: oidcSite.domain });
    op.addAccount({ email, name: 'Ada Lovelace' });
    const { response } = await oidcSignIn(email);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login');
    const cookie = sessionOf(response)!;
    expect(response.cookies.find((c) => c.name === 'gb_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(await me(cookie)).toMatchObject({ id: user.id, email });
    const sessions = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from sessions where user_id = ${user.id}`,
    );
    expect(sessions[0]!.n).toBe(1);
  });

  it('creates a researcher just in time, with the name and department the provider sends', async () => {
    await put(
      oidcSite.adminCookie,
      oidcSettings({ justInTime: true, attributes: { department: 'department' } }),
    );
    try {
      const email = `new.person@${oidcSite.domain}`;
      op.addAccount({ email, name: 'Grace Hopper', department: 'Computer Science' });
      const { response } = await oidcSignIn(email);
      expect(response.headers.location).toBe('/login');
      expect(await me(sessionOf(response)!)).toMatchObject({
        email,
        name: 'Grace Hopper',
        department: 'Computer Science',
        role: 'researcher',
        institution: { id: oidcSite.id },
        setupComplete: false,
      });
    } finally {
      await put(oidcSite.adminCookie, oidcSettings());
    }
  });

  it('matches a pending invitation on a first sign-in, taking its role', async () => {
    const email = `invited.admin@${oidcSite.domain}`;
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/invitations',
      headers: { cookie: oidcSite.adminCookie },
      payload: { email, name: 'Invited Admin', role: 'admin' },
    });
    expect([200, 201]).toContain(invited.statusCode);
    op.addAccount({ email, name: 'Invited Admin' });
    const { response } = await oidcSignIn(email);
    expect(await me(sessionOf(response)!)).toMatchObject({
      email,
      role: 'admin',
      institution: { id: oidcSite.id },
    });
    const rows = await queryRows<{ status: string }>(
      t.db,
      sql`select status from invitations where email = ${email}`,
    );
    expect(rows[0]!.status).toBe('accepted');
  });

  it('refuses a person without an account when the institution does not create them', async () => {
    const email = `stranger@${oidcSite.domain}`;
    op.addAccount({ email });
    const { response } = await oidcSignIn(email);
    expect(response.headers.location).toBe('/login?sso_error=sso_failed');
    expect(sessionOf(response)).toBeUndefined();
    expect(lastWarning()).toMatchObject({ code: 'sso_failed', reason: 'no_account' });
  });

  it('refuses a deactivated person (account_deactivated)', async () => {
    const { user, email } = await makeUser(t.db, { domain: oidcSite.domain });
    await queryRows(t.db, sql`update users set status = 'deactivated' where id = ${user.id}`);
    op.addAccount({ email });
    const { response } = await oidcSignIn(email);
    expect(response.headers.location).toBe('/login?sso_error=account_deactivated');
    expect(sessionOf(response)).toBeUndefined();
    expect(lastWarning()).toMatchObject({ code: 'account_deactivated' });
  });

  it("refuses an ID token whose e-mail is at another institution's domain", async () => {
    const { email } = await makeUser(t.db, { domain: otherSite.domain });
    op.addAccount({ email });
    const start = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/sso/start?institution=${oidcSite.id}`,
    });
    const state = start.cookies.find((c) => c.name === 'gb_sso_state')!.value;
    const back = await op.signIn(start.headers.location as string, email);
    const response = await t.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: `gb_sso_state=${state}` },
    });
    expect(response.headers.location).toBe('/login?sso_error=email_outside_institution');
    expect(sessionOf(response)).toBeUndefined();
    expect(lastWarning()).toMatchObject({ code: 'email_outside_institution' });
  });

  it('refuses a replayed callback (its state is used)', async () => {
    const { email } = await makeUser(t.db, { domain: oidcSite.domain });
    op.addAccount({ email });
    const first = await oidcSignIn(email);
    expect(sessionOf(first.response)).toBeDefined();
    const replay = await first.callback();
    expect(replay.headers.location).toBe('/login?sso_error=sso_failed');
    expect(lastWarning()).toMatchObject({ code: 'sso_failed', reason: 'unknown_or_used_state' });
  });

  it('refuses a callback in a browser that did not start the sign-in', async () => {
    const { email } = await makeUser(t.db, { domain: oidcSite.domain });
    op.addAccount({ email });
    const { response } = await oidcSignIn(email, { keepBrowserState: false });
    expect(response.headers.location).toBe('/login?sso_error=sso_failed');
    expect(lastWarning()).toMatchObject({ reason: 'state_not_this_browser' });
  });

  it('refuses an unverified e-mail, and a provider that answers with an error', async () => {
    const { email } = await makeUser(t.db, { domain: oidcSite.domain });
    op.addAccount({ email, emailVerified: false });
    const { response } = await oidcSignIn(email);
    expect(response.headers.location).toBe('/login?sso_error=sso_failed');
    expect(lastWarning()).toMatchObject({ reason: 'email_not_verified' });
    const unknown = await oidcSignIn(`nobody-at-provider@${oidcSite.domain}`);
    expect(unknown.response.headers.location).toBe('/login?sso_error=sso_failed');
    expect(lastWarning()?.reason).toMatch(/^oidc: /);
  });
});

describe('password sign-in turned off', () => {
  it("refuses the institution's people on the password route with password_sign_in_disabled", async () => {
    const { email, password } = await makeUser(t.db, { domain: oidcSite.domain });
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password, role: 'researcher' },
    });
    expect(before.statusCode).toBe(200);
    expect(
      (await put(oidcSite.adminCookie, oidcSettings({ passwordSignIn: false }))).json().sso
        .passwordSignIn,
    ).toBe(false);
    try {
      const after = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password, role: 'researcher' },
      });
      expect(after.statusCode).toBe(403);
      expect(after.json()).toMatchObject({
        code: 'password_sign_in_disabled',
        meta: { institutionId: oidcSite.id },
      });
      const discover = await t.app.inject({
        method: 'GET',
        url: `/api/v1/auth/sso/discover?email=${email}`,
      });
      expect(discover.json().sso.passwordSignIn).toBe(false);
    } finally {
      await put(oidcSite.adminCookie, oidcSettings());
    }
  });
});

describe('the way back in (npm run sso:password-on)', () => {
  it('allows password sign-in again for the institution of a domain, its single sign-on left on', async () => {
    const { email, password } = await makeUser(t.db, { domain: oidcSite.domain });
    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password, role: 'researcher' },
      });
    await put(oidcSite.adminCookie, oidcSettings({ passwordSignIn: false }));
    try {
      expect((await signIn()).statusCode).toBe(403);
      const again = await allowPasswordSignInAgain(t.db, ` ${oidcSite.domain.toUpperCase()} `);
      expect(again).toEqual({
        institution: { id: oidcSite.id, name: expect.any(String) },
        wasOff: true,
      });
      expect((await signIn()).statusCode).toBe(200);
      const discover = await t.app.inject({
        method: 'GET',
        url: `/api/v1/auth/sso/discover?email=${email}`,
      });
      expect(discover.json().sso).toMatchObject({
        institution: { id: oidcSite.id },
        protocol: 'oidc',
        passwordSignIn: true,
      });
      expect((await allowPasswordSignInAgain(t.db, oidcSite.domain)).wasOff).toBe(false);
    } finally {
      await put(oidcSite.adminCookie, oidcSettings());
    }
  });

  it('answers institution_not_onboarded for a domain no institution here owns, and changes nothing', async () => {
    await expect(allowPasswordSignInAgain(t.db, 'nowhere-at-all.example')).rejects.toMatchObject({
      code: 'institution_not_onboarded',
    });
  });
});

describe('SAML 2.0 sign-in', () => {
  const acsUrl = () => `${publicUrl}/api/v1/auth/saml/${samlSite.id}/acs`;
  const spEntityId = () => `${publicUrl}/api/v1/auth/saml/${samlSite.id}/metadata`;

  async function startSaml(email: string) {
    const start = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/sso/start?email=${encodeURIComponent(email)}`,
    });
    expect(start.statusCode).toBe(302);
    expect((start.headers.location as string).startsWith(`${samlSsoUrl}?`)).toBe(true);
    return readAuthnRequest(start.headers.location as string);
  }
  const post = (
    body: { SAMLResponse: string; RelayState?: string },
    origin = 'https://idp.test.example',
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/saml/${samlSite.id}/acs`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      payload: new URLSearchParams(body as Record<string, string>).toString(),
    });
  async function answer(email: string, options: Partial<ResponseOptions> = {}) {
    const request = await startSaml(email);
    const SAMLResponse = samlResponse(samlEntityId, {
      inResponseTo: request.id,
      acsUrl: request.acsUrl,
      audience: request.issuer,
      email,
      ...options,
    });
    return {
      request,
      SAMLResponse,
      response: await post({ SAMLResponse, RelayState: request.relayState }),
    };
  }

  it("serves the service provider's metadata with its entity id and ACS", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/saml/${samlSite.id}/metadata`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(res.body).toContain(`entityID="${spEntityId()}"`);
    expect(res.body).toContain(`Location="${acsUrl()}"`);
    expect(res.body).toContain('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/saml/00000000-0000-4000-8000-000000000000/metadata',
    });
    expect(none.statusCode).toBe(404);
  });

  it('sends an AuthnRequest naming this service provider and its ACS', async () => {
    const request = await startSaml(`x@${samlSite.domain}`);
    expect(request.issuer).toBe(spEntityId());
    expect(request.acsUrl).toBe(acsUrl());
    expect(request.relayState).toMatch(/^[\w-]{20,}$/);
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from sso_requests where saml_request_id = ${request.id}`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('signs a person in with a signed assertion, the identity provider posting from its own site', async () => {
    const { user, email } = await makeUser(t.db, { domain: samlSite.domain });
    const { response } = await answer(email, { name: 'Ignored For Existing' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login');
    expect(await me(sessionOf(response)!)).toMatchObject({ id: user.id, email });
  });

  it('creates a researcher just in time with displayName and ou', async () => {
    await put(samlSite.adminCookie, samlSettings({ justInTime: true }));
    try {
      const email = `jit.saml@${samlSite.domain}`;
      const { response } = await answer(email, {
        name: 'Katherine Johnson',
        department: 'Mathematics',
      });
      expect(await me(sessionOf(response)!)).toMatchObject({
        email,
        name: 'Katherine Johnson',
        department: 'Mathematics',
        role: 'researcher',
      });
    } finally {
      await put(samlSite.adminCookie, samlSettings());
    }
  });

  const refusals: [string, Partial<ResponseOptions>, RegExp][] = [
    ['an unsigned assertion', { signature: 'none' }, /^saml: /],
    [
      'an assertion signed by a key the provider does not publish',
      { signature: 'other-key' },
      /^saml: /,
    ],
    [
      'an expired assertion',
      { validForMs: -60 * 60_000 },
      /^saml: (No valid subject confirmation|.*expired)/i,
    ],
    ['a wrong audience', { audience: 'https://someone-else.example/sp' }, /^saml: .*audience/i],
    ['another issuer', { issuer: 'https://evil.example/idp' }, /^saml: .*issuer/i],
  ];
  for (const [what, options, reason] of refusals) {
    it(`refuses ${what}`, async () => {
      const { email } = await makeUser(t.db, { domain: samlSite.domain });
      const { response } = await answer(email, options);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/login?sso_error=sso_failed');
      expect(sessionOf(response)).toBeUndefined();
      expect(lastWarning()).toMatchObject({ code: 'sso_failed' });
      expect(lastWarning()!.reason).toMatch(reason);
    });
  }

  it('refuses a wrong InResponseTo', async () => {
    const { email } = await makeUser(t.db, { domain: samlSite.domain });
    const { response } = await answer(email, { inResponseTo: '_never-requested' });
    expect(response.headers.location).toBe('/login?sso_error=sso_failed');
    expect(lastWarning()).toMatchObject({ reason: 'unknown_in_response_to' });
  });

  it("refuses an InResponseTo of another institution's request", async () => {
    const { email } = await makeUser(t.db, { domain: samlSite.domain });
    await put(otherSite.adminCookie, samlSettings());
    try {
      const other = await t.app.inject({
        method: 'GET',
        url: `/api/v1/auth/sso/start?institution=${otherSite.id}`,
      });
      const otherRequest = readAuthnRequest(other.headers.location as string);
      const { response } = await answer(email, { inResponseTo: otherRequest.id });
      expect(response.headers.location).toBe('/login?sso_error=sso_failed');
      expect(lastWarning()).toMatchObject({ reason: 'unknown_in_response_to' });
    } finally {
      await put(otherSite.adminCookie, { enabled: false, protocol: 'saml' });
    }
  });

  it('refuses a replayed assertion, also to a new request', async () => {
    const { email } = await makeUser(t.db, { domain: samlSite.domain });
    const first = await answer(email, { assertionId: '_replayed-assertion-1' });
    expect(sessionOf(first.response)).toBeDefined();
    const again = await post({
      SAMLResponse: first.SAMLResponse,
      RelayState: first.request.relayState,
    });
    expect(again.headers.location).toBe('/login?sso_error=sso_failed');
    expect(lastWarning()).toMatchObject({ reason: 'replayed_assertion' });
    const fresh = await answer(email, { assertionId: '_replayed-assertion-1' });
    expect(fresh.response.headers.location).toBe('/login?sso_error=sso_failed');
    expect(lastWarning()).toMatchObject({ reason: 'replayed_assertion' });
    const used = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from sso_used_tokens where key like ${'saml:%:_replayed-assertion-1'}`,
    );
    expect(used[0]!.n).toBe(1);
  });

  it("refuses an assertion whose e-mail is at another institution's domain", async () => {
    const { email } = await makeUser(t.db, { domain: otherSite.domain });
    const start = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/sso/start?institution=${samlSite.id}`,
    });
    const request = readAuthnRequest(start.headers.location as string);
    const SAMLResponse = samlResponse(samlEntityId, {
      inResponseTo: request.id,
      acsUrl: request.acsUrl,
      audience: request.issuer,
      email,
    });
    const response = await post({ SAMLResponse, RelayState: request.relayState });
    expect(response.headers.location).toBe('/login?sso_error=email_outside_institution');
    expect(sessionOf(response)).toBeUndefined();
    expect(lastWarning()).toMatchObject({ code: 'email_outside_institution' });
  });

  it('refuses a deactivated person (account_deactivated)', async () => {
    const { user, email } = await makeUser(t.db, { domain: samlSite.domain });
    await queryRows(t.db, sql`update users set status = 'deactivated' where id = ${user.id}`);
    const { response } = await answer(email);
    expect(response.headers.location).toBe('/login?sso_error=account_deactivated');
    expect(lastWarning()).toMatchObject({ code: 'account_deactivated' });
  });

  it('answers sso_not_configured for an institution without single sign-on', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/sso/start?institution=${otherSite.id}`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?sso_error=sso_not_configured');
    const cookie = await sessionCookie(
      t.db,
      (await makeUser(t.db, { domain: otherSite.domain })).user.id,
    );
    expect(cookie).toMatch(/^gb_session=/);
  });
});
