import type { ChangePasswordRequest } from '@grantbridge/contract/auth';
import { api } from '../../../lib/api-client';

export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  await api.call('POST /api/v1/auth/password', { body });
}

/** Ends every session of this account, the current one included. */
export async function signOutEverywhere(): Promise<void> {
  await api.call('DELETE /api/v1/auth/sessions');
}
