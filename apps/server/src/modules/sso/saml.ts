// SAML 2.0 with @node-saml/node-saml: the AuthnRequest (HTTP-Redirect), the
// response's checks (signed assertion by the provider's certificate, issuer,
// audience, validity window, InResponseTo against the request stored in the
// database) and the service provider's metadata.
import { DOMParser } from '@xmldom/xmldom';
import {
  SAML,
  ValidateInResponseTo,
  generateServiceProviderMetadata,
  type CacheProvider,
  type Profile,
} from '@node-saml/node-saml';

export type SamlSettings = {
  spEntityId: string;
  acsUrl: string;
  idpEntityId: string;
  idpSsoUrl: string;
  idpCertificates: string[];
};

const pem = (body: string) =>
  `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`;

/** How long the provider may take to answer, and the clock skew accepted. */
export const samlRequestLifetimeMs = 10 * 60_000;

export function samlClient(settings: SamlSettings, requests: CacheProvider, requestId?: string) {
  return new SAML({
    issuer: settings.spEntityId,
    audience: settings.spEntityId,
    callbackUrl: settings.acsUrl,
    entryPoint: settings.idpSsoUrl,
    idpIssuer: settings.idpEntityId,
    idpCert: settings.idpCertificates.map(pem),
    // Shibboleth and most campus providers sign the assertion; a signed response alone is not enough.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: samlRequestLifetimeMs,
    cacheProvider: requests,
    acceptedClockSkewMs: 60_000,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
  });
}

export async function samlAuthorizeUrl(saml: SAML, relayState: string) {
  return saml.getAuthorizeUrlAsync(relayState, undefined, {});
}

export async function samlProfile(
  saml: SAML,
  body: { SAMLResponse: string; RelayState?: string },
): Promise<Profile> {
  const { profile, loggedOut } = await saml.validatePostResponseAsync(
    body as Record<string, string>,
  );
  if (!profile || loggedOut) throw new Error('The response holds no sign-in.');
  return profile;
}

/** What the response says before it is checked: only ever used to refuse, never to trust. */
export function peekSamlResponse(base64: string) {
  try {
    const xml = Buffer.from(base64, 'base64').toString('utf8');
    const doc = new DOMParser({
      errorHandler: { error: () => {}, fatalError: () => {} },
    }).parseFromString(xml, 'text/xml');
    const protocol = 'urn:oasis:names:tc:SAML:2.0:protocol';
    const assertionNs = 'urn:oasis:names:tc:SAML:2.0:assertion';
    const response = doc.getElementsByTagNameNS(protocol, 'Response')[0];
    const assertion = doc.getElementsByTagNameNS(assertionNs, 'Assertion')[0];
    const conditions = doc.getElementsByTagNameNS(assertionNs, 'Conditions')[0];
    return {
      inResponseTo: response?.getAttribute('InResponseTo') || null,
      assertionId: assertion?.getAttribute('ID') || null,
      notOnOrAfter: conditions?.getAttribute('NotOnOrAfter') || null,
    };
  } catch {
    return { inResponseTo: null, assertionId: null, notOnOrAfter: null };
  }
}

/** The first value of the first named attribute present. */
export function samlAttribute(profile: Profile, names: readonly string[]): string | null {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  for (const name of names) {
    const raw = attributes[name] ?? profile[name];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

export function serviceProviderMetadata(settings: { spEntityId: string; acsUrl: string }) {
  return generateServiceProviderMetadata({
    issuer: settings.spEntityId,
    callbackUrl: settings.acsUrl,
    identifierFormat: null,
    wantAssertionsSigned: true,
  });
}
