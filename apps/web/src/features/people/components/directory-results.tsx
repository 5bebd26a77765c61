// The researcher directory's rows: one card per person on phones, a table
// sortable by any column on wider screens, each with what can be done about
// the person (resend or revoke an invitation, deactivate or reactivate).
// Manage Researchers (manage-page.tsx) owns the query, paging and filters.
import { useState } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { DirectoryRow, DirectorySort } from '@grantbridge/contract/people';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { Chip, type ChipTone } from '../../../components/ui/chip';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { resendInvitation, revokeInvitation, setStatus } from '../api/people-api';
import { DeactivateDialog } from './deactivate-dialog';
import { DirectorySortSelect } from './directory-sort-select';

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

type RowActionsProps = {
  row: DirectoryRow;
  onChanged: () => void;
  /** Deactivating asks first, in the list's one confirmation dialog. */
  onDeactivate: (row: DirectoryRow) => void;
};

function RowActions({ row, onChanged, onDeactivate }: RowActionsProps) {
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
  if (row.status === 'active') {
    return (
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Deactivate ${row.name}`}
        onClick={() => onDeactivate(row)}
      >
        Deactivate
      </Button>
    );
  }
  return (
    <Button
      size="sm"
      variant="ghost"
      disabled={busy}
      aria-label={`Reactivate ${row.name}`}
      onClick={() => void act(() => setStatus(row.id, 'active'), `${row.name} reactivated`)}
    >
      Reactivate
    </Button>
  );
}

type DirectoryResultsProps = {
  rows: DirectoryRow[];
  sort: DirectorySort;
  order: 'asc' | 'desc';
  /** A header's click (no order: the other direction of that column) or the phone's Sort by. */
  onSort: (column: DirectorySort, order?: 'asc' | 'desc') => void;
  /** What an empty page says. */
  empty: string;
  /** After a row's action changed someone: the list is read again. */
  onChanged: () => void;
};

export function DirectoryResults({
  rows,
  sort,
  order,
  onSort,
  empty,
  onChanged,
}: DirectoryResultsProps) {
  const [deactivating, setDeactivating] = useState<DirectoryRow | null>(null);
  return (
    <>
      {/* Phones: one card per person (the table needs a wide screen), sorted with a select. */}
      <DirectorySortSelect
        sort={sort}
        order={order}
        onSort={onSort}
        className="flex items-center gap-3 border-b border-slate-200 bg-slate-50 px-4 py-3 sm:hidden"
      />
      <ul
        className="divide-y divide-slate-100 sm:hidden"
        aria-label="Researchers and pending invitations"
      >
        {rows.length === 0 ? (
          <li className="px-4 py-8 text-center text-slate-700">{empty}</li>
        ) : (
          rows.map((row) => (
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
              <RowActions row={row} onChanged={onChanged} onDeactivate={setDeactivating} />
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
                    aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                    className={c.numeric ? 'px-3 py-2 text-right' : 'px-3 py-2'}
                  >
                    <button
                      type="button"
                      onClick={() => onSort(c.sort)}
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
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-10 text-center text-slate-700">
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
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
                  <td className="max-w-[12rem] truncate px-3 py-3 text-slate-800" title={row.email}>
                    {row.email}
                  </td>
                  <td className="px-3 py-3">{row.setupComplete ? 'Yes' : 'No'}</td>
                  <td className="whitespace-nowrap px-3 py-3 text-slate-800">
                    {row.lastSignInAt ? formatDate(row.lastSignInAt.slice(0, 10)) : 'Never'}
                  </td>
                  <td className="px-3 py-3 text-right tabular-nums">{row.grantsSaved}</td>
                  <td className="px-3 py-3 text-right tabular-nums">{row.openOpportunities}</td>
                  <td className="px-3 py-2">
                    {/* The status and what can be done about it, in one column so the table fits a laptop. */}
                    <Chip tone={statusTone[row.status]} className="capitalize">
                      {row.status}
                    </Chip>
                    <div className="-ml-3 mt-1">
                      <RowActions row={row} onChanged={onChanged} onDeactivate={setDeactivating} />
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <DeactivateDialog
        person={deactivating}
        onClose={() => setDeactivating(null)}
        onDeactivated={onChanged}
      />
    </>
  );
}
