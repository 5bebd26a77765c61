// The researcher home's stat view ("Overview"): four figures, each explained
// by a tooltip (on hover and on keyboard focus) and linking to the My Grants
// section it counts, then the lists behind them and the recommended grants.
// The figures come from the same lists and rules as My Grants, so they agree.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Award, Bookmark, CalendarClock, FolderOpen, type LucideIcon } from 'lucide-react';
import { LoadingState } from '../../../components/ui/loading-state';
import { formatInteger } from '../../../lib/format';
import { useDashboard } from '../hooks/use-dashboard';
import {
  ActiveGrantsList,
  ApplicationsList,
  DeadlinesList,
  RecommendedGrantsList,
  SavedGrantsList,
  type StatPaths,
} from './stat-lists';
import { LoadFailed } from '../../../components/ui/load-failed';

type StatViewProps = {
  paths: StatPaths;
  /** An application's pipeline stage as its chip (the pipeline's own). */
  renderStatus: (status: string) => ReactNode;
};

export function StatView({ paths, renderStatus }: StatViewProps) {
  const dashboard = useDashboard();
  if (dashboard.isPending) return <LoadingState label="Loading your overview…" />;
  if (dashboard.isError) {
    return <LoadFailed boxed what="Your overview" onRetry={() => void dashboard.refetch()} />;
  }
  const { stats } = dashboard.data;
  const cards: StatCardProps[] = [
    {
      label: 'Active Grants',
      value: stats.activeGrants,
      Icon: Award,
      to: paths.grantsSection('active'),
      tooltip: 'Awarded applications you lead or work on.',
    },
    {
      label: 'Saved Grants',
      value: stats.savedGrants,
      Icon: Bookmark,
      to: paths.grantsSection('saved'),
      tooltip: 'Grants you bookmarked to come back to.',
    },
    {
      label: 'Applications in Progress',
      value: stats.applicationsInProgress,
      Icon: FolderOpen,
      to: paths.grantsSection('applications'),
      tooltip: 'Applications being drafted, in internal review, submitted or under review.',
    },
    {
      label: 'Upcoming Deadlines',
      value: stats.upcomingDeadlines,
      Icon: CalendarClock,
      to: paths.grantsSection('deadlines'),
      tooltip:
        'Internal and sponsor deadlines of your applications in progress, and closing dates of saved grants you have not applied to, from today on.',
    },
  ];
  return (
    <div className="space-y-6">
      <section aria-labelledby="stats-title">
        <h2 id="stats-title" className="sr-only">
          Your grants in figures
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {cards.map((card) => (
            <li key={card.label}>
              <StatCard {...card} />
            </li>
          ))}
        </ul>
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <ApplicationsList
            items={dashboard.data.applicationsInProgress}
            paths={paths}
            renderStatus={renderStatus}
          />
          <DeadlinesList
            items={dashboard.data.upcomingDeadlines}
            total={stats.upcomingDeadlines}
            paths={paths}
          />
        </div>
        <div className="space-y-6">
          <ActiveGrantsList items={dashboard.data.activeGrants} paths={paths} />
          <SavedGrantsList items={dashboard.data.savedGrants} paths={paths} />
          <RecommendedGrantsList recommended={dashboard.data.recommendedGrants} paths={paths} />
        </div>
      </div>
    </div>
  );
}

type StatCardProps = {
  label: string;
  value: number;
  Icon: LucideIcon;
  to: string;
  tooltip: string;
};

/** A figure linking to its section; its tooltip shows on hover and focus, and Escape hides it. */
function StatCard({ label, value, Icon, to, tooltip }: StatCardProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <div
      className="relative h-full"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
    >
      <Link
        to={to}
        aria-describedby={`${id}-tip`}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        className="flex h-full flex-col justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50/40 sm:p-5"
      >
        <span className="flex items-start justify-between gap-2 text-sm font-medium text-slate-700">
          {label}
          <Icon className="size-5 shrink-0 text-brand-800" aria-hidden="true" />
        </span>
        <span className="text-3xl font-bold tracking-tight text-slate-900">
          {formatInteger(value)}
        </span>
      </Link>
      {/* Inside the hover area (no gap), so the pointer can move onto it. */}
      <div
        id={`${id}-tip`}
        role="tooltip"
        hidden={!open}
        className="absolute inset-x-0 top-full z-20 pt-1.5"
      >
        <p className="rounded-lg bg-slate-900 px-3 py-2 text-xs leading-relaxed text-white shadow-lg">
          {tooltip}
        </p>
      </div>
    </div>
  );
}
