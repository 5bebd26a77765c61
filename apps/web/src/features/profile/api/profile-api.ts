import type { Profile, UpdateProfileRequest } from '@grantbridge/contract/profile';
import { api } from '../../../lib/api-client';

export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  return (await api.call('GET /api/v1/profile', { signal })).profile;
}

export async function updateProfile(body: UpdateProfileRequest): Promise<Profile> {
  return (await api.call('PATCH /api/v1/profile', { body })).profile;
}

export async function getResearcherProfile(id: string, signal?: AbortSignal): Promise<Profile> {
  return (await api.call('GET /api/v1/researchers/:id', { params: { id }, signal })).profile;
}

export async function addPublication(body: { title: string; journal?: string | null; year?: number | null; doi?: string | null }) {
  return api.call('POST /api/v1/profile/publications', { body });
}
export async function deletePublication(id: string) {
  await api.call('DELETE /api/v1/profile/publications/:id', { params: { id } });
}
export async function addEducation(body: { degree: string; institution: string; field?: string | null; year?: number | null }) {
  return api.call('POST /api/v1/profile/education', { body });
}
export async function deleteEducation(id: string) {
  await api.call('DELETE /api/v1/profile/education/:id', { params: { id } });
}
export async function addProject(body: { title: string; description?: string | null }) {
  return api.call('POST /api/v1/profile/projects', { body });
}
export async function deleteProject(id: string) {
  await api.call('DELETE /api/v1/profile/projects/:id', { params: { id } });
}

/** A BibTeX or RIS file's text, or text pasted from one. */
export function importPublicationsText(text: string) {
  return api.upload('POST /api/v1/profile/publications/import', { text, contentType: 'text/plain' });
}

export function importOrcid(orcid: string) {
  return api.call('POST /api/v1/profile/orcid', { body: { orcid } });
}

export function uploadAvatar(file: File) {
  return api.upload('PUT /api/v1/profile/avatar', { text: file, contentType: file.type || 'application/octet-stream' });
}

export async function removeAvatar() {
  await api.call('DELETE /api/v1/profile/avatar');
}
