// The researcher's home page (/dashboard): the welcome, the switch between
// the feed layout and the stat view, and the seed's seven-column grid. The
// parts come from their features through the route (app/routes/area-pages).
import type { User } from '@grantbridge/contract/auth';
import type { ReactNode } from 'react';
import { LoadingState } from '../../../components/ui/loading-state';
import { firstNameOf } from '../../../lib/format';

type ResearcherHomeProps = {
  user: User;
  /** Which view to show; undefined while the remembered choice loads. */
  view: 'feed' | 'stats' | undefined;
  /** The control that switches between the two views. */
  viewSwitch: ReactNode;
  suggestions: ReactNode;
  feed: ReactNode;
  people: ReactNode;
  stats: ReactNode;
};

/** The researcher's home: the parts come from their features through the route. */
export function ResearcherHome({
  user,
  view,
  viewSwitch,
  suggestions,
  feed,
  people,
  stats,
}: ResearcherHomeProps) {
  const firstName = firstNameOf(user.name);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <section aria-labelledby="welcome-heading">
          <h2 id="welcome-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            Welcome, {firstName}
          </h2>
          <p className="mt-1 text-slate-700">
            {[user.title, user.department, user.institution.name].filter(Boolean).join(' · ')}
          </p>
        </section>
        {viewSwitch}
      </div>
      {view === undefined ? (
        <LoadingState label="Loading your home…" />
      ) : view === 'stats' ? (
        stats
      ) : (
        // The seed's grid: seven columns, the carousel and the feed on the left five, people on the right two.
        <div className="grid gap-6 lg:grid-cols-7">
          <div className="min-w-0 space-y-6 lg:col-span-5">
            {suggestions}
            {feed}
          </div>
          <div className="min-w-0 space-y-6 lg:col-span-2">{people}</div>
        </div>
      )}
    </div>
  );
}
