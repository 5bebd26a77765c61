// The researcher home's REST calls: the stat view's figures and lists (with
// the view the researcher chose last), and remembering that choice.
import { queryOptions } from '@tanstack/react-query';
import type { EndpointResponse } from '@grantbridge/contract/endpoints';
import type { HomeView } from '@grantbridge/contract/home';
import { api } from '../../../lib/api-client';

export type Dashboard = EndpointResponse<'dashboard'>;

export const homeKeys = {
  all: ['home'] as const,
  /** Keyed by the viewer's day: "upcoming" changes at their midnight. */
  dashboard: (today: string) => ['home', 'dashboard', today] as const,
};

export function getDashboard(today: string, signal?: AbortSignal): Promise<Dashboard> {
  return api.call('GET /api/v1/dashboard', { query: { today }, signal });
}

/** The stat view's figures and the view chosen (the route starts it while the page loads). */
export const dashboardQuery = (today: string) =>
  queryOptions({
    queryKey: homeKeys.dashboard(today),
    queryFn: ({ signal }) => getDashboard(today, signal),
    // The figures change on other pages (a bookmark, a new application): fresh each time they
    // show. The route asks for them as the page opens (decision 051); within a second they are
    // that very answer, not to be asked for again.
    staleTime: 1000,
  });

export async function saveHomeView(view: HomeView): Promise<HomeView> {
  const result = await api.call('PUT /api/v1/dashboard/view', { body: { view } });
  return result.view;
}
