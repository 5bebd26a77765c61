// The lists of the stat view: applications in progress with their checklist
// (each document's state in words, not colour alone), upcoming deadlines,
// active and saved grants with View Details, and recommended grants with
// their match and the first reason. Each shows a few, linking to the rest.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Circle, CircleDashed } from 'lucide-react';
import type { MyGrantsSection } from '../../../config/paths';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Chip, type ChipTone } from '../../../components/ui/chip';
import { formatDate, formatMoney } from '../../../lib/format';
import type { Dashboard } from '../api/home-api';

export type StatPaths = {
  grant: (id: string) => string;
  application: (id: string) => string;
  profile: string;
  search: string;
  /** My Grants, at the section that lists what a figure counts. */
  grantsSection: (section: MyGrantsSection) => string;
};

const shown = 5;

function ListCard({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
      {more ? <p className="mt-4 text-sm">{more}</p> : null}
    </Card>
  );
}

function MoreLink({ to, count, what }: { to: string; count: number; what: string }) {
  if (count <= shown) return null;
  return (
    <Link to={to} className="font-medium text-brand-900 underline-offset-2 hover:underline">
      See all {count} {what} in My Grants
    </Link>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="mt-3 text-sm text-slate-700">{children}</p>;
}

function DetailsLink({ to, title }: { to: string; title: string }) {
  return (
    <Link
      to={to}
      className={buttonClasses('secondary', 'sm', 'shrink-0')}
      aria-label={`View Details: ${title}`}
    >
      View Details
    </Link>
  );
}

const documentStates: Record<
  'completed' | 'in_progress' | 'pending',
  { label: string; tone: ChipTone; Icon: typeof Circle }
> = {
  completed: { label: 'Completed', tone: 'green', Icon: CheckCircle2 },
  in_progress: { label: 'In progress', tone: 'amber', Icon: CircleDashed },
  pending: { label: 'Pending', tone: 'neutral', Icon: Circle },
};

export function ApplicationsList({
  items,
  paths,
  renderStatus,
}: {
  items: Dashboard['applicationsInProgress'];
  paths: StatPaths;
  renderStatus: (status: string) => ReactNode;
}) {
  return (
    <ListCard
      id="overview-applications"
      title="Applications in Progress"
      more={
        <MoreLink
          to={paths.grantsSection('applications')}
          count={items.length}
          what="applications"
        />
      }
    >
      {items.length === 0 ? (
        <Empty>
          No applications in progress.{' '}
          <Link
            to={paths.search}
            className="font-medium text-brand-900 underline-offset-2 hover:underline"
          >
            Find a grant
          </Link>{' '}
          and press Apply Now to start one.
        </Empty>
      ) : (
        <ul className="mt-4 space-y-4">
          {items.slice(0, shown).map((item) => {
            const done = item.checklist.filter((d) => d.status === 'completed').length;
            return (
              <li key={item.id} className="rounded-xl border border-slate-200 p-4">
                <div className="flex flex-wrap items-center gap-2">
                  {renderStatus(item.status)}
                  {item.sponsorDeadline ? (
                    <span className="text-xs text-slate-700">
                      Due {formatDate(item.sponsorDeadline)}
                    </span>
                  ) : null}
                </div>
                <h3 className="mt-2 font-semibold leading-snug text-slate-900">
                  <Link to={paths.application(item.id)} className="hover:underline">
                    {item.grantTitle}
                  </Link>
                </h3>
                <p className="mt-1 text-sm text-slate-700">
                  Documents: {done} of {item.checklist.length} completed
                </p>
                {item.checklist.length ? (
                  <ul className="mt-2 space-y-1.5" aria-label={`Documents for ${item.grantTitle}`}>
                    {item.checklist.map((doc) => {
                      const state = documentStates[doc.status];
                      return (
                        <li
                          key={doc.id}
                          className="flex items-center justify-between gap-2 text-sm"
                        >
                          <span className="flex min-w-0 items-center gap-2 text-slate-800">
                            <state.Icon
                              className="size-4 shrink-0 text-slate-600"
                              aria-hidden="true"
                            />
                            <span className="[overflow-wrap:anywhere]">{doc.name}</span>
                          </span>
                          <Chip tone={state.tone} className="shrink-0">
                            {state.label}
                          </Chip>
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </ListCard>
  );
}

export function DeadlinesList({
  items,
  total,
  paths,
}: {
  items: Dashboard['upcomingDeadlines'];
  total: number;
  paths: StatPaths;
}) {
  return (
    <ListCard
      id="overview-deadlines"
      title="Upcoming Deadlines"
      more={<MoreLink to={paths.grantsSection('deadlines')} count={total} what="deadlines" />}
    >
      {items.length === 0 ? (
        <Empty>Nothing due. Deadlines of your applications and saved grants show here.</Empty>
      ) : (
        <ul className="mt-3 space-y-2">
          {items.slice(0, shown).map((d) => (
            <li key={d.key} className="text-sm">
              <span className="font-medium text-slate-900">{formatDate(d.day)}</span>
              <span className="block text-slate-700">
                {d.what}:{' '}
                <Link
                  to={
                    d.target.kind === 'application'
                      ? paths.application(d.target.id)
                      : paths.grant(d.target.id)
                  }
                  className="text-brand-900 hover:underline"
                >
                  {d.title}
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </ListCard>
  );
}

export function ActiveGrantsList({
  items,
  paths,
}: {
  items: Dashboard['activeGrants'];
  paths: StatPaths;
}) {
  return (
    <ListCard
      id="overview-active"
      title="Active Grants"
      more={
        <MoreLink to={paths.grantsSection('active')} count={items.length} what="active grants" />
      }
    >
      {items.length === 0 ? (
        <Empty>No awards yet. An application recorded as awarded shows here.</Empty>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {items.slice(0, shown).map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0 flex-1">
                <h3 className="font-medium leading-snug text-slate-900">{item.grantTitle}</h3>
                <p className="text-sm text-slate-700">
                  {item.amountAwarded ? `Awarded ${formatMoney(item.amountAwarded)}` : 'Awarded'} ·{' '}
                  {item.opportunityNumber}
                </p>
              </div>
              <DetailsLink to={paths.grant(item.grantId)} title={item.grantTitle} />
            </li>
          ))}
        </ul>
      )}
    </ListCard>
  );
}

export function SavedGrantsList({
  items,
  paths,
}: {
  items: Dashboard['savedGrants'];
  paths: StatPaths;
}) {
  return (
    <ListCard
      id="overview-saved"
      title="Saved Grants"
      more={<MoreLink to={paths.grantsSection('saved')} count={items.length} what="saved grants" />}
    >
      {items.length === 0 ? (
        <Empty>
          No saved grants yet.{' '}
          <Link
            to={paths.search}
            className="font-medium text-brand-900 underline-offset-2 hover:underline"
          >
            Search grants
          </Link>{' '}
          and bookmark the ones to keep.
        </Empty>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {items.slice(0, shown).map((grant) => (
            <li key={grant.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0 flex-1">
                <h3 className="font-medium leading-snug text-slate-900">{grant.title}</h3>
                <p className="text-sm text-slate-700">
                  {[
                    grant.agency,
                    grant.closeDate ? `Due ${formatDate(grant.closeDate)}` : 'No due date',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <DetailsLink to={paths.grant(grant.id)} title={grant.title} />
            </li>
          ))}
        </ul>
      )}
    </ListCard>
  );
}

export function RecommendedGrantsList({
  recommended,
  paths,
}: {
  recommended: Dashboard['recommendedGrants'];
  paths: StatPaths;
}) {
  return (
    <ListCard id="overview-recommended" title="Recommended Grants">
      {recommended.needsProfile ? (
        <Empty>
          Recommendations follow your research areas.{' '}
          <Link
            to={paths.profile}
            className="font-medium text-brand-900 underline-offset-2 hover:underline"
          >
            Add your research areas to your profile
          </Link>{' '}
          and grants that fit will show here.
        </Empty>
      ) : recommended.results.length === 0 ? (
        <Empty>No open grant you have not saved fits your profile right now.</Empty>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {recommended.results.map(({ grant, score, reasons }) => (
            <li key={grant.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0 flex-1">
                <Chip tone="brand">{score}% match</Chip>
                <h3 className="mt-1.5 font-medium leading-snug text-slate-900">{grant.title}</h3>
                {reasons[0] ? <p className="text-sm text-slate-700">{reasons[0]}</p> : null}
              </div>
              <DetailsLink to={paths.grant(grant.id)} title={grant.title} />
            </li>
          ))}
        </ul>
      )}
    </ListCard>
  );
}
