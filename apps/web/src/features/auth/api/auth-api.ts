import type { LoginRequest, MeResponse, SessionResponse, User } from '@grantbridge/contract/auth';
import { apiPaths } from '@grantbridge/contract/paths';
import { api } from '../../../lib/api-client';

/** The signed-in user, or null when there is no session. */
export async function getMe(signal?: AbortSignal): Promise<User | null> {
  const { user } = await api.get<SessionResponse>(apiPaths.session, { signal });
  return user;
}

export async function login(body: LoginRequest): Promise<User> {
  const { user } = await api.post<MeResponse>(apiPaths.login, body);
  return user;
}

export async function logout(): Promise<void> {
  await api.post<{ ok: true }>(apiPaths.logout);
}
