import type { EndpointQuery } from '@grantbridge/contract/endpoints';
import type { CreateInvitationRequest } from '@grantbridge/contract/people';
import { api } from '../../../lib/api-client';

export type DirectoryQuery = EndpointQuery<'adminResearchers'>;

export function getDirectory(query: DirectoryQuery, signal?: AbortSignal) {
  return api.call('GET /api/v1/admin/researchers', { query, signal });
}

export function invite(body: CreateInvitationRequest) {
  return api.call('POST /api/v1/admin/invitations', { body });
}

export function resendInvitation(id: string) {
  return api.call('POST /api/v1/admin/invitations/:id/resend', { params: { id } });
}

export async function revokeInvitation(id: string) {
  await api.call('DELETE /api/v1/admin/invitations/:id', { params: { id } });
}

export function setStatus(id: string, status: 'active' | 'deactivated') {
  return api.call('PATCH /api/v1/admin/researchers/:id', { params: { id }, body: { status } });
}

export function importCsv(text: string, dryRun: boolean) {
  return api.upload('POST /api/v1/admin/researchers/import', {
    text,
    contentType: 'text/csv',
    query: { dryRun: dryRun ? 'true' : 'false' },
  });
}

export function csvHref(
  query: Pick<DirectoryQuery, 'q' | 'department' | 'status' | 'sort' | 'order'>,
) {
  return api.href('/api/v1/admin/researchers.csv', query);
}
