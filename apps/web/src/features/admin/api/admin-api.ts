// The research office's figures: the dashboard's overview, the grant status
// page's pipeline (and its CSV export), one researcher's detail, and the
// catalogue's refresh from Grants.gov.
import type {
  AdminOverview,
  AdminOverviewQuery,
  AdminPipeline,
  AdminPipelineApplications,
  AdminPipelineApplicationsQuery,
  AdminPipelineQuery,
  AdminResearcher,
} from '@grantbridge/contract/admin';
import type { AdminCatalogue } from '@grantbridge/contract/catalogue';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const adminKeys = {
  all: ['admin-figures'] as const,
  overview: (query: AdminOverviewQuery) => ['admin-figures', 'overview', query] as const,
  pipeline: (query: AdminPipelineQuery) => ['admin-figures', 'pipeline', query] as const,
  researcher: (id: string) => ['admin-figures', 'researcher', id] as const,
  catalogue: ['admin-figures', 'catalogue'] as const,
};

export function getOverview(
  query: AdminOverviewQuery,
  signal?: AbortSignal,
): Promise<AdminOverview> {
  return api.call('GET /api/v1/admin/overview', { query, signal });
}

/** The dashboard's figures for a period and department (the route starts it while the page loads). */
export const overviewQuery = (query: AdminOverviewQuery) =>
  queryOptions({
    queryKey: adminKeys.overview(query),
    queryFn: ({ signal }) => getOverview(query, signal),
    // Fresh each time the dashboard shows. The route asks for it as the page opens (decision
    // 051); within a second it is that very answer, not to be asked for again.
    staleTime: 1000,
  });

export function getPipeline(
  query: AdminPipelineQuery,
  signal?: AbortSignal,
): Promise<AdminPipeline> {
  return api.call('GET /api/v1/admin/pipeline', { query, signal });
}

/** The Grant Status list's page after `query.after`. */
export function getPipelineApplications(
  query: AdminPipelineApplicationsQuery,
  signal?: AbortSignal,
): Promise<AdminPipelineApplications> {
  return api.call('GET /api/v1/admin/pipeline/applications', { query, signal });
}

export function getResearcher(id: string, signal?: AbortSignal): Promise<AdminResearcher> {
  return api.call('GET /api/v1/admin/researchers/:id', { params: { id }, signal });
}

/** The export of the applications the same filters pick, as a download link. */
export function pipelineCsvHref(query: AdminPipelineQuery): string {
  return api.href('/api/v1/admin/pipeline.csv', query);
}

export function getCatalogue(signal?: AbortSignal): Promise<AdminCatalogue> {
  return api.call('GET /api/v1/admin/catalogue', { signal });
}

/** The catalogue's last and next refresh, its last error and its records by status. */
export const catalogueQuery = () =>
  queryOptions({
    queryKey: adminKeys.catalogue,
    queryFn: ({ signal }) => getCatalogue(signal),
    staleTime: 60_000,
  });
