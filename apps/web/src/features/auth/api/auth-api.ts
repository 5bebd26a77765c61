import type { LoginRequest, User } from '@grantbridge/contract/auth';
import { api } from '../../../lib/api-client';

/** The signed-in user, or null when there is no session. */
export async function getMe(signal?: AbortSignal): Promise<User | null> {
  const { user } = await api.call('GET /api/v1/auth/session', { signal });
  return user;
}

export async function login(body: LoginRequest): Promise<User> {
  const { user } = await api.call('POST /api/v1/auth/login', { body });
  return user;
}

export async function logout(): Promise<void> {
  await api.call('POST /api/v1/auth/logout');
}

export async function requestPasswordReset(email: string): Promise<void> {
  await api.call('POST /api/v1/auth/password-reset', { body: { email } });
}

export async function confirmPasswordReset(token: string, password: string): Promise<void> {
  await api.call('POST /api/v1/auth/password-reset/confirm', { body: { token, password } });
}

export async function getInvitation(token: string, signal?: AbortSignal) {
  return api.call('GET /api/v1/invitations/:token', { params: { token }, signal });
}

export async function acceptInvitation(body: { token: string; password: string; name: string }): Promise<User> {
  const { user } = await api.call('POST /api/v1/invitations/accept', { body });
  return user;
}

/** Whether the e-mail's institution signs in with campus single sign-on (decision 057). */
export async function discoverSso(email: string, signal?: AbortSignal) {
  const { sso } = await api.call('GET /api/v1/auth/sso/discover', { query: { email }, signal });
  return sso;
}

/** Where "Continue with <institution>" goes: the server redirects on to the identity provider. */
export function ssoStartHref(email: string, remember: boolean): string {
  return api.href('/api/v1/auth/sso/start', { email, remember: remember ? 'true' : 'false' });
}
