// The sso module's tables (decision 057): each institution's single sign-on
// settings, the sign-ins under way (state, nonce, PKCE verifier, SAML request
// id), and the assertion ids and nonces already used, so a replay is refused on
// every instance.
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { institutions } from './institutions';

export const institutionSso = pgTable('institution_sso', {
  institutionId: uuid('institution_id')
    .primaryKey()
    .references(() => institutions.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  protocol: text('protocol', { enum: ['saml', 'oidc'] }).notNull(),
  justInTime: boolean('just_in_time').notNull().default(false),
  /** Null: the protocol's defaults (contract/sso.ts). */
  emailAttribute: text('email_attribute'),
  nameAttribute: text('name_attribute'),
  departmentAttribute: text('department_attribute'),
  samlMetadataUrl: text('saml_metadata_url'),
  samlMetadataXml: text('saml_metadata_xml'),
  /** Read from the metadata when it is saved. */
  samlIdpEntityId: text('saml_idp_entity_id'),
  samlIdpSsoUrl: text('saml_idp_sso_url'),
  /** PEM bodies of the provider's signing certificates. */
  samlIdpCertificates: text('saml_idp_certificates')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  oidcIssuer: text('oidc_issuer'),
  oidcClientId: text('oidc_client_id'),
  /** Never answered by any route. */
  oidcClientSecret: text('oidc_client_secret'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ssoRequests = pgTable(
  'sso_requests',
  {
    /** sha256 of the state sent to the provider. */
    stateHash: text('state_hash').primaryKey(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    protocol: text('protocol', { enum: ['saml', 'oidc'] }).notNull(),
    nonce: text('nonce'),
    codeVerifier: text('code_verifier'),
    /** The AuthnRequest's ID: the response's InResponseTo must name it. */
    samlRequestId: text('saml_request_id'),
    remember: boolean('remember').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sso_requests_saml_request_id_idx').on(t.samlRequestId),
    index('sso_requests_expires_at_idx').on(t.expiresAt),
  ],
);

export const ssoUsedTokens = pgTable(
  'sso_used_tokens',
  {
    /** 'saml:<issuer>:<assertion id>' or 'oidc:<issuer>:<nonce>'. */
    key: text('key').primaryKey(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
    /** Kept until the assertion or token could no longer be accepted anyway. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_used_tokens_expires_at_idx').on(t.expiresAt)],
);
