// The Filters menu: amount range typed as text ("$1.5M", "500k"), due-date
// range, agency with suggestions, the statuses searched, who can apply,
// funding instrument and category. Apply writes them into the URL, so they
// really filter.
import { lazy, Suspense } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { SlidersHorizontal } from 'lucide-react';
import { fundingCategoryLabels } from '@grantbridge/contract/code-tables';
import { grantStatuses, type GrantStatus } from '@grantbridge/contract/grants';
import { buttonClasses } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/loading-state';
import { onIntent } from '../../../lib/load-on-intent';
import {
  hasActiveFilters,
  type FilterValues,
  type SearchEligibility,
  type SearchState,
} from '../utils/search-state';
import { toolbarMenuPlacement, useToolbarMenu } from '../hooks/use-toolbar-menu';

// The form inside (filters-form.tsx, with the agency suggestions) loads when
// someone reaches for the Filters button, not with the page (decision 051).
const filtersForm = onIntent(() => import('./filters-form'));
const FiltersForm = lazy(async () => ({ default: (await filtersForm.load()).FiltersForm }));

/** Who may apply, as a person says it. */
export const eligibilityNames: Record<SearchEligibility, string> = {
  universities: 'Universities',
  nonprofits: 'Nonprofits',
  tribes: 'Tribal governments',
  'small-businesses': 'Small businesses',
  'for-profits': 'For-profit companies',
  'state-governments': 'State governments',
  'local-governments': 'Local governments',
  'school-districts': 'School districts',
  individuals: 'Individuals',
};

/** A category's label without the catalogue's cross-references ("Arts (see …)" → "Arts"). */
export function categoryName(code: string): string {
  return (fundingCategoryLabels[code] ?? code).replace(/\s*\(see .*\)$/, '');
}
export const categoryOrder = Object.keys(fundingCategoryLabels).sort((a, b) =>
  categoryName(a).localeCompare(categoryName(b)),
);
export const instrumentOrder = ['G', 'CA', 'PC', 'O'];

export const statusNames: Record<GrantStatus, string> = {
  posted: 'Open',
  forecasted: 'Forecasted',
  closed: 'Closed',
  archived: 'Archived',
};
export const statusOrder: GrantStatus[] = ['posted', 'forecasted', 'closed', 'archived'];

/** "Open, Closed" for a chip; every status is "Any". */
export function statusesLabel(statuses: GrantStatus[]): string {
  if (statuses.length === grantStatuses.length) return 'Any';
  return statusOrder
    .filter((s) => statuses.includes(s))
    .map((s) => statusNames[s])
    .join(', ');
}

export type FiltersPopoverProps = {
  state: SearchState;
  onApply: (values: FilterValues) => void;
};

export function FiltersPopover({ state, onApply }: FiltersPopoverProps) {
  const { open, setOpen, onOpenChange, trigger } = useToolbarMenu();
  const active = hasActiveFilters(state);
  const count = [
    state.amountMin !== null || state.amountMax !== null || state.noCostShare,
    state.dueFrom || state.dueTo || state.noDeadline,
    state.agency,
    state.statuses,
    state.eligibility.length,
    state.instruments.length,
    state.categories.length,
  ].filter(Boolean).length;

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger
        ref={trigger}
        className={buttonClasses(active ? 'primary' : 'secondary', 'sm', 'scroll-mt-20')}
        onPointerEnter={() => void filtersForm.load()}
        onFocus={() => void filtersForm.load()}
      >
        {/* Named by what it shows, "Filters 2" then a hidden "active" (WCAG 2.5.3, label in name). */}
        <SlidersHorizontal className="size-4" aria-hidden="true" />
        Filters
        {active ? (
          <>
            <span className="rounded-full bg-white px-1.5 text-xs font-bold text-brand-900">
              {count}
            </span>
            <span className="sr-only">active</span>
          </>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          {...toolbarMenuPlacement}
          className="z-40 max-h-(--radix-popover-content-available-height) w-[min(22rem,calc(100vw-1.5rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 shadow-lg"
          aria-label="Filters"
          onEscapeKeyDown={(event) => {
            // Escape in the agency field's open suggestions closes them, not the menu.
            const target = event.target;
            if (target instanceof HTMLElement && target.getAttribute('aria-expanded') === 'true') {
              event.preventDefault();
            }
          }}
        >
          {/* Re-mounted on each open, so the form starts from the URL. */}
          <Suspense fallback={<LoadingState label="Loading the filters…" className="p-4" />}>
            <FiltersForm
              state={state}
              onApply={(values) => {
                onApply(values);
                setOpen(false);
              }}
            />
          </Suspense>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
