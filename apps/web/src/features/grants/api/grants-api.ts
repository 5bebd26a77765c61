// The grant page's call: one grant.
import type { GrantDetail } from '@grantbridge/contract/grants';
import { api } from '../../../lib/api-client';

export async function getGrant(id: string, signal?: AbortSignal): Promise<GrantDetail> {
  const body = await api.call('GET /api/v1/grants/:id', { params: { id }, signal });
  return body.grant;
}
