// Manage Researchers: the institution's people and pending invitations, with
// search, sorting by any column, paging, invitations (one or a CSV file),
// resend and revoke, deactivation and a CSV export. The table's state lives
// in the URL, so a reload or a shared link shows the same page.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileUp, Search, UserPlus } from 'lucide-react';
import {
  directorySorts,
  personStatuses,
  type DirectorySort,
  type PersonStatus,
} from '@grantbridge/contract/people';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { lazyDialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { LoadingState } from '../../../components/ui/loading-state';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { csvHref, getDirectory } from '../api/people-api';
import { DirectoryResults } from './directory-results';
import { NearCapPanel } from './near-cap-panel';

// Add Researcher (with its form library) and Import CSV load when first opened
// (decision 051).
const InviteDialog = lazyDialog(() => import('./invite-dialog').then((m) => m.InviteDialog));
const ImportDialog = lazyDialog(() => import('./import-dialog').then((m) => m.ImportDialog));

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
  const empty = q
    ? `No one matches “${q}”.`
    : narrowed
      ? `No ${narrowedTo(status, department)}.`
      : 'No researchers yet. Add one, or import a CSV file.';
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
  const sortBy = (column: DirectorySort, chosen?: 'asc' | 'desc') =>
    update({
      sort: column,
      order: chosen ?? (column === sort && order === 'asc' ? 'desc' : 'asc'),
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
          <DirectoryResults
            rows={data.results}
            sort={sort}
            order={order}
            onSort={sortBy}
            empty={empty}
            onChanged={refresh}
          />
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

      <NearCapPanel below={!directory.isPending} />

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
