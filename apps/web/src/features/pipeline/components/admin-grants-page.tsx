// The research office's Grant Status page, its pipeline part: how many wait in
// the review queue (a page of its own), every application of the institution
// by stage, partners' applications, and the routing lead time that sets
// internal deadlines. Each section collapses, for a phone.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { ApplicationStatus } from '@grantbridge/contract/grants';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Chip } from '../../../components/ui/chip';
import { CollapsibleCard } from '../../../components/ui/collapsible-card';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { LoadingState } from '../../../components/ui/loading-state';
import { ShowMore } from '../../../components/ui/show-more';
import { isApiError } from '../../../lib/api-client';
import { formatInteger, formatMoney } from '../../../lib/format';
import {
  applicationKeys,
  getInstitutionApplications,
  getInstitutionSettings,
  getPartneredApplications,
  updateInstitutionSettings,
} from '../api/applications-api';
import { useReviewQueueCount } from '../hooks/use-review-queue';
import { applicationStatusLabel, applicationStatusTone, boardStages } from '../utils/application-status';
import { LoadFailed } from '../../../components/ui/load-failed';

type Paths = { application: (id: string) => string; person: (id: string) => string; review: string };

/** The list of every application, a page at a time. */
const listPageSize = 25;

export function AdminGrantsPage({ paths }: { paths: Paths }) {
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <ReviewQueueLink paths={paths} />
      <AllApplications paths={paths} />
      <Partnered paths={paths} />
      <LeadTime />
    </div>
  );
}

/** The queue has a page of its own, with Approve and Return on each card: here, how many wait and the way there. */
function ReviewQueueLink({ paths }: { paths: Paths }) {
  const waiting = useReviewQueueCount();
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby="queue-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="queue-title" className="text-lg font-semibold text-slate-900">
            Waiting for internal review {waiting !== undefined ? <span className="text-slate-700">({formatInteger(waiting)})</span> : null}
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {waiting === undefined
              ? 'Applications their PIs sent to the research office.'
              : waiting === 0
                ? 'Nothing is waiting. Applications join the queue when their PI sends them for internal review.'
                : `${formatInteger(waiting)} ${waiting === 1 ? 'application waits' : 'applications wait'} for your approval or return.`}
          </p>
        </div>
        <Link to={paths.review} className={buttonClasses('primary', 'sm')}>
          Open the review queue
        </Link>
      </div>
    </Card>
  );
}

function AllApplications({ paths }: { paths: Paths }) {
  const [status, setStatus] = useState<ApplicationStatus | ''>('');
  const filter = { status: status || undefined };
  const list = useInfiniteQuery({
    queryKey: [...applicationKeys.institution(filter), 'pages'],
    queryFn: ({ pageParam, signal }) => getInstitutionApplications({ ...filter, page: pageParam, pageSize: listPageSize }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  const rows = list.data?.pages.flatMap((page) => page.applications) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const left = total - rows.length;
  return (
    <CollapsibleCard
      className="p-5 sm:p-6"
      headerClassName="items-end"
      title={
        <>
          Applications of your institution {list.data ? <span className="text-slate-700">({formatInteger(total)})</span> : null}
        </>
      }
      actions={
        <Field id="status-filter" label="Stage" className="w-52">
          {(aria) => (
            <Select value={status} onChange={(e) => setStatus(e.target.value as ApplicationStatus | '')} {...aria}>
              <option value="">All stages</option>
              {boardStages.map((s) => (
                <option key={s} value={s}>
                  {applicationStatusLabel(s)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      }
    >
      <p className="mt-1 text-sm text-slate-700">Every period, soonest sponsor deadline first.</p>
      {list.isPending ? (
        <LoadingState label="Loading applications…" className="p-4" />
      ) : list.isError && rows.length === 0 ? (
        <LoadFailed what="The applications" onRetry={() => void list.refetch()} className="mt-3" />
      ) : rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">No applications{status ? ` in ${applicationStatusLabel(status)}` : ' yet'}.</p>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-slate-100">
            {rows.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <Link to={paths.application(item.id)} className="font-medium text-brand-900 hover:underline">
                    {item.grantTitle}
                  </Link>
                  <p className="text-sm text-slate-700">
                    {item.pi.name}
                    {item.amountAwarded ? ` · Awarded ${formatMoney(item.amountAwarded)}` : ''}
                  </p>
                </div>
                <Chip tone={applicationStatusTone(item.status)}>{applicationStatusLabel(item.status)}</Chip>
              </li>
            ))}
          </ul>
          <ShowMore
            next={Math.min(listPageSize, left)}
            left={list.hasNextPage ? left : 0}
            loading={list.isFetchingNextPage}
            failed={list.isFetchNextPageError}
            what="applications"
            onMore={() => void list.fetchNextPage()}
          />
        </>
      )}
    </CollapsibleCard>
  );
}

/** Other institutions' applications the institution's researchers have joined: who, and where it stands. */
function Partnered({ paths }: { paths: Paths }) {
  const list = useQuery({ queryKey: ['applications', 'partnered'], queryFn: ({ signal }) => getPartneredApplications(signal) });
  return (
    <CollapsibleCard className="p-5 sm:p-6" title="Your researchers on other institutions’ applications">
      <p className="mt-1 text-sm text-slate-700">The leading institution’s office runs these; you see who is on them and where they stand.</p>
      {list.isPending ? (
        <LoadingState label="Loading…" className="p-4" />
      ) : list.isError ? (
        <LoadFailed what="They" onRetry={() => void list.refetch()} className="mt-3" />
      ) : list.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">None at the moment.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {list.data.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{item.grantTitle}</p>
                <p className="text-slate-700">
                  Led by {item.pi.name}, {item.pi.institution} ·{' '}
                  {item.members.map((m, i) => (
                    <span key={m.id}>
                      {i ? ', ' : ''}
                      <Link to={paths.person(m.id)} className="text-brand-900 hover:underline">
                        {m.name}
                      </Link>{' '}
                      ({m.role === 'co_investigator' ? 'co-investigator' : 'contributor'})
                    </span>
                  ))}
                </p>
              </div>
              <Chip tone={applicationStatusTone(item.status)}>{applicationStatusLabel(item.status)}</Chip>
            </li>
          ))}
        </ul>
      )}
    </CollapsibleCard>
  );
}

function LeadTime() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: applicationKeys.settings, queryFn: ({ signal }) => getInstitutionSettings(signal) });
  const [days, setDays] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (value: number) => updateInstitutionSettings(value),
    onSuccess: (data) => {
      queryClient.setQueryData(applicationKeys.settings, data);
      void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
      setDays(null);
      toast.success(`Internal deadlines now fall ${data.institution.internalDeadlineBusinessDays} business days before the sponsor’s`);
    },
    onError: (e) => setError(isApiError(e, 'validation_failed') ? (e.errors[0]?.message ?? e.message) : 'The lead time could not be saved.'),
  });
  if (settings.isPending) return <LoadingState label="Loading settings…" className="p-4" />;
  if (settings.isError) return null;
  const value = days ?? String(settings.data.institution.internalDeadlineBusinessDays);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(value);
    if (!/^\d+$/.test(value) || n > 60) return setError('Use a whole number of business days from 0 to 60');
    setError(undefined);
    save.mutate(n);
  };
  return (
    <CollapsibleCard className="p-5 sm:p-6" title="Routing lead time">
      <p className="mt-1 text-sm text-slate-700">
        The research office needs each proposal this many business days before the sponsor’s deadline. You can set
        another date on any application.
      </p>
      <form noValidate onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3">
        <Field id="lead-days" label="Business days" error={error} className="w-40">
          {(aria) => <Input inputMode="numeric" value={value} onChange={(e) => setDays(e.target.value)} {...aria} />}
        </Field>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save lead time'}
        </Button>
      </form>
    </CollapsibleCard>
  );
}
