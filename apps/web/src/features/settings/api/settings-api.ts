import type { ChangePasswordRequest } from '@grantbridge/contract/auth';
import { apiPaths } from '@grantbridge/contract/paths';
import { api } from '../../../lib/api-client';

export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  await api.post<{ ok: true }>(apiPaths.changePassword, body);
}

/** Ends every session of this account, the current one included. */
export async function signOutEverywhere(): Promise<void> {
  await api.delete<{ ok: true }>(apiPaths.sessions);
}
