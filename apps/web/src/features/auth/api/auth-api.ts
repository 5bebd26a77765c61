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
