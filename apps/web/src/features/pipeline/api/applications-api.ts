// One application, its history, and the research office's queue and settings.
import type { EndpointQuery, EndpointResponse } from '@grantbridge/contract/endpoints';
import type { ApplicationStatus } from '@grantbridge/contract/grants';
import type {
  ApplicationDetail,
  ApplicationDocument,
  ApplicationEvent,
  UpdateApplicationRequest,
  UpdateTaskRequest,
} from '@grantbridge/contract/pipeline';
import { api } from '../../../lib/api-client';

export const applicationKeys = {
  all: ['applications'] as const,
  detail: (id: string) => ['applications', 'detail', id] as const,
  events: (id: string) => ['applications', 'events', id] as const,
  institution: (filter: { status?: ApplicationStatus; grantId?: string }) =>
    ['applications', 'institution', filter.status ?? '', filter.grantId ?? ''] as const,
  settings: ['institution', 'settings'] as const,
};

export async function getApplication(id: string, signal?: AbortSignal): Promise<ApplicationDetail> {
  return (await api.call('GET /api/v1/applications/:id', { params: { id }, signal })).application;
}

export async function updateApplication(id: string, body: UpdateApplicationRequest): Promise<ApplicationDetail> {
  return (await api.call('PATCH /api/v1/applications/:id', { params: { id }, body })).application;
}

export async function getApplicationEvents(id: string, signal?: AbortSignal): Promise<ApplicationEvent[]> {
  return (await api.call('GET /api/v1/applications/:id/events', { params: { id }, signal })).events;
}

/** One page of the institution's applications, soonest sponsor deadline first, with how many match in all. */
export function getInstitutionApplications(
  query: EndpointQuery<'institutionApplications'>,
  signal?: AbortSignal,
): Promise<EndpointResponse<'institutionApplications'>> {
  return api.call('GET /api/v1/admin/applications', { query, signal });
}

export function getInstitutionSettings(signal?: AbortSignal): Promise<EndpointResponse<'institutionSettings'>> {
  return api.call('GET /api/v1/admin/institution', { signal });
}

export function updateInstitutionSettings(days: number): Promise<EndpointResponse<'updateInstitutionSettings'>> {
  return api.call('PATCH /api/v1/admin/institution', { body: { internalDeadlineBusinessDays: days } });
}

export const teamKeys = { invitations: ['team-invitations'] as const };

export async function inviteToTeam(id: string, userId: string, role: 'co_investigator' | 'contributor') {
  return (await api.call('POST /api/v1/applications/:id/members', { params: { id }, body: { userId, role } })).member;
}

export async function removeFromTeam(id: string, userId: string) {
  await api.call('DELETE /api/v1/applications/:id/members/:userId', { params: { id, userId } });
}

export async function acceptTeamInvitation(id: string): Promise<ApplicationDetail> {
  return (await api.call('POST /api/v1/applications/:id/members/me/accept', { params: { id } })).application;
}

/** Declines an invitation, or leaves the team. */
export async function leaveTeam(id: string) {
  await api.call('DELETE /api/v1/applications/:id/members/me', { params: { id } });
}

export async function getTeamInvitations(signal?: AbortSignal) {
  return (await api.call('GET /api/v1/team-invitations', { signal })).invitations;
}

export async function addDocument(id: string, name: string) {
  return (await api.call('POST /api/v1/applications/:id/documents', { params: { id }, body: { name } })).document;
}

export async function updateDocument(id: string, docId: string, body: { name?: string; status?: ApplicationDocument['status'] }) {
  return (await api.call('PATCH /api/v1/applications/:id/documents/:docId', { params: { id, docId }, body })).document;
}

export async function deleteDocument(id: string, docId: string) {
  await api.call('DELETE /api/v1/applications/:id/documents/:docId', { params: { id, docId } });
}

export async function uploadDocument(id: string, docId: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await api.sendForm('PUT /api/v1/applications/:id/documents/:docId/file', { params: { id, docId }, form })).document;
}

/** Where a version of a document's file downloads from. */
export function documentFileHref(id: string, docId: string, version?: number) {
  const path = `/api/v1/applications/${encodeURIComponent(id)}/documents/${encodeURIComponent(docId)}/file`;
  return api.href(path, version ? { version } : undefined);
}

export const taskKeys = { mine: ['tasks', 'mine'] as const };

export async function addTask(
  id: string,
  body: { title: string; dueDate?: string | null; priority: 'high' | 'medium' | 'low'; assigneeId?: string | null },
) {
  return (await api.call('POST /api/v1/applications/:id/tasks', { params: { id }, body })).task;
}

export async function updateTask(id: string, body: UpdateTaskRequest) {
  return (await api.call('PATCH /api/v1/tasks/:id', { params: { id }, body })).task;
}

export async function deleteTask(id: string) {
  await api.call('DELETE /api/v1/tasks/:id', { params: { id } });
}

export async function getMyTasks(signal?: AbortSignal) {
  return (await api.call('GET /api/v1/tasks', { query: { assignee: 'me', status: 'pending' }, signal })).tasks;
}

export async function createCalendarFeed() {
  return (await api.call('POST /api/v1/calendar/feed')).url;
}

/** Where one of an application's deadlines downloads as a calendar event. */
export function deadlineEventHref(id: string, deadline: 'internal' | 'sponsor') {
  return api.href(`/api/v1/applications/${encodeURIComponent(id)}/calendar`, { deadline });
}

export async function getPartneredApplications(signal?: AbortSignal) {
  return (await api.call('GET /api/v1/admin/applications/partnered', { signal })).applications;
}
