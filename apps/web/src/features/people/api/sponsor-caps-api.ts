// The office's list of its researchers at or one below a sponsor's
// application cap this year (NIH's six; decision 060).
import type { NearSponsorCapResponse } from '@grantbridge/contract/sponsor-caps';
import { api } from '../../../lib/api-client';

export const sponsorCapKeys = { near: ['admin-sponsor-caps'] as const };

export function getNearSponsorCaps(signal?: AbortSignal): Promise<NearSponsorCapResponse> {
  return api.call('GET /api/v1/admin/sponsor-caps', { signal });
}
