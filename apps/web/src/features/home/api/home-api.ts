// The researcher home's REST calls: the stat view's figures and lists (with
// the view the researcher chose last), and remembering that choice.
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

export async function saveHomeView(view: HomeView): Promise<HomeView> {
  const result = await api.call('PUT /api/v1/dashboard/view', { body: { view } });
  return result.view;
}
