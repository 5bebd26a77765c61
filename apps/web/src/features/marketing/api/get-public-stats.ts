import type { PublicStats } from '@grantbridge/contract/stats';
import { api } from '../../../lib/api-client';

export function getPublicStats(signal?: AbortSignal): Promise<PublicStats> {
  return api.call('GET /api/v1/stats', { signal });
}
