// OpenID Connect with openid-client: the provider's configuration (discovered
// from its issuer, kept per institution until its settings change), the
// authorization URL with state, nonce and PKCE, and the code exchange with
// its ID token checks (signature, issuer, audience, expiry, nonce).
import * as client from 'openid-client';

/** http:// is accepted for an issuer on this machine only (tests, a local provider). */
export function isLoopbackUrl(url: URL) {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export function issuerProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter the issuer as a URL, e.g. https://login.microsoftonline.com/<tenant>/v2.0';
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackUrl(url))) return null;
  return 'The issuer must be an https:// URL';
}

type Settings = { issuer: string; clientId: string; clientSecret: string; version: number };
const cache = new Map<string, { version: number; config: Promise<client.Configuration> }>();

/** The provider's configuration for the institution (discovery is done once per settings version). */
export function oidcConfiguration(
  institutionId: string,
  settings: Settings,
): Promise<client.Configuration> {
  // Keyed by the settings too: institutions of two databases in one process
  // (test files sharing a worker) may have the same id and version.
  const key = `${institutionId}|${settings.issuer}|${settings.clientId}`;
  const cached = cache.get(key);
  if (cached && cached.version === settings.version) return cached.config;
  const issuer = new URL(settings.issuer);
  const config = client
    .discovery(
      issuer,
      settings.clientId,
      settings.clientSecret,
      undefined,
      isLoopbackUrl(issuer) && issuer.protocol === 'http:'
        ? { execute: [client.allowInsecureRequests], timeout: 10 }
        : { timeout: 10 },
    )
    .catch((error: unknown) => {
      cache.delete(key);
      throw error;
    });
  cache.set(key, { version: settings.version, config });
  return config;
}

export async function newOidcRequest() {
  const codeVerifier = client.randomPKCECodeVerifier();
  return {
    nonce: client.randomNonce(),
    codeVerifier,
    codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier),
  };
}

export function oidcAuthorizationUrl(
  config: client.Configuration,
  input: {
    redirectUri: string;
    state: string;
    nonce: string;
    codeChallenge: string;
    loginHint?: string;
  },
) {
  return client.buildAuthorizationUrl(config, {
    redirect_uri: input.redirectUri,
    scope: 'openid email profile',
    state: input.state,
    nonce: input.nonce,
    code_challenge: input.codeChallenge,
    code_challenge_method: 'S256',
    ...(input.loginHint ? { login_hint: input.loginHint } : {}),
  });
}

/** Exchanges the code; the ID token's claims (with the user info's when the token lacks them). */
export async function oidcClaims(
  config: client.Configuration,
  currentUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
  needUserInfo: (claims: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  const tokens = await client.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = { ...(tokens.claims() as Record<string, unknown>) };
  if (needUserInfo(claims) && tokens.access_token) {
    const info = await client.fetchUserInfo(config, tokens.access_token, String(claims.sub));
    for (const [key, value] of Object.entries(info)) if (!(key in claims)) claims[key] = value;
  }
  return claims;
}
