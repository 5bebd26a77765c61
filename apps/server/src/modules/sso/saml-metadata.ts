// Reads what the service provider needs from an identity provider's SAML
// metadata (an EntityDescriptor, or the first IdP in an EntitiesDescriptor):
// its entity id, its single sign-on URL (HTTP-Redirect binding) and its
// signing certificates.
import { DOMParser } from '@xmldom/xmldom';

const md = 'urn:oasis:names:tc:SAML:2.0:metadata';
const ds = 'http://www.w3.org/2000/09/xmldsig#';
const redirectBinding = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

export type IdpMetadata = { entityId: string; ssoUrl: string; certificates: string[] };

/** The provider's settings, or a sentence saying what the metadata lacks. */
export function readIdpMetadata(xml: string): IdpMetadata | string {
  let doc: Document;
  try {
    const errors: string[] = [];
    doc = new DOMParser({
      errorHandler: {
        error: (m: string) => errors.push(m),
        fatalError: (m: string) => errors.push(m),
      },
    }).parseFromString(xml, 'text/xml') as unknown as Document;
    if (errors.length || !doc?.documentElement) return 'This is not well-formed XML.';
  } catch {
    return 'This is not well-formed XML.';
  }
  if (/<!DOCTYPE/i.test(xml)) return 'Metadata with a DOCTYPE is refused.';
  const descriptors = Array.from(doc.getElementsByTagNameNS(md, 'IDPSSODescriptor'));
  const idp = descriptors[0];
  if (!idp) return 'The metadata has no identity provider (IDPSSODescriptor).';
  const entity = idp.parentNode as Element | null;
  const entityId = entity?.getAttribute?.('entityID');
  if (!entityId) return 'The identity provider has no entityID.';
  const services = Array.from(idp.getElementsByTagNameNS(md, 'SingleSignOnService'));
  const ssoUrl = services
    .find((s) => s.getAttribute('Binding') === redirectBinding)
    ?.getAttribute('Location');
  if (!ssoUrl)
    return 'The identity provider has no SingleSignOnService with the HTTP-Redirect binding.';
  const certificates: string[] = [];
  for (const key of Array.from(idp.getElementsByTagNameNS(md, 'KeyDescriptor'))) {
    const use = key.getAttribute('use');
    if (use && use !== 'signing') continue;
    for (const cert of Array.from(key.getElementsByTagNameNS(ds, 'X509Certificate'))) {
      const body = (cert.textContent ?? '').replace(/\s+/g, '');
      if (body) certificates.push(body);
    }
  }
  if (certificates.length === 0)
    return 'The identity provider has no signing certificate (KeyDescriptor).';
  return { entityId, ssoUrl, certificates: [...new Set(certificates)] };
}
