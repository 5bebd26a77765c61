// Search's calls: the catalogue search, the assistant, saved searches and
// the researchers an admin may search for.
import type {
  ChatRequest,
  ChatResponse,
  GrantSearchResponse,
  SavedSearch,
} from '@grantbridge/contract/grants';
import type { DirectoryResearcher } from '@grantbridge/contract/admin';
import { apiPaths } from '@grantbridge/contract/paths';
import { api, apiRequest } from '../../../lib/api-client';

export const searchKeys = {
  results: (query: Record<string, string | number | undefined>) => ['search', 'results', query] as const,
  saved: ['search', 'saved-searches'] as const,
  researchers: ['search', 'researchers'] as const,
};

export function searchGrants(
  query: Record<string, string | number | undefined>,
  signal?: AbortSignal,
): Promise<GrantSearchResponse> {
  return api.get<GrantSearchResponse>(apiPaths.grantSearch, { query, signal });
}

export function askAssistant(body: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
  return api.post<ChatResponse>(apiPaths.searchChat, body, { signal });
}

export async function getSavedSearches(signal?: AbortSignal): Promise<SavedSearch[]> {
  const body = await api.get<{ savedSearches: SavedSearch[] }>(apiPaths.savedSearches, { signal });
  return body.savedSearches;
}

export async function createSavedSearch(body: {
  name: string;
  query: string;
  filters: Record<string, string>;
}): Promise<SavedSearch> {
  const result = await api.post<{ savedSearch: SavedSearch }>(apiPaths.savedSearches, body);
  return result.savedSearch;
}

export async function renameSavedSearch(id: string, name: string): Promise<SavedSearch> {
  const result = await apiRequest<{ savedSearch: SavedSearch }>(apiPaths.savedSearch(id), {
    method: 'PATCH',
    body: { name },
  });
  return result.savedSearch;
}

export async function deleteSavedSearch(id: string): Promise<void> {
  await api.delete<void>(apiPaths.savedSearch(id));
}

export async function getInstitutionResearchers(signal?: AbortSignal): Promise<DirectoryResearcher[]> {
  const body = await api.get<{ researchers: DirectoryResearcher[] }>(apiPaths.adminResearchers, {
    signal,
  });
  return body.researchers;
}
