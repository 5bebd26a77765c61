// Campus single sign-on's settings (issue 28, decision 057): an institution's
// SAML 2.0 or OpenID Connect configuration as its administrators read and save
// it, checked before it is kept (metadata that names a provider, an issuer
// whose configuration can be read), the client secret never given back.
import type { SsoSettings, UpdateSsoSettings } from '@grantbridge/contract/sso';
import type { FieldError } from '@grantbridge/contract/errors';
import { appUrl, type Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import {
  findInstitutionById,
  findSignInInstitution,
  setPasswordSignIn,
} from '../institutions/institutions.service';
import { isLoopbackUrl, issuerProblem, oidcConfiguration } from './oidc';
import { readIdpMetadata } from './saml-metadata';
import { canConfigureSso } from './sso.policy';
import { findSsoSettings, upsertSsoSettings, type SsoRow } from './sso.repository';

/** Where the service provider lives, for the administrator to give the identity provider. */
export function serviceProviderUrls(config: Config, institutionId: string) {
  const base = `${appUrl(config)}/api/v1/auth`;
  return {
    metadataUrl: `${base}/saml/${institutionId}/metadata`,
    entityId: `${base}/saml/${institutionId}/metadata`,
    acsUrl: `${base}/saml/${institutionId}/acs`,
    oidcRedirectUri: `${base}/oidc/${institutionId}/callback`,
  };
}

function toSettings(
  config: Config,
  institution: { id: string; name: string; passwordSignIn: boolean },
  row: SsoRow | undefined,
): SsoSettings {
  return {
    institution: { id: institution.id, name: institution.name },
    enabled: row?.enabled ?? false,
    protocol: row?.protocol ?? 'saml',
    passwordSignIn: institution.passwordSignIn,
    justInTime: row?.justInTime ?? false,
    attributes: {
      email: row?.emailAttribute ?? null,
      name: row?.nameAttribute ?? null,
      department: row?.departmentAttribute ?? null,
    },
    saml: {
      metadataUrl: row?.samlMetadataUrl ?? null,
      metadataXml: row?.samlMetadataXml ?? null,
      idpEntityId: row?.samlIdpEntityId ?? null,
      idpSsoUrl: row?.samlIdpSsoUrl ?? null,
    },
    oidc: {
      issuer: row?.oidcIssuer ?? null,
      clientId: row?.oidcClientId ?? null,
      clientSecretSet: Boolean(row?.oidcClientSecret),
    },
    serviceProvider: serviceProviderUrls(config, institution.id),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

async function ownInstitution(db: Db, actor: Actor) {
  if (!canConfigureSso(actor, actor.institution.id)) {
    throw new AppError('forbidden', "Only the institution's administrators configure its sign-in.");
  }
  const institution = await findInstitutionById(db, actor.institution.id);
  if (!institution) throw new AppError('not_found', 'Institution not found.');
  return institution;
}

export async function getSsoSettings(db: Db, config: Config, actor: Actor): Promise<SsoSettings> {
  const institution = await ownInstitution(db, actor);
  return toSettings(config, institution, await findSsoSettings(db, institution.id));
}

async function fetchMetadata(url: string): Promise<string | FieldError> {
  const path = 'saml.metadataUrl';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { path, message: 'Enter the metadata address as a URL' };
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && isLoopbackUrl(parsed))) {
    return { path, message: 'The metadata URL must be https://' };
  }
  try {
    const response = await fetch(parsed, {
      signal: AbortSignal.timeout(10_000),
      redirect: 'follow',
    });
    if (!response.ok) return { path, message: `The metadata URL answered ${response.status}` };
    const text = await response.text();
    if (text.length > 5_000_000) return { path, message: 'The metadata is larger than 5 MB' };
    return text;
  } catch {
    return { path, message: 'The metadata URL could not be read' };
  }
}

/**
 * Saves the institution's settings: 400 validation_failed naming the field at
 * fault (metadata that names no provider, an issuer whose configuration cannot
 * be read, password sign-in off without single sign-on on).
 */
export async function updateSsoSettings(
  db: Db,
  config: Config,
  actor: Actor,
  input: UpdateSsoSettings,
): Promise<SsoSettings> {
  const institution = await ownInstitution(db, actor);
  const existing = await findSsoSettings(db, institution.id);
  const errors: FieldError[] = [];
  const row: Parameters<typeof upsertSsoSettings>[1] = {
    institutionId: institution.id,
    enabled: input.enabled,
    protocol: input.protocol,
    justInTime: input.justInTime,
    emailAttribute: input.attributes.email,
    nameAttribute: input.attributes.name,
    departmentAttribute: input.attributes.department,
    samlMetadataUrl: input.saml.metadataUrl,
    samlMetadataXml: input.saml.metadataXml,
    samlIdpEntityId: existing?.samlIdpEntityId ?? null,
    samlIdpSsoUrl: existing?.samlIdpSsoUrl ?? null,
    samlIdpCertificates: existing?.samlIdpCertificates ?? [],
    oidcIssuer: input.oidc.issuer,
    oidcClientId: input.oidc.clientId,
    oidcClientSecret: input.oidc.clientSecret ?? existing?.oidcClientSecret ?? null,
    updatedBy: actor.id,
    updatedAt: new Date(),
  };
  if (
    input.protocol === 'saml' &&
    (input.enabled || input.saml.metadataUrl || input.saml.metadataXml)
  ) {
    let xml: string | null = input.saml.metadataXml;
    let path = 'saml.metadataXml';
    if (!xml && input.saml.metadataUrl) {
      const fetched = await fetchMetadata(input.saml.metadataUrl);
      if (typeof fetched === 'string') xml = fetched;
      else errors.push(fetched);
      path = 'saml.metadataUrl';
    }
    if (xml) {
      const metadata = readIdpMetadata(xml);
      if (typeof metadata === 'string') errors.push({ path, message: metadata });
      else {
        row.samlIdpEntityId = metadata.entityId;
        row.samlIdpSsoUrl = metadata.ssoUrl;
        row.samlIdpCertificates = metadata.certificates;
      }
    } else if (!errors.length) {
      errors.push({
        path: 'saml.metadataUrl',
        message: "Give the identity provider's metadata URL or paste its XML",
      });
    }
  }
  if (input.protocol === 'oidc' && (input.enabled || input.oidc.issuer)) {
    if (!input.oidc.issuer)
      errors.push({ path: 'oidc.issuer', message: "Enter the provider's issuer URL" });
    else {
      const problem = issuerProblem(input.oidc.issuer);
      if (problem) errors.push({ path: 'oidc.issuer', message: problem });
    }
    if (!input.oidc.clientId)
      errors.push({ path: 'oidc.clientId', message: 'Enter the client id the provider gave you' });
    if (!row.oidcClientSecret)
      errors.push({
        path: 'oidc.clientSecret',
        message: 'Enter the client secret the provider gave you',
      });
    if (!errors.length) {
      try {
        await oidcConfiguration(`check:${institution.id}`, {
          issuer: input.oidc.issuer!,
          clientId: input.oidc.clientId!,
          clientSecret: row.oidcClientSecret!,
          version: Date.now(),
        });
      } catch {
        errors.push({
          path: 'oidc.issuer',
          message:
            "The provider's configuration (/.well-known/openid-configuration) could not be read at this issuer",
        });
      }
    }
  }
  if (!input.passwordSignIn && !input.enabled) {
    errors.push({
      path: 'passwordSignIn',
      message: 'Password sign-in can be turned off only while single sign-on is on',
    });
  }
  if (errors.length) {
    throw new AppError('validation_failed', errors.map((e) => e.message).join('. ') + '.', {
      errors,
    });
  }
  const saved = await upsertSsoSettings(db, row);
  await setPasswordSignIn(db, institution.id, input.passwordSignIn);
  return toSettings(config, { ...institution, passwordSignIn: input.passwordSignIn }, saved);
}

/**
 * The way back in when the identity provider fails an institution that turned
 * password sign-in off (`npm run sso:password-on`, run by whoever runs the
 * server): password sign-in is allowed again for the institution of `domain`,
 * its single sign-on left as it is. Says whether it was off.
 */
export async function allowPasswordSignInAgain(db: Db, domain: string) {
  const institution = await findSignInInstitution(db, `someone@${domain.trim().toLowerCase()}`);
  await setPasswordSignIn(db, institution.id, true);
  return {
    institution: { id: institution.id, name: institution.name },
    wasOff: !institution.passwordSignIn,
  };
}
