// Saved searches: load one into the URL, rename it, change how often its new
// matches are told, or delete it.
import { useId, useState } from 'react';
import * as Popover from '@radix-ui/react-popover';
import {
  BellOff,
  BellRing,
  BookmarkPlus,
  ChevronDown,
  History,
  Pencil,
  Trash2,
} from 'lucide-react';
import type { EmailCadence } from '@grantbridge/contract/notifications';
import type { SavedSearch } from '@grantbridge/contract/grants';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { LoadingState } from '../../../components/ui/loading-state';
import { formatDate } from '../../../lib/format';
import {
  useCreateSavedSearch,
  useDeleteSavedSearch,
  useRenameSavedSearch,
  useSavedSearches,
  useSetSavedSearchAlerts,
} from '../hooks/use-saved-searches';
import { cadenceLabels, cadenceOptions } from '../utils/alert-cadence';
import { toolbarMenuPlacement, useToolbarMenu } from '../hooks/use-toolbar-menu';
import { NameDialog } from './save-search-dialog';

type SaveSearchButtonProps = {
  query: string;
  filters: Record<string, string>;
  suggestedName: string;
};

export function SaveSearchButton({ query, filters, suggestedName }: SaveSearchButtonProps) {
  const [open, setOpen] = useState(false);
  const create = useCreateSavedSearch();
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} aria-label="Save search">
        <BookmarkPlus className="size-4" aria-hidden="true" />
        <span aria-hidden="true">
          Save<span className="hidden sm:inline"> search</span>
        </span>
      </Button>
      <NameDialog
        open={open}
        onOpenChange={setOpen}
        title="Save this search"
        description="Give it a name you will recognise. It keeps the words, filters and sort."
        submitLabel="Save"
        initialName={suggestedName}
        pending={create.isPending}
        askAlerts
        onSubmit={(name, alertCadence) =>
          create.mutateAsync({ name, query, filters, alertCadence })
        }
      />
    </>
  );
}

/**
 * Shows and changes how often a saved search's new matches are told, on its
 * own line under the search so the name keeps the menu's width.
 */
function AlertSelect({ search }: { search: SavedSearch }) {
  const alerts = useSetSavedSearchAlerts();
  const id = useId();
  const Icon = search.alertCadence === 'off' ? BellOff : BellRing;
  return (
    <div className="flex items-center gap-1.5 px-3 pb-2">
      <Icon className="size-4 shrink-0 text-slate-600" aria-hidden="true" />
      <label htmlFor={id} className="text-xs text-slate-700">
        Alerts<span className="sr-only"> for {search.name}</span>
      </label>
      {/* Stays usable while a change is saved, so focus stays here when arrowing through the options. */}
      <select
        id={id}
        value={search.alertCadence}
        onChange={(e) =>
          alerts.mutate({ id: search.id, alertCadence: e.target.value as EmailCadence })
        }
        className="min-h-8 min-w-0 rounded-md border border-slate-300 bg-white py-1 pl-2 pr-7 text-xs text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700"
      >
        {cadenceOptions.map((option) => (
          <option key={option} value={option}>
            {cadenceLabels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SavedSearchesMenu({ onLoad }: { onLoad: (search: SavedSearch) => void }) {
  const { open, setOpen, onOpenChange, trigger } = useToolbarMenu();
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const saved = useSavedSearches();
  const rename = useRenameSavedSearch();
  const remove = useDeleteSavedSearch();

  return (
    <>
      <Popover.Root open={open} onOpenChange={onOpenChange}>
        {/* A phone shows the short label; the name stays the same. */}
        <Popover.Trigger
          ref={trigger}
          className={buttonClasses('secondary', 'sm', 'scroll-mt-20')}
          aria-label="Saved searches"
        >
          <History className="size-4" aria-hidden="true" />
          <span aria-hidden="true">
            Saved<span className="hidden sm:inline"> searches</span>
          </span>
          <ChevronDown className="size-4" aria-hidden="true" />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            {...toolbarMenuPlacement}
            aria-label="Saved searches"
            className="z-40 w-[min(22rem,calc(100vw-1.5rem))] rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
          >
            {saved.isPending ? (
              <LoadingState label="Loading saved searches…" className="p-3" />
            ) : saved.isError ? (
              <p className="p-3 text-sm text-red-700">
                We couldn&rsquo;t load your saved searches.
              </p>
            ) : saved.data.length === 0 ? (
              <p className="p-3 text-sm text-slate-700">
                No saved searches yet. Run a search and press Save search to keep it here.
              </p>
            ) : (
              <ul className="-m-1 max-h-80 overflow-y-auto p-1">
                {/* The padding keeps focus rings inside the scrolling list, which would clip them. */}
                {saved.data.map((search) => (
                  <li key={search.id} className="rounded-lg hover:bg-slate-50">
                    <div className="flex items-center gap-1">
                      <button
                        type="button"
                        className="min-w-0 flex-1 rounded-lg px-3 py-2 text-left"
                        onClick={() => {
                          onLoad(search);
                          setOpen(false);
                        }}
                      >
                        <span className="block truncate text-sm font-medium text-slate-900">
                          {search.name}
                        </span>
                        <span className="block truncate text-xs text-slate-700">
                          {search.query || 'No keywords'} · saved {formatDate(search.createdAt)}
                        </span>
                      </button>
                      <button
                        type="button"
                        aria-label={`Rename ${search.name}`}
                        className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                        onClick={() => {
                          setOpen(false);
                          setRenaming(search);
                        }}
                      >
                        <Pencil className="size-4" aria-hidden="true" />
                      </button>
                      <button
                        type="button"
                        aria-label={`Delete ${search.name}`}
                        className="rounded-lg p-2 text-slate-600 hover:bg-red-50 hover:text-red-800"
                        onClick={() => {
                          setOpen(false);
                          setDeleting(search);
                        }}
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                      </button>
                    </div>
                    <AlertSelect search={search} />
                  </li>
                ))}
              </ul>
            )}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>

      <NameDialog
        open={renaming !== null}
        onOpenChange={(isOpen) => !isOpen && setRenaming(null)}
        title="Rename saved search"
        description="Choose a new name for this search."
        submitLabel="Rename"
        initialName={renaming?.name ?? ''}
        pending={rename.isPending}
        onSubmit={(name) => rename.mutateAsync({ id: renaming!.id, name })}
      />

      <Dialog
        open={deleting !== null}
        onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
        title="Delete saved search?"
        description={deleting ? `“${deleting.name}” will be removed. This cannot be undone.` : ''}
      >
        <DialogActions>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() => {
              if (!deleting) return;
              remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
            }}
          >
            {remove.isPending ? 'Deleting…' : 'Delete'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
