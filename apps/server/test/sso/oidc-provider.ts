// A real OpenID provider (oidc-provider, a certified implementation) started in
// the test process, for the OIDC sign-in tests and the Chromium journey. Its
// login page asks for an e-mail only: every account the test registers signs
// in without a password, and consent is given with the login.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseQuery } from 'node:querystring';
import Provider from 'oidc-provider';

export type TestAccount = {
  email: string;
  name?: string;
  department?: string;
  emailVerified?: boolean;
};

export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers (or replaces) a person who may sign in. */
  addAccount: (account: TestAccount) => void;
  /** Follows the authorization URL as a browser would, signing in as `email`: the URL the provider sends back to. */
  signIn: (authorizationUrl: string, email: string) => Promise<URL>;
  close: () => Promise<void>;
};

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startOidcProvider(options: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? 'grantbridge-test';
  const clientSecret = options.clientSecret ?? 'test-client-secret-that-is-long-enough';
  const accounts = new Map<string, TestAccount>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  const signingKey = crypto
    .generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...signingKey, kid: 'test-signing-key', alg: 'RS256', use: 'sig' }] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'department'],
    },
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          ...(account.name ? { name: account.name } : {}),
          ...(account.department ? { department: account.department } : {}),
        }),
      };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['grantbridge-test-oidc-cookie-key'] },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
  });
  provider.on('server_error', () => {});
  const handle = provider.callback();
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    void (async () => {
      const match = /^\/interaction\/([\w-]+)/.exec(request.url ?? '');
      if (!match) return handle(request, response);
      try {
        const details = await provider.interactionDetails(request, response);
        if (request.method === 'GET') {
          response.setHeader('content-type', 'text/html; charset=utf-8');
          response.end(`<!doctype html><html lang="en"><head><title>Test identity provider</title></head><body>
<h1>Test identity provider (OpenID Connect)</h1>
<form method="post" action="/interaction/${escape(details.uid)}">
<label>Campus e-mail <input name="email" type="email" value="${escape(String(details.params.login_hint ?? ''))}"></label>
<button type="submit">Sign in at the test provider</button></form></body></html>`);
          return;
        }
        const { email } = parseQuery(await readBody(request)) as { email?: string };
        const sub = String(email ?? '').toLowerCase();
        if (!accounts.has(sub)) {
          await provider.interactionFinished(request, response, {
            error: 'access_denied',
            error_description: 'unknown account',
          });
          return;
        }
        const grant = new provider.Grant({
          accountId: sub,
          clientId: String(details.params.client_id),
        });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        await provider.interactionFinished(
          request,
          response,
          { login: { accountId: sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        response.statusCode = 400;
        response.end(String((error as Error).message));
      }
    })();
  });

  async function signIn(authorizationUrl: string, email: string): Promise<URL> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const keep = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
      }
    };
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 10; hop++) {
      if (url.origin !== issuer) return url;
      const isLogin = /^\/interaction\//.test(url.pathname);
      const response = await fetch(url, {
        method: isLogin ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: cookieHeader(),
          ...(isLogin ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(isLogin ? { body: new URLSearchParams({ email }).toString() } : {}),
      });
      keep(response);
      const location = response.headers.get('location');
      if (!location)
        throw new Error(
          `the provider answered ${response.status} at ${url.pathname}: ${await response.text()}`,
        );
      url = new URL(location, url);
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount: (account) => accounts.set(account.email.toLowerCase(), account),
    signIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
