import type { UpdateSsoRequest } from '@grantbridge/contract/sso';
import { api } from '../../../lib/api-client';

export const ssoSettingsKey = ['institution', 'sso'] as const;

export async function getSsoSettings(signal?: AbortSignal) {
  const { sso } = await api.call('GET /api/v1/admin/institution/sso', { signal });
  return sso;
}

export async function saveSsoSettings(body: UpdateSsoRequest) {
  const { sso } = await api.call('PUT /api/v1/admin/institution/sso', { body });
  return sso;
}
