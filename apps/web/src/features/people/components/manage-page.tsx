// Manage Researchers: the institution's people and pending invitations, with
// search, sorting by any column, paging, invitations (one or a CSV file),
// resend and revoke, deactivation and a CSV export. The table's state lives
// in the URL, so a reload or a shared link shows the same page.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ArrowDown, ArrowUp, ArrowUpDown, Download, FileUp, Search, UserPlus } from 'lucide-react';
import {
  directorySorts,
  personStatuses,
  type DirectoryRow,
  type DirectorySort,
  type PersonStatus,
} from '@grantbridge/contract/people';
import { paths } from '../../../config/paths';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Chip, type ChipTone } from '../../../components/ui/chip';
import { Input } from '../../../components/ui/input';
import { LoadingState } from '../../../components/ui/loading-state';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import {
  csvHref,
  getDirectory,
  resendInvitation,
  revokeInvitation,
  setStatus,
} from '../api/people-api';
import { ImportDialog } from './import-dialog';
import { InviteDialog } from './invite-dialog';

const columns: { sort: DirectorySort; label: string; numeric?: boolean }[] = [
  { sort: 'name', label: 'Name' },
  { sort: 'email', label: 'Email' },
  { sort: 'setupComplete', label: 'Setup Complete' },
  { sort: 'lastSignInAt', label: 'Last Sign In' },
  { sort: 'grantsSaved', label: 'Grants Saved', numeric: true },
  { sort: 'openOpportunities', label: 'Open Opportunities', numeric: true },
  { sort: 'status', label: 'Status' },
];
const statusTone: Record<DirectoryRow['status'], ChipTone> = {
  active: 'green',
  invited: 'amber',
  deactivated: 'neutral',
};
const pageSize = 25;
const directoryKey = ['people', 'directory'] as const;

function isSort(value: string | null): value is DirectorySort {
  return !!value && (directorySorts as readonly string[]).includes(value);
}

function isStatus(value: string | null): value is PersonStatus {
  return !!value && (personStatuses as readonly string[]).includes(value);
}

/** What the dashboard's link narrowed the list to, in words: "active researchers in Biology". */
function narrowedTo(status: PersonStatus | undefined, department: string | undefined) {
  return `${status ? `${status} researchers` : 'researchers'}${department ? ` in ${department}` : ''}`;
}

function RowActions({ row, onChanged }: { row: DirectoryRow; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toast.success(done);
      onChanged();
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  if (row.status === 'invited') {
    return (
      <div className="flex flex-wrap gap-x-1">
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() =>
            void act(() => resendInvitation(row.id), `Invitation sent again to ${row.email}`)
          }
          aria-label={`Resend invitation to ${row.name}`}
        >
          Resend
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() =>
            void act(() => revokeInvitation(row.id), `Invitation to ${row.email} withdrawn`)
          }
          aria-label={`Revoke invitation to ${row.name}`}
        >
          Revoke
        </Button>
      </div>
    );
  }
  const next = row.status === 'active' ? 'deactivated' : 'active';
  const label = row.status === 'active' ? 'Deactivate' : 'Reactivate';
  return (
    <Button
      size="sm"
      variant="ghost"
      disabled={busy}
      aria-label={`${label} ${row.name}`}
      onClick={() => {
        if (
          next === 'deactivated' &&
          !window.confirm(
            `Deactivate ${row.name}? They are signed out at once and cannot sign in; nothing they wrote is deleted.`,
          )
        )
          return;
        void act(
          () => setStatus(row.id, next),
          `${row.name} ${next === 'active' ? 'reactivated' : 'deactivated'}`,
        );
      }}
    >
      {label}
    </Button>
  );
}

export function ManagePage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(text.trim(), 250);
  const sortParam = params.get('sort');
  const sort: DirectorySort = isSort(sortParam) ? sortParam : 'name';
  const order = params.get('order') === 'desc' ? 'desc' : 'asc';
  const page = Math.max(1, Number(params.get('page')) || 1);
  // The dashboard's Active Researchers card links here narrowed to a state and a department.
  const department = params.get('department')?.trim() || undefined;
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const narrowed = Boolean(department || status);
  // `?invite=1` (the dashboard's Quick Access) opens the invitation at once.
  const [inviting, setInviting] = useState(() => params.get('invite') === '1');
  const [importing, setImporting] = useState(false);

  const query = { q: q || undefined, department, status, sort, order, page, pageSize } as const;
  const directory = useQuery({
    queryKey: [...directoryKey, query],
    queryFn: ({ signal }) => getDirectory(query, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: directoryKey });

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  const sortBy = (column: DirectorySort) =>
    update({
      sort: column,
      order: column === sort && order === 'asc' ? 'desc' : 'asc',
      page: null,
    });

  const data = directory.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="relative w-full lg:max-w-sm">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search researchers"
            placeholder="Search by name, e-mail, department or area"
            className="pl-9"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              update({ q: event.target.value.trim() || null, page: null });
            }}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setInviting(true)}>
            <UserPlus className="size-4" aria-hidden="true" />
            Add Researcher
          </Button>
          <Button variant="secondary" onClick={() => setImporting(true)}>
            <FileUp className="size-4" aria-hidden="true" />
            Import CSV
          </Button>
          <a
            href={csvHref({ q: q || undefined, department, status, sort, order })}
            download
            className={buttonClasses('secondary', 'md')}
          >
            <Download className="size-4" aria-hidden="true" />
            Export CSV
          </a>
        </div>
      </div>

      {narrowed ? (
        <p className="flex flex-wrap items-center gap-3 text-sm text-slate-800">
          <span>
            Showing only <strong>{narrowedTo(status, department)}</strong>.
          </span>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => update({ department: null, status: null, page: null })}
          >
            Show everyone
          </Button>
        </p>
      ) : null}

      <Card className="overflow-hidden">
        {directory.isPending ? (
          <LoadingState label="Loading researchers…" className="min-h-64" />
        ) : directory.isError || !data ? (
          <p className="p-6 text-slate-800">
            The researchers could not be loaded. Reload the page to try again.
          </p>
        ) : (
          <>
            {/* Phones: one card per person (the table needs a wide screen). */}
            <ul
              className="divide-y divide-slate-100 sm:hidden"
              aria-label="Researchers and pending invitations"
            >
              {data.results.length === 0 ? (
                <li className="px-4 py-8 text-center text-slate-700">
                  {q
                    ? `No one matches “${q}”.`
                    : narrowed
                      ? `No ${narrowedTo(status, department)}.`
                      : 'No researchers yet.'}
                </li>
              ) : (
                data.results.map((row) => (
                  <li key={row.id} className="space-y-1 px-4 py-3">
                    <div className="flex items-start justify-between gap-2">
                      {row.status === 'invited' ? (
                        <span className="font-medium text-slate-900">{row.name}</span>
                      ) : (
                        <Link
                          to={paths.admin.researcher(row.id)}
                          className="font-medium text-brand-800 underline-offset-2 hover:underline"
                        >
                          {row.name}
                        </Link>
                      )}
                      <Chip tone={statusTone[row.status]} className="capitalize">
                        {row.status}
                      </Chip>
                    </div>
                    <p className="break-all text-sm text-slate-700">{row.email}</p>
                    <p className="text-xs text-slate-700">
                      Setup {row.setupComplete ? 'complete' : 'not complete'} · Last sign-in{' '}
                      {row.lastSignInAt ? formatDate(row.lastSignInAt.slice(0, 10)) : 'never'} ·{' '}
                      {row.grantsSaved} saved · {row.openOpportunities} open opportunities
                    </p>
                    <RowActions row={row} onChanged={refresh} />
                  </li>
                ))
              )}
            </ul>
            <div className="hidden overflow-x-auto sm:block">
              <table className="w-full min-w-[46rem] text-left text-sm">
                <caption className="sr-only">
                  Researchers and pending invitations, sorted by{' '}
                  {columns.find((c) => c.sort === sort)!.label}{' '}
                  {order === 'asc' ? 'ascending' : 'descending'}
                </caption>
                <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                  <tr>
                    {columns.map((c) => {
                      const active = c.sort === sort;
                      const Icon = active ? (order === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
                      return (
                        <th
                          key={c.sort}
                          scope="col"
                          aria-sort={
                            active ? (order === 'asc' ? 'ascending' : 'descending') : undefined
                          }
                          className={c.numeric ? 'px-3 py-2 text-right' : 'px-3 py-2'}
                        >
                          <button
                            type="button"
                            onClick={() => sortBy(c.sort)}
                            className="inline-flex items-center gap-1 rounded text-left text-xs font-semibold uppercase tracking-wide hover:text-slate-900"
                          >
                            {c.label}
                            <Icon className="size-3.5" aria-hidden="true" />
                          </button>
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.results.length === 0 ? (
                    <tr>
                      <td
                        colSpan={columns.length}
                        className="px-4 py-10 text-center text-slate-700"
                      >
                        {q
                          ? `No one matches “${q}”.`
                          : narrowed
                            ? `No ${narrowedTo(status, department)}.`
                            : 'No researchers yet. Add one, or import a CSV file.'}
                      </td>
                    </tr>
                  ) : (
                    data.results.map((row) => (
                      <tr key={row.id} className="hover:bg-slate-50">
                        <td className="max-w-[11rem] px-3 py-3 font-medium text-slate-900">
                          {row.status === 'invited' ? (
                            row.name
                          ) : (
                            <Link
                              to={paths.admin.researcher(row.id)}
                              className="text-brand-800 underline-offset-2 hover:underline"
                            >
                              {row.name}
                            </Link>
                          )}
                          {row.department ? (
                            <span className="block truncate text-xs font-normal text-slate-600">
                              {row.department}
                            </span>
                          ) : null}
                        </td>
                        <td
                          className="max-w-[12rem] truncate px-3 py-3 text-slate-800"
                          title={row.email}
                        >
                          {row.email}
                        </td>
                        <td className="px-3 py-3">{row.setupComplete ? 'Yes' : 'No'}</td>
                        <td className="whitespace-nowrap px-3 py-3 text-slate-800">
                          {row.lastSignInAt ? formatDate(row.lastSignInAt.slice(0, 10)) : 'Never'}
                        </td>
                        <td className="px-3 py-3 text-right tabular-nums">{row.grantsSaved}</td>
                        <td className="px-3 py-3 text-right tabular-nums">
                          {row.openOpportunities}
                        </td>
                        <td className="px-3 py-2">
                          {/* The status and what can be done about it, in one column so the table fits a laptop. */}
                          <Chip tone={statusTone[row.status]} className="capitalize">
                            {row.status}
                          </Chip>
                          <div className="-ml-3 mt-1">
                            <RowActions row={row} onChanged={refresh} />
                          </div>
                        </td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </div>
          </>
        )}
      </Card>

      {data ? (
        <nav
          aria-label="Pages"
          className="flex items-center justify-between gap-3 text-sm text-slate-700"
        >
          <p aria-live="polite">
            {data.total === 0
              ? 'No one'
              : `${(page - 1) * pageSize + 1}–${Math.min(page * pageSize, data.total)} of ${data.total}`}
          </p>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="secondary"
              disabled={page <= 1}
              onClick={() => update({ page: String(page - 1) })}
            >
              Previous
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={page >= pages}
              onClick={() => update({ page: String(page + 1) })}
            >
              Next
            </Button>
          </div>
        </nav>
      ) : null}

      <InviteDialog
        open={inviting}
        onOpenChange={(open) => {
          setInviting(open);
          if (!open && params.has('invite')) update({ invite: null });
        }}
        onInvited={refresh}
      />
      <ImportDialog open={importing} onOpenChange={setImporting} onImported={refresh} />
    </div>
  );
}
