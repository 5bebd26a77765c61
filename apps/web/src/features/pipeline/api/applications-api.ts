// One application, its history, and the research office's queue and settings.
import type { EndpointResponse } from '@grantbridge/contract/endpoints';
import type { ApplicationStatus } from '@grantbridge/contract/grants';
import type { ApplicationDetail, ApplicationEvent, ApplicationItem, UpdateApplicationRequest } from '@grantbridge/contract/pipeline';
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

export async function getInstitutionApplications(
  filter: { status?: ApplicationStatus; grantId?: string },
  signal?: AbortSignal,
): Promise<ApplicationItem[]> {
  return (await api.call('GET /api/v1/admin/applications', { query: filter, signal })).applications;
}

export function getInstitutionSettings(signal?: AbortSignal): Promise<EndpointResponse<'institutionSettings'>> {
  return api.call('GET /api/v1/admin/institution', { signal });
}

export function updateInstitutionSettings(days: number): Promise<EndpointResponse<'updateInstitutionSettings'>> {
  return api.call('PATCH /api/v1/admin/institution', { body: { internalDeadlineBusinessDays: days } });
}
