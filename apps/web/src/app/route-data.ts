// What a signed-in page will surely show, asked for while its code loads
// (decision 051). A route's loader here is static, so the router calls it
// along with the route's lazy code, not after it. It starts the features' own
// queries (same keys and options, so the page finds them answered or on their
// way) once the session check, started with the area's code, says the area's
// role is signed in: a signed-out visit, which the area sends to the sign-in
// page, asks for nothing. Nothing here waits: the loaders return at once.
import type { LoaderFunctionArgs, ShouldRevalidateFunction } from 'react-router';
import type { User } from '@grantbridge/contract/auth';
import type { AreaRole } from '../config/paths';
import { overviewQuery } from '../features/admin/api/admin-api';
import { filterQuery, readRange } from '../features/admin/utils/period-range';
import { meQuery } from '../features/auth/hooks/use-me';
import { feedQuery } from '../features/feed/api/feed-api';
import { grantQuery, isGrantId } from '../features/grants/hooks/use-grant';
import { dashboardQuery } from '../features/home/api/home-api';
import {
  collaboratorsQuery,
  recommendedResearchersQuery,
} from '../features/matching/api/matching-api';
import { suggestedGrantsQuery } from '../features/pipeline/api/suggested-api';
import { myGrantsQueries } from '../features/pipeline/hooks/use-my-grants';
import { localIsoDay } from '../lib/local-day';
import { queryClient } from '../lib/query-client';

async function signedInAs(role: AreaRole): Promise<User | null> {
  try {
    const user = await queryClient.fetchQuery(meQuery);
    return user?.role === role ? user : null;
  } catch {
    return null;
  }
}

function whenSignedIn(role: AreaRole, start: (args: LoaderFunctionArgs, user: User) => void) {
  return (args: LoaderFunctionArgs) => {
    void signedInAs(role).then((user) => {
      if (user) start(args, user);
    });
    return null;
  };
}

/**
 * The loaders are for entering a page: a change of the address's search
 * (typing, sorting, a filter) is the page's own to fetch, as before.
 */
export const onNewPath: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  currentUrl.pathname !== nextUrl.pathname;

// Asked for afresh on each visit (their own staleTime only spares the page a second request).
const fresh = { staleTime: 0 } as const;

/** The researcher's home: the view it shows, and what the feed view (the usual one) shows. */
export const researcherHomeData = whenSignedIn('researcher', () => {
  void queryClient.prefetchQuery({ ...dashboardQuery(localIsoDay()), ...fresh });
  void queryClient.prefetchInfiniteQuery({ ...feedQuery, ...fresh });
  void queryClient.prefetchQuery(suggestedGrantsQuery());
  void queryClient.prefetchQuery(recommendedResearchersQuery);
});

/** My Grants: the lists that give the page its shape (it shows them together). */
export const myGrantsData = whenSignedIn('researcher', () => {
  const { applications, saved, invitations, tasks } = myGrantsQueries;
  void queryClient.prefetchQuery({ ...applications, ...fresh });
  void queryClient.prefetchQuery({ ...saved, ...fresh });
  void queryClient.prefetchQuery({ ...invitations, ...fresh });
  void queryClient.prefetchQuery({ ...tasks, ...fresh });
});

/** A grant's page: the grant and its recommended collaborators, side by side. */
export const grantData = (role: AreaRole) =>
  whenSignedIn(role, ({ params }) => {
    const id = params.id ?? '';
    if (!isGrantId(id)) return;
    void queryClient.prefetchQuery(grantQuery(id));
    void queryClient.prefetchQuery(collaboratorsQuery(id));
  });

/** The Admin Dashboard: the figures of the address's period and department, and the feed. */
export const adminDashboardData = whenSignedIn('admin', ({ request }) => {
  const range = readRange(new URL(request.url).searchParams, localIsoDay());
  void queryClient.prefetchQuery({ ...overviewQuery(filterQuery(range)), ...fresh });
  void queryClient.prefetchInfiniteQuery({ ...feedQuery, ...fresh });
});

/**
 * Search: the results of the address's search. Reading an address needs the
 * search's own code (the statuses, categories and instruments it knows), so
 * that comes first, in a small chunk of its own, alongside the page's.
 */
export const searchData = (role: AreaRole) =>
  whenSignedIn(role, ({ request }, user) => {
    const params = new URL(request.url).searchParams;
    void import('../features/search/hooks/use-grant-search').then(({ grantSearchQueryFor }) =>
      queryClient.prefetchQuery(grantSearchQueryFor(params, user)),
    );
  });
