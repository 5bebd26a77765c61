import type { PublicStats } from '@grantbridge/contract/stats';
import { apiPaths } from '@grantbridge/contract/paths';
import { api } from '../../../lib/api-client';

export function getPublicStats(signal?: AbortSignal): Promise<PublicStats> {
  return api.get<PublicStats>(apiPaths.publicStats, { signal });
}
