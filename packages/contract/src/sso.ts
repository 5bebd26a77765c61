// Campus single sign-on (issue 28, decision 057): an institution's SAML 2.0 or
// OpenID Connect settings, as its administrator reads and writes them, and what
// the sign-in page learns about an e-mail's institution.
import { z } from 'zod';
import { emailSchema } from './auth';

export const ssoProtocols = ['saml', 'oidc'] as const;
export const ssoProtocolSchema = z.enum(ssoProtocols, { error: 'Choose SAML or OpenID Connect' });
export type SsoProtocol = z.infer<typeof ssoProtocolSchema>;

/** The attribute (SAML) or claim (OIDC) names used when the administrator names none. */
export const ssoAttributeDefaults = {
  saml: { email: ['mail', 'eduPersonPrincipalName'], name: ['displayName'], department: ['ou'] },
  oidc: { email: ['email'], name: ['name'], department: [] as string[] },
} as const;

const attributeName = z
  .string({ error: 'Enter an attribute name' })
  .trim()
  .max(200, 'Attribute names are at most 200 characters')
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

export const updateSsoRequestSchema = z.object({
  /** Off: the institution signs in with passwords only, whatever else is saved. */
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  protocol: ssoProtocolSchema,
  /** False: the institution's people may not sign in with a password (only with SSO on). */
  passwordSignIn: z.boolean({ error: 'passwordSignIn must be true or false' }).default(true),
  /** A first SSO sign-in without an invitation creates the researcher. */
  justInTime: z.boolean({ error: 'justInTime must be true or false' }).default(false),
  attributes: z
    .object({ email: attributeName, name: attributeName, department: attributeName })
    .default({ email: null, name: null, department: null }),
  saml: z
    .object({
      metadataUrl: optionalText(2000, 'The metadata URL'),
      metadataXml: optionalText(500_000, 'The metadata XML'),
    })
    .default({ metadataUrl: null, metadataXml: null }),
  oidc: z
    .object({
      issuer: optionalText(2000, 'The issuer'),
      clientId: optionalText(500, 'The client id'),
      /** Omitted or empty: keep the stored secret. */
      clientSecret: optionalText(2000, 'The client secret'),
    })
    .default({ issuer: null, clientId: null, clientSecret: null }),
});
export type UpdateSsoRequest = z.input<typeof updateSsoRequestSchema>;
/** The request as the server reads it, defaults filled in. */
export type UpdateSsoSettings = z.output<typeof updateSsoRequestSchema>;

/** The settings as the form shows them: never the client secret, only whether one is stored. */
export const ssoSettingsSchema = z.object({
  institution: z.object({ id: z.string(), name: z.string() }),
  enabled: z.boolean(),
  protocol: ssoProtocolSchema,
  passwordSignIn: z.boolean(),
  justInTime: z.boolean(),
  attributes: z.object({
    email: z.string().nullable(),
    name: z.string().nullable(),
    department: z.string().nullable(),
  }),
  saml: z.object({
    metadataUrl: z.string().nullable(),
    metadataXml: z.string().nullable(),
    idpEntityId: z.string().nullable(),
    idpSsoUrl: z.string().nullable(),
  }),
  oidc: z.object({
    issuer: z.string().nullable(),
    clientId: z.string().nullable(),
    clientSecretSet: z.boolean(),
  }),
  /** What the administrator gives the identity provider. */
  serviceProvider: z.object({
    metadataUrl: z.string(),
    entityId: z.string(),
    acsUrl: z.string(),
    oidcRedirectUri: z.string(),
  }),
  updatedAt: z.string().nullable(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;
export const ssoSettingsResponseSchema = z.object({ sso: ssoSettingsSchema });

export const ssoStartQuerySchema = z
  .object({
    email: emailSchema.optional(),
    institution: z.string().uuid('institution must be an institution id').optional(),
    remember: z
      .enum(['true', 'false'], { error: 'remember must be true or false' })
      .optional()
      .transform((v) => v === 'true'),
  })
  .refine((q) => q.email || q.institution, {
    message: 'Give an email or an institution',
    path: ['email'],
  });

export const ssoDiscoverQuerySchema = z.object({ email: emailSchema });
/** The sign-in page's question: does this e-mail's institution sign in with SSO? */
export const ssoDiscoverResponseSchema = z.object({
  sso: z
    .object({
      institution: z.object({ id: z.string(), name: z.string() }),
      protocol: ssoProtocolSchema,
      passwordSignIn: z.boolean(),
    })
    .nullable(),
});
export type SsoDiscoverResponse = z.infer<typeof ssoDiscoverResponseSchema>;

export const ssoInstitutionParamsSchema = z.object({
  institutionId: z.string().uuid('institutionId must be an institution id'),
});
/** The provider's answer: code and state, or error; the whole URL is what is checked. */
export const oidcCallbackQuerySchema = z.record(z.string(), z.unknown());
export const samlAcsBodySchema = z.object({
  SAMLResponse: z.string({ error: 'SAMLResponse is required' }).max(1_000_000),
  RelayState: z.string().max(2000).optional(),
});
