// Grant pages' calls: one grant, its collaborators, bookmarks and applications.
import type { Collaborator, GrantDetail, GrantSummary, Application } from '@grantbridge/contract/grants';
import { apiPaths } from '@grantbridge/contract/paths';
import { api, apiRequest } from '../../../lib/api-client';

export const grantKeys = {
  all: ['grants'] as const,
  detail: (id: string) => ['grants', 'detail', id] as const,
  collaborators: (id: string) => ['grants', 'collaborators', id] as const,
  saved: ['grants', 'saved'] as const,
  applications: ['grants', 'applications'] as const,
};

export async function getGrant(id: string, signal?: AbortSignal): Promise<GrantDetail> {
  const body = await api.get<{ grant: GrantDetail }>(apiPaths.grant(encodeURIComponent(id)), {
    signal,
  });
  return body.grant;
}

export async function getCollaborators(id: string, signal?: AbortSignal): Promise<Collaborator[]> {
  const body = await api.get<{ collaborators: Collaborator[] }>(
    apiPaths.grantCollaborators(encodeURIComponent(id)),
    { signal },
  );
  return body.collaborators;
}

export async function setBookmark(id: string, saved: boolean): Promise<boolean> {
  const body = await apiRequest<{ saved: boolean }>(apiPaths.grantBookmark(encodeURIComponent(id)), {
    method: saved ? 'PUT' : 'DELETE',
  });
  return body.saved;
}

export async function getSavedGrants(signal?: AbortSignal): Promise<GrantSummary[]> {
  const body = await api.get<{ grants: GrantSummary[] }>(apiPaths.savedGrants, { signal });
  return body.grants;
}

export async function getApplications(signal?: AbortSignal): Promise<Application[]> {
  const body = await api.get<{ applications: Application[] }>(apiPaths.applications, { signal });
  return body.applications;
}

export async function startApplication(
  grantId: string,
): Promise<{ application: Application; created: boolean }> {
  return api.post(apiPaths.applications, { grantId });
}
