// A SAML 2.0 identity provider for the tests and the Chromium journey: it reads
// the service provider's AuthnRequest (HTTP-Redirect binding) and answers with
// a Response whose Assertion it signs (xml-crypto, RSA-SHA256) with a test-only
// key pair (test/fixtures/saml). Options make the answers a refusal needs:
// unsigned, signed by another key, expired, for another audience, for another
// request, for another e-mail.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parse as parseQuery } from 'node:querystring';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { SignedXml } from 'xml-crypto';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'saml');
export const testIdpKey = fs.readFileSync(path.join(fixtures, 'test-idp-key.pem'), 'utf8');
export const testIdpCert = fs.readFileSync(path.join(fixtures, 'test-idp-cert.pem'), 'utf8');
const certBody = testIdpCert.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

export type AuthnRequest = { id: string; acsUrl: string; issuer: string; relayState: string };

/** The AuthnRequest of a redirect to the provider (deflated, base64, in SAMLRequest). */
export function readAuthnRequest(redirectUrl: string): AuthnRequest {
  const url = new URL(redirectUrl);
  const xml = zlib
    .inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64'))
    .toString('utf8');
  return {
    id: /\sID="([^"]+)"/.exec(xml)![1]!,
    acsUrl: /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1] ?? '',
    issuer: /<saml:Issuer[^>]*>([^<]+)</.exec(xml)![1]!,
    relayState: url.searchParams.get('RelayState') ?? '',
  };
}

export type ResponseOptions = {
  inResponseTo: string;
  acsUrl: string;
  audience: string;
  email: string;
  name?: string;
  department?: string;
  /** 'assertion' (default), 'none', or 'other-key' (a key the service provider does not trust). */
  signature?: 'assertion' | 'none' | 'other-key';
  /** Ms from now when the assertion stops being valid (negative: already expired). */
  validForMs?: number;
  issuer?: string;
  assertionId?: string;
};

const xmlEscape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const attribute = (name: string, value: string | undefined) =>
  value === undefined
    ? ''
    : `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue>${xmlEscape(value)}</saml:AttributeValue></saml:Attribute>`;

export function samlResponse(entityId: string, options: ResponseOptions): string {
  const now = Date.now();
  const issued = new Date(now - 1000).toISOString();
  const until = new Date(now + (options.validForMs ?? 5 * 60_000)).toISOString();
  const notBefore = new Date(
    Math.min(now, now + (options.validForMs ?? 0)) - 10 * 60_000,
  ).toISOString();
  const assertionId = options.assertionId ?? `_a${crypto.randomBytes(16).toString('hex')}`;
  const issuer = options.issuer ?? entityId;
  const xml = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${crypto.randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${issued}" Destination="${xmlEscape(options.acsUrl)}" InResponseTo="${xmlEscape(options.inResponseTo)}"><saml:Issuer>${xmlEscape(issuer)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status><saml:Assertion ID="${assertionId}" Version="2.0" IssueInstant="${issued}"><saml:Issuer>${xmlEscape(issuer)}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:transient">_t${crypto.randomBytes(8).toString('hex')}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${until}" Recipient="${xmlEscape(options.acsUrl)}" InResponseTo="${xmlEscape(options.inResponseTo)}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${xmlEscape(options.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${issued}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement>${attribute('mail', options.email)}${attribute('displayName', options.name)}${attribute('ou', options.department)}</saml:AttributeStatement></saml:Assertion></samlp:Response>`;
  const signature = options.signature ?? 'assertion';
  if (signature === 'none') return Buffer.from(xml).toString('base64');
  const privateKey =
    signature === 'other-key'
      ? crypto
          .generateKeyPairSync('rsa', { modulusLength: 2048 })
          .privateKey.export({ type: 'pkcs8', format: 'pem' })
          .toString()
      : testIdpKey;
  const signer = new SignedXml({
    privateKey,
    publicCert: testIdpCert,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signer.computeSignature(xml, {
    location: {
      reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']",
      action: 'after',
    },
  });
  return Buffer.from(signer.getSignedXml()).toString('base64');
}

export function idpMetadata(entityId: string, ssoUrl: string) {
  return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${xmlEscape(entityId)}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certBody}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${xmlEscape(ssoUrl)}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

export type TestSamlIdp = {
  entityId: string;
  ssoUrl: string;
  metadataUrl: string;
  metadata: string;
  /** People who may sign in (by e-mail), with the attributes released for them. */
  addAccount: (account: { email: string; name?: string; department?: string }) => void;
  close: () => Promise<void>;
};

/**
 * The provider as an HTTP server, for a browser: its SSO URL shows a sign-in
 * form (e-mail only), and signing in answers with the auto-posting form of the
 * HTTP-POST binding, the signed Response for the ACS the request named.
 */
export async function startSamlIdp(): Promise<TestSamlIdp> {
  const accounts = new Map<string, { email: string; name?: string; department?: string }>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://localhost:${(server.address() as AddressInfo).port}`;
  const entityId = `${base}/idp`;
  const ssoUrl = `${base}/sso`;
  const metadata = idpMetadata(entityId, ssoUrl);
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = new URL(request.url ?? '/', base);
    const html = (body: string) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(
        `<!doctype html><html lang="en"><head><title>Test identity provider</title></head><body>${body}</body></html>`,
      );
    };
    if (url.pathname === '/metadata') {
      response.setHeader('content-type', 'application/samlmetadata+xml');
      response.end(metadata);
      return;
    }
    if (url.pathname === '/sso' && request.method === 'GET') {
      html(`<h1>Test identity provider (SAML)</h1><form method="post" action="/sso">
<input type="hidden" name="request" value="${xmlEscape(url.href)}">
<label>Campus e-mail <input name="email" type="email"></label>
<button type="submit">Sign in at the test provider</button></form>`);
      return;
    }
    if (url.pathname === '/sso' && request.method === 'POST') {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        const form = parseQuery(body) as { request: string; email: string };
        const authn = readAuthnRequest(form.request);
        const account = accounts.get(String(form.email).toLowerCase());
        if (!account) {
          response.statusCode = 403;
          html('<p>Unknown account at the test provider.</p>');
          return;
        }
        const saml = samlResponse(entityId, {
          inResponseTo: authn.id,
          acsUrl: authn.acsUrl,
          audience: authn.issuer,
          ...account,
        });
        html(
          `<form method="post" action="${xmlEscape(authn.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${saml}"><input type="hidden" name="RelayState" value="${xmlEscape(authn.relayState)}"><button type="submit">Continue</button></form><script>document.forms[0].submit()</script>`,
        );
      });
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  return {
    entityId,
    ssoUrl,
    metadataUrl: `${base}/metadata`,
    metadata,
    addAccount: (account) => accounts.set(account.email.toLowerCase(), account),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
