// Campus single sign-on (issue 28, decision 057): the start of a sign-in (state, nonce, request id
// stored in the database), and its finish: the provider's answer checked, the
// e-mail held to the institution's domains, and a session opened exactly as a
// password sign-in opens one — for the account, a pending invitation, or a
// researcher created just in time.
import type { SsoDiscoverResponse } from '@grantbridge/contract/sso';
import { ssoAttributeDefaults } from '@grantbridge/contract/sso';
import type { CacheProvider } from '@node-saml/node-saml';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { hashToken, newToken } from '../../lib/tokens';
import { signInVouched } from '../auth/auth.service';
import {
  acceptsSignIns,
  findInstitutionById,
  findInstitutionForEmail,
} from '../institutions/institutions.service';
import { joinVouched } from '../people/people.service';
import {
  newOidcRequest,
  oidcAuthorizationUrl,
  oidcClaims,
  oidcConfiguration,
} from './oidc';
import {
  peekSamlResponse,
  samlAttribute,
  samlAuthorizeUrl,
  samlClient,
  samlProfile,
  samlRequestLifetimeMs,
  serviceProviderMetadata,
} from './saml';
import { serviceProviderUrls } from './sso-settings.service';
export { allowPasswordSignInAgain } from './sso-settings.service';
import { notConfigured, refuse, SsoRefusal } from './sso-refusal';
import {
  findSamlRequest,
  findSsoSettings,
  insertSsoRequest,
  isTokenUsed,
  takeSsoRequest,
  useSamlRequest,
  useToken,
  type SsoRow,
} from './sso.repository';

export type SignInContext = { ip: string | null; userAgent: string | null; previousToken?: string };

/** The enabled settings of the institution that owns the e-mail's domain, if any. */
async function ssoForEmail(db: Db, email: string) {
  const institution = await findInstitutionForEmail(db, email);
  if (!acceptsSignIns(institution)) return null;
  const row = await findSsoSettings(db, institution.id);
  return row?.enabled ? { institution, row } : null;
}

export async function discoverSso(db: Db, email: string): Promise<SsoDiscoverResponse> {
  const found = await ssoForEmail(db, email);
  if (!found) return { sso: null };
  return {
    sso: {
      institution: { id: found.institution.id, name: found.institution.name },
      protocol: found.row.protocol,
      passwordSignIn: found.institution.passwordSignIn,
    },
  };
}

async function enabledSso(db: Db, institutionId: string) {
  const institution = await findInstitutionById(db, institutionId);
  const row = acceptsSignIns(institution) ? await findSsoSettings(db, institutionId) : undefined;
  if (!institution || !row?.enabled) throw notConfigured();
  return { institution, row };
}

function samlSettings(config: Config, row: SsoRow) {
  if (!row.samlIdpEntityId || !row.samlIdpSsoUrl || !row.samlIdpCertificates.length)
    throw notConfigured();
  const sp = serviceProviderUrls(config, row.institutionId);
  return {
    spEntityId: sp.entityId,
    acsUrl: sp.acsUrl,
    idpEntityId: row.samlIdpEntityId,
    idpSsoUrl: row.samlIdpSsoUrl,
    idpCertificates: row.samlIdpCertificates,
  };
}

function oidcSettings(row: SsoRow) {
  if (!row.oidcIssuer || !row.oidcClientId || !row.oidcClientSecret) throw notConfigured();
  return {
    issuer: row.oidcIssuer,
    clientId: row.oidcClientId,
    clientSecret: row.oidcClientSecret,
    version: row.updatedAt.getTime(),
  };
}

const requestLifetimeMs = samlRequestLifetimeMs;

/**
 * Starts a sign-in at the institution's provider (by the e-mail's domain, or
 * by id): the URL to redirect to, and for OIDC the state the browser keeps in
 * a short-lived cookie, so only the browser that started may finish.
 */
export async function startSso(
  db: Db,
  config: Config,
  input: { email?: string; institution?: string; remember: boolean },
): Promise<{ location: string; browserState?: string }> {
  let institutionId = input.institution;
  if (input.email) {
    const found = await ssoForEmail(db, input.email);
    if (!found) throw notConfigured();
    institutionId = found.institution.id;
  }
  const { row } = await enabledSso(db, institutionId!);
  const state = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + requestLifetimeMs);
  if (row.protocol === 'oidc') {
    const settings = oidcSettings(row);
    let configuration;
    try {
      configuration = await oidcConfiguration(row.institutionId, settings);
    } catch {
      throw new AppError(
        'upstream_unavailable',
        "Your institution's sign-in service did not answer. Try again shortly.",
      );
    }
    const request = await newOidcRequest();
    await insertSsoRequest(db, {
      stateHash: hashToken(state),
      institutionId: row.institutionId,
      protocol: 'oidc',
      nonce: request.nonce,
      codeVerifier: request.codeVerifier,
      remember: input.remember,
      expiresAt,
    });
    const url = oidcAuthorizationUrl(configuration, {
      redirectUri: serviceProviderUrls(config, row.institutionId).oidcRedirectUri,
      state,
      nonce: request.nonce,
      codeChallenge: request.codeChallenge,
      loginHint: input.email,
    });
    return { location: url.href, browserState: state };
  }
  const requestId = `_${newToken()
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 40)}`;
  await insertSsoRequest(db, {
    stateHash: hashToken(state),
    institutionId: row.institutionId,
    protocol: 'saml',
    samlRequestId: requestId,
    remember: input.remember,
    expiresAt,
  });
  const saml = samlClient(
    samlSettings(config, row),
    samlRequests(db, row.institutionId),
    requestId,
  );
  return { location: await samlAuthorizeUrl(saml, state) };
}

/** node-saml's request-id store, on the sso_requests table: InResponseTo must name a request of this institution. */
function samlRequests(db: Db, institutionId: string): CacheProvider {
  return {
    saveAsync: async (_key, value) => ({ value, createdAt: Date.now() }),
    getAsync: async (key) => {
      const row = await findSamlRequest(db, key, new Date());
      return row && row.institutionId === institutionId && row.protocol === 'saml'
        ? row.createdAt.toISOString()
        : null;
    },
    // Marked used by finishSaml itself, once the response has passed every check.
    removeAsync: async (key) => key,
  };
}

type Attributes = { email: string | null; name: string | null; department: string | null };

function namesFor(row: SsoRow, which: keyof Attributes): readonly string[] {
  const configured = {
    email: row.emailAttribute,
    name: row.nameAttribute,
    department: row.departmentAttribute,
  }[which];
  if (configured) return [configured];
  return ssoAttributeDefaults[row.protocol][which];
}

/** The SAML attributes' common OID names (InCommon sends these), tried after the friendly names. */
const samlOids: Record<string, string> = {
  mail: 'urn:oid:0.9.2342.19200300.100.1.3',
  eduPersonPrincipalName: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6',
  displayName: 'urn:oid:2.16.840.1.113730.3.1.241',
  ou: 'urn:oid:2.5.4.11',
};

/** The person the provider vouched for: held to the institution's domains, then signed in, invited in, or created. */
async function signInPerson(
  db: Db,
  config: Config,
  institution: { id: string; name: string },
  row: SsoRow,
  attributes: Attributes,
  remember: boolean,
  context: SignInContext,
) {
  const email = attributes.email?.trim().toLowerCase();
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    throw refuse(
      'no_email',
      'Your campus sign-in did not tell GrantBridge your e-mail address. Ask your IT team to release it.',
    );
  }
  const owner = await findInstitutionForEmail(db, email);
  if (owner?.id !== institution.id) {
    throw new SsoRefusal(
      'email_outside_institution',
      `${email} is not an address of ${institution.name}.`,
      'email_outside_institution',
    );
  }
  const existing = await signInVouched(db, config, email, remember, context);
  if (existing) return existing;
  const joined = await joinVouched(
    db,
    config,
    {
      email,
      name: attributes.name,
      department: attributes.department,
      institutionId: institution.id,
      justInTime: row.justInTime,
      remember,
    },
    context,
  );
  if (!joined) {
    throw refuse(
      'no_account',
      `${email} has no GrantBridge account yet. Ask your research office to invite you.`,
    );
  }
  return joined;
}

export async function finishOidc(
  db: Db,
  config: Config,
  institutionId: string,
  query: Record<string, unknown>,
  browserState: string | undefined,
  context: SignInContext,
) {
  const { institution, row } = await enabledSso(db, institutionId);
  if (row.protocol !== 'oidc') throw notConfigured();
  const state = typeof query.state === 'string' ? query.state : '';
  if (!state) throw refuse('missing_state');
  if (!browserState || browserState !== state) throw refuse('state_not_this_browser');
  const request = await takeSsoRequest(db, hashToken(state), new Date());
  if (!request || request.institutionId !== institutionId || request.protocol !== 'oidc') {
    throw refuse('unknown_or_used_state');
  }
  let configuration;
  try {
    configuration = await oidcConfiguration(institutionId, oidcSettings(row));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new SsoRefusal(
      'upstream_unavailable',
      "Your institution's sign-in service did not answer. Try again shortly.",
      'provider_unreachable',
    );
  }
  const currentUrl = new URL(serviceProviderUrls(config, institutionId).oidcRedirectUri);
  for (const [key, value] of Object.entries(query))
    if (typeof value === 'string') currentUrl.searchParams.set(key, value);
  const emailNames = namesFor(row, 'email');
  let claims: Record<string, unknown>;
  try {
    claims = await oidcClaims(
      configuration,
      currentUrl,
      { state, nonce: request.nonce!, codeVerifier: request.codeVerifier! },
      (c) => !emailNames.some((n) => typeof c[n] === 'string'),
    );
  } catch (error) {
    throw refuse(`oidc: ${(error as Error).message}`.slice(0, 300));
  }
  const expiresAt =
    typeof claims.exp === 'number'
      ? new Date(claims.exp * 1000)
      : new Date(Date.now() + 86_400_000);
  if (!(await useToken(db, `oidc:${String(claims.iss)}:${request.nonce}`, expiresAt)))
    throw refuse('replayed_nonce');
  if (claims.email_verified === false)
    throw refuse('email_not_verified', 'Your provider has not verified your e-mail address.');
  const pick = (which: keyof Attributes) => {
    for (const name of namesFor(row, which)) {
      const value = claims[name];
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
    return null;
  };
  return signInPerson(
    db,
    config,
    institution,
    row,
    { email: pick('email'), name: pick('name'), department: pick('department') },
    request.remember,
    context,
  );
}

export async function finishSaml(
  db: Db,
  config: Config,
  institutionId: string,
  body: { SAMLResponse: string; RelayState?: string },
  context: SignInContext,
) {
  const { institution, row } = await enabledSso(db, institutionId);
  if (row.protocol !== 'saml') throw notConfigured();
  const settings = samlSettings(config, row);
  const peeked = peekSamlResponse(body.SAMLResponse);
  if (!peeked.inResponseTo) throw refuse('unsolicited_response');
  if (
    peeked.assertionId &&
    (await isTokenUsed(db, `saml:${settings.idpEntityId}:${peeked.assertionId}`))
  ) {
    throw refuse('replayed_assertion');
  }
  const request = await findSamlRequest(db, peeked.inResponseTo, new Date());
  if (!request || request.institutionId !== institutionId) throw refuse('unknown_in_response_to');
  let profile;
  try {
    profile = await samlProfile(samlClient(settings, samlRequests(db, institutionId)), body);
  } catch (error) {
    throw refuse(`saml: ${(error as Error).message}`.slice(0, 300));
  }
  if (profile.issuer !== settings.idpEntityId) throw refuse('saml: issuer mismatch');
  const assertionId = typeof profile.ID === 'string' ? profile.ID : peeked.assertionId;
  const keepUntil = new Date(
    Math.max(Date.parse(peeked.notOnOrAfter ?? '') || 0, Date.now() + requestLifetimeMs),
  );
  if (
    !assertionId ||
    !(await useToken(db, `saml:${settings.idpEntityId}:${assertionId}`, keepUntil))
  ) {
    throw refuse('replayed_assertion');
  }
  if (!(await useSamlRequest(db, peeked.inResponseTo, new Date())))
    throw refuse('used_in_response_to');
  const names = (which: keyof Attributes) => {
    const base = namesFor(row, which);
    return row[`${which}Attribute`]
      ? base
      : [...base, ...base.map((n) => samlOids[n]!).filter(Boolean)];
  };
  const email =
    samlAttribute(profile, names('email')) ??
    (profile.nameIDFormat?.endsWith(':emailAddress') ? profile.nameID : null);
  return signInPerson(
    db,
    config,
    institution,
    row,
    {
      email,
      name: samlAttribute(profile, names('name')),
      department: samlAttribute(profile, names('department')),
    },
    request.remember,
    context,
  );
}

/** The service provider's metadata for the institution (404 for an institution without SSO set up). */
export async function samlMetadataFor(db: Db, config: Config, institutionId: string) {
  const institution = await findInstitutionById(db, institutionId);
  if (!acceptsSignIns(institution)) throw new AppError('not_found', 'No such institution.');
  const sp = serviceProviderUrls(config, institutionId);
  return serviceProviderMetadata({ spEntityId: sp.entityId, acsUrl: sp.acsUrl });
}
