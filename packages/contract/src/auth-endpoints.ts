// The endpoint table's entries for signing in and out, the session and the password.
// Spread into `endpoints` (endpoints.ts).
import { changePasswordRequestSchema, loginRequestSchema, meResponseSchema, okResponseSchema, sessionResponseSchema } from './auth';

export const authEndpoints = {
  login: {
    method: 'POST',
    path: '/api/v1/auth/login',
    body: loginRequestSchema,
    response: meResponseSchema,
  },
  logout: { method: 'POST', path: '/api/v1/auth/logout', response: okResponseSchema },
  me: { method: 'GET', path: '/api/v1/auth/me', response: meResponseSchema },
  session: { method: 'GET', path: '/api/v1/auth/session', response: sessionResponseSchema },
  changePassword: {
    method: 'POST',
    path: '/api/v1/auth/password',
    body: changePasswordRequestSchema,
    response: okResponseSchema,
  },
  signOutEverywhere: {
    method: 'DELETE',
    path: '/api/v1/auth/sessions',
    response: okResponseSchema,
  },
} as const;
