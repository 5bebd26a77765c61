// The endpoint table's entries for campus single sign-on (decision 057).
// Spread into `endpoints` (endpoints.ts). The browser routes (start, callback,
// ACS) answer with redirects; the metadata route with XML.
import { z } from 'zod';
import {
  oidcCallbackQuerySchema,
  samlAcsBodySchema,
  ssoDiscoverQuerySchema,
  ssoDiscoverResponseSchema,
  ssoInstitutionParamsSchema,
  ssoSettingsResponseSchema,
  ssoStartQuerySchema,
  updateSsoRequestSchema,
} from './sso';

export const ssoEndpoints = {
  ssoDiscover: {
    method: 'GET',
    path: '/api/v1/auth/sso/discover',
    query: ssoDiscoverQuerySchema,
    response: ssoDiscoverResponseSchema,
  },
  /** 302 to the institution's identity provider. */
  ssoStart: {
    method: 'GET',
    path: '/api/v1/auth/sso/start',
    query: ssoStartQuerySchema,
    response: z.unknown(),
    statuses: [302],
  },
  /** 302 into the app with a session, or to the sign-in page with `sso_error`. */
  oidcCallback: {
    method: 'GET',
    path: '/api/v1/auth/oidc/:institutionId/callback',
    params: ssoInstitutionParamsSchema,
    query: oidcCallbackQuerySchema,
    response: z.unknown(),
    statuses: [303],
  },
  /** The SAML assertion consumer service (HTTP-POST binding); answers like the OIDC callback. */
  samlAcs: {
    method: 'POST',
    path: '/api/v1/auth/saml/:institutionId/acs',
    params: ssoInstitutionParamsSchema,
    body: samlAcsBodySchema,
    response: z.unknown(),
    statuses: [303],
  },
  /** application/samlmetadata+xml: the service provider's metadata. */
  samlMetadata: {
    method: 'GET',
    path: '/api/v1/auth/saml/:institutionId/metadata',
    params: ssoInstitutionParamsSchema,
    response: z.unknown(),
  },
  ssoSettings: {
    method: 'GET',
    path: '/api/v1/admin/institution/sso',
    response: ssoSettingsResponseSchema,
  },
  updateSsoSettings: {
    method: 'PUT',
    path: '/api/v1/admin/institution/sso',
    body: updateSsoRequestSchema,
    response: ssoSettingsResponseSchema,
  },
} as const;
