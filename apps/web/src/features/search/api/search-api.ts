// Search's calls: the catalogue search, the assistant, saved searches and
// the researchers an admin may search for.
import type { DirectoryRow } from '@grantbridge/contract/people';
import type {
  EndpointBody,
  EndpointQuery,
  EndpointResponse,
} from '@grantbridge/contract/endpoints';
import type { SavedSearch } from '@grantbridge/contract/grants';
import type { ChatRequest, ChatResponse } from '@grantbridge/contract/assistant';
import { api } from '../../../lib/api-client';

export type GrantSearchQuery = EndpointQuery<'grantSearch'>;

export const searchKeys = {
  results: (query: GrantSearchQuery) => ['search', 'results', query] as const,
  saved: ['search', 'saved-searches'] as const,
  researchers: ['search', 'researchers'] as const,
};

export function searchGrants(
  query: GrantSearchQuery,
  signal?: AbortSignal,
): Promise<EndpointResponse<'grantSearch'>> {
  return api.call('GET /api/v1/grants/search', { query, signal });
}

/** The search as a CSV or Excel download: the same parameters; every result, not one page. */
export function searchExportHref(query: GrantSearchQuery, format: 'csv' | 'xlsx'): string {
  const { page: _page, pageSize: _pageSize, ...rest } = query;
  return api.href(format === 'csv' ? '/api/v1/grants/search.csv' : '/api/v1/grants/search.xlsx', rest);
}

export function askAssistant(body: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
  return api.call('POST /api/v1/search/chat', { body, signal });
}

export async function getSavedSearches(signal?: AbortSignal): Promise<SavedSearch[]> {
  const body = await api.call('GET /api/v1/saved-searches', { signal });
  return body.savedSearches;
}

export async function createSavedSearch(
  body: EndpointBody<'createSavedSearch'>,
): Promise<SavedSearch> {
  const result = await api.call('POST /api/v1/saved-searches', { body });
  return result.savedSearch;
}

export async function updateSavedSearch(
  id: string,
  changes: EndpointBody<'updateSavedSearch'>,
): Promise<SavedSearch> {
  const result = await api.call('PATCH /api/v1/saved-searches/:id', {
    params: { id },
    body: changes,
  });
  return result.savedSearch;
}

export async function deleteSavedSearch(id: string): Promise<void> {
  await api.call('DELETE /api/v1/saved-searches/:id', { params: { id } });
}

export async function getInstitutionResearchers(
  signal?: AbortSignal,
): Promise<DirectoryRow[]> {
  // The active people with a profile to rank by (the picker lists at most 200; it filters as you type).
  const body = await api.call('GET /api/v1/admin/researchers', {
    query: { pageSize: 200, sort: 'name' },
    signal,
  });
  return body.results.filter((r) => r.status === 'active');
}
