// The researcher's pipeline: bookmarks and applications.
import type { EndpointResponse } from '@grantbridge/contract/endpoints';
import type { GrantSummary } from '@grantbridge/contract/grants';
import type { ApplicationItem } from '@grantbridge/contract/pipeline';
import { api } from '../../../lib/api-client';

export const pipelineKeys = {
  saved: ['grants', 'saved'] as const,
  applications: ['grants', 'applications'] as const,
};

export async function setBookmark(id: string, saved: boolean): Promise<boolean> {
  const params = { id };
  const body = saved
    ? await api.call('PUT /api/v1/grants/:id/bookmark', { params })
    : await api.call('DELETE /api/v1/grants/:id/bookmark', { params });
  return body.saved;
}

export async function getSavedGrants(signal?: AbortSignal): Promise<GrantSummary[]> {
  const body = await api.call('GET /api/v1/saved-grants', { signal });
  return body.grants;
}

export async function getApplications(signal?: AbortSignal): Promise<ApplicationItem[]> {
  const body = await api.call('GET /api/v1/applications', { signal });
  return body.applications;
}

/** My saved grants or my applications as a CSV or Excel download. */
export function myListExportHref(list: 'saved-grants' | 'applications', format: 'csv' | 'xlsx'): string {
  return api.href(`/api/v1/${list}.${format}`);
}

export function startApplication(grantId: string): Promise<EndpointResponse<'startApplication'>> {
  return api.call('POST /api/v1/applications', { body: { grantId } });
}
