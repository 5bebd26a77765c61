// The results panel: always GET /grants/search for the URL's search, with
// sort, filters, saved searches, "Search these results" (in the URL, so the
// count follows it) and paging.
import { useEffect, useRef, useState } from 'react';
import { ChevronLeft, ChevronRight, Search, X } from 'lucide-react';
import { agencyPhrase } from '@grantbridge/contract/agency-filter';
import { fundingInstrumentLabels } from '@grantbridge/contract/code-tables';
import type { GrantSearchResponse, SavedSearch } from '@grantbridge/contract/grants';
import { Button } from '../../../components/ui/button';
import { ExportLinks } from '../../../components/export-links';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { LoadingState } from '../../../components/ui/loading-state';
import { isApiError } from '../../../lib/api-client';
import { formatMoney, formatDate, formatInteger } from '../../../lib/format';
import {
  pageSize,
  stateFromSaved,
  toApiQuery,
  withoutCriteria,
  writeSearchState,
  type SearchEligibility,
  type SearchState,
} from '../utils/search-state';
import { searchExportHref } from '../api/search-api';
import { useResultsScroll } from '../hooks/use-results-scroll';
import { wordsChipLabel } from '../utils/words-chip';
import { categoryName, eligibilityNames, FiltersPopover, statusesLabel } from './filters-popover';
import { ResultList, ResultSection } from './result-list';
import { SaveSearchButton, SavedSearchesMenu } from './saved-searches-menu';
import { SortMenu } from './sort-menu';

type ResultsPanelProps = {
  state: SearchState;
  update: (next: (current: SearchState) => SearchState, options?: { replace?: boolean }) => void;
  results: {
    data: GrantSearchResponse | undefined;
    isPending: boolean;
    isError: boolean;
    error: Error | null;
    isFetching: boolean;
    refetch: () => unknown;
  };
  grantPath: (id: string) => string;
  headingId: string;
  /** The viewer's default for "Match with research profile" (saved searches leave it out). */
  profileByDefault: boolean;
};

export function ResultsPanel({
  state,
  update,
  results,
  grantPath,
  headingId,
  profileByDefault,
}: ResultsPanelProps) {
  const data = results.data;
  const shown = data ? data.results : [];
  const [quick, setQuick] = useWithinText(state.within, (within) =>
    update((s) => ({ ...s, within, page: 1 }), { replace: true }),
  );
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  const apart = (data?.unstated.length ?? 0) + (data?.recurring.length ?? 0);
  const params = writeSearchState({ ...state, page: 1 }, profileByDefault);
  const filtersForSave = Object.fromEntries([...params.entries()].filter(([key]) => key !== 'q'));

  const goToPage = (page: number) => update((s) => ({ ...s, page }));
  const scroller = useRef<HTMLDivElement>(null);
  const onOpen = useResultsScroll(scroller, Boolean(data) && !results.isPending);

  return (
    <Card
      className="flex min-h-0 flex-col overflow-hidden lg:h-full"
      role="region"
      aria-labelledby={headingId}
    >
      <div className="space-y-3 border-b border-slate-200 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2
            id={headingId}
            tabIndex={-1}
            className="scroll-mt-20 font-semibold text-slate-900 focus:outline-none"
            aria-live="polite"
          >
            {data && data.total === 0 && apart > 0 ? (
              // Nothing matches exactly, but grants of unstated amount or past calls are listed apart.
              `0 grants match exactly · ${formatInteger(apart)} listed below`
            ) : data ? (
              <>
                {formatInteger(data.total)}
                {/* The server stops counting at 1,000. */}
                {data.totalCapped ? '+' : ''} grant{data.total === 1 ? '' : 's'} found
              </>
            ) : (
              'Results'
            )}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <SaveSearchButton
              query={state.q}
              filters={filtersForSave}
              suggestedName={
                state.q
                  ? [state.q, ...state.refine].join(', ').slice(0, 100)
                  : state.agency
                    ? `${agencyPhrase(state.agency)} grants`
                    : 'My search'
              }
            />
            <SavedSearchesMenu
              onLoad={(saved: SavedSearch) =>
                update(() => stateFromSaved(saved.query, saved.filters, profileByDefault))
              }
            />
            <ExportLinks
              what="search results"
              csvHref={searchExportHref(toApiQuery(state), 'csv')}
              xlsxHref={searchExportHref(toApiQuery(state), 'xlsx')}
            />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div className="relative basis-full 2xl:min-w-40 2xl:flex-1 2xl:basis-auto">
            <label htmlFor="quick-search" className="sr-only">
              Search these results
            </label>
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-600"
              aria-hidden="true"
            />
            <Input
              id="quick-search"
              type="search"
              value={quick}
              onChange={(e) => setQuick(e.target.value)}
              placeholder="Search these results"
              className="h-9 pl-9 text-sm"
            />
          </div>
          <SortMenu
            value={state.sort}
            onChange={(sort) => update((s) => ({ ...s, sort, page: 1 }))}
          />
          <FiltersPopover
            state={state}
            onApply={(values) => update((s) => ({ ...s, ...values, page: 1 }))}
          />
        </div>
        <ActiveFilters state={state} update={update} />
        {data?.corrections.length ? (
          <p className="text-xs text-slate-700" data-testid="search-corrections">
            Showing results for{' '}
            {data.corrections.map((c, i) => (
              <span key={c.from}>
                {i > 0 ? ', ' : ''}“<strong>{c.to}</strong>” (you typed “{c.from}”)
              </span>
            ))}
            .
          </p>
        ) : null}
        {data?.relaxed ? (
          <p className="text-xs font-medium text-slate-900" data-testid="search-relaxed">
            {data.relaxed}
          </p>
        ) : null}
        {data?.profileIgnored ? (
          <p className="text-xs text-slate-700">
            The research profile shares no area with these grants, so it does not change their
            order.
          </p>
        ) : null}
      </div>

      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50 p-4"
        aria-busy={results.isFetching}
      >
        {results.isPending ? (
          <LoadingState label="Searching grants…" />
        ) : results.isError ? (
          <div className="p-6 text-center" role="alert">
            <p className="font-medium text-slate-900">
              {isApiError(results.error, 'validation_failed')
                ? 'Some settings of this search are not valid.'
                : isApiError(results.error, 'not_found')
                  ? 'That researcher is not at your institution.'
                  : 'We couldn’t load the results.'}
            </p>
            <p className="mt-1 text-sm text-slate-700">
              {isApiError(results.error, 'validation_failed')
                ? (results.error.errors[0]?.message ?? results.error.detail)
                : isApiError(results.error, 'not_found')
                  ? 'Choose a researcher from the list, or Not Selected.'
                  : 'Check your connection and try again.'}
            </p>
            <div className="mt-4 flex justify-center gap-2">
              <Button variant="secondary" size="sm" onClick={() => void results.refetch()}>
                Try again
              </Button>
              <Button size="sm" onClick={() => update(() => withoutCriteria(state))}>
                Clear search
              </Button>
            </div>
          </div>
        ) : shown.length === 0 && !data?.recurring.length && !data?.unstated.length ? (
          <div className="p-6 text-center">
            <p className="font-medium text-slate-900">No grants match this search.</p>
            <p className="mt-1 text-sm text-slate-700">
              {state.within
                ? 'Clear the “Search these results” box, or try other words in it.'
                : 'Try fewer or different words, widen the filters, or start a New Search.'}
            </p>
          </div>
        ) : (
          <>
            <ResultList
              results={state.sort === 'match' ? shown.filter((r) => !r.related) : shown}
              grantPath={grantPath}
              onOpen={onOpen}
            />
            {state.sort === 'match' ? (
              <ResultSection
                id="related-results"
                title="Related grants"
                note="Looser matches: they do not mention the most specific word of the search."
                results={shown.filter((r) => r.related)}
                grantPath={grantPath}
                onOpen={onOpen}
              />
            ) : null}
            <ResultSection
              id="unstated-results"
              title="Amount not stated"
              note={`${data?.total ? 'Few grants state' : 'No grant states'} an amount that fits, so these, which match the rest of the search but publish no award amount, are listed too: they may fund that much.`}
              results={data?.unstated ?? []}
              grantPath={grantPath}
              onOpen={onOpen}
            />
            <ResultSection
              id="recurring-results"
              title="Closed programmes that usually come back"
              note="Few open grants match, so these past calls of recurring programmes are listed to plan for."
              results={data?.recurring ?? []}
              grantPath={grantPath}
              onOpen={onOpen}
            />
          </>
        )}
      </div>

      {data && data.total > pageSize ? (
        <nav
          aria-label="Result pages"
          className="flex items-center justify-between gap-2 border-t border-slate-200 p-3"
        >
          <Button
            variant="secondary"
            size="sm"
            disabled={state.page <= 1}
            onClick={() => goToPage(state.page - 1)}
          >
            <ChevronLeft className="size-4" aria-hidden="true" />
            Previous
          </Button>
          <span className="text-sm text-slate-700">
            Page {state.page} of {formatInteger(pages)}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={state.page >= pages}
            onClick={() => goToPage(state.page + 1)}
          >
            Next
            <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
    </Card>
  );
}

function ActiveFilters({ state, update }: Pick<ResultsPanelProps, 'state' | 'update'>) {
  const chips: { label: string; clear: (s: SearchState) => SearchState }[] = [];
  // Each message's words are a chip; removing one keeps the others.
  [state.q, ...state.refine].forEach((words, index) => {
    if (!words) return;
    chips.push({
      label: wordsChipLabel(words, (key) => eligibilityNames[key as SearchEligibility]),
      clear: (s) => {
        const [q = '', ...refine] = [s.q, ...s.refine].filter((_, i) => i !== index);
        return { ...s, q, refine };
      },
    });
  });
  if (state.amountMin !== null || state.amountMax !== null) {
    const label =
      state.amountMin !== null && state.amountMax !== null
        ? `${formatMoney(state.amountMin, 'compact')} – ${formatMoney(state.amountMax, 'compact')}`
        : state.amountMin !== null
          ? `At least ${formatMoney(state.amountMin, 'compact')}`
          : `Up to ${formatMoney(state.amountMax!, 'compact')}`;
    chips.push({ label, clear: (s) => ({ ...s, amountMin: null, amountMax: null }) });
  }
  if (state.dueFrom || state.dueTo) {
    const label =
      state.dueFrom && state.dueTo
        ? `Due ${formatDate(state.dueFrom)} – ${formatDate(state.dueTo)}`
        : state.dueFrom
          ? `Due after ${formatDate(state.dueFrom)}`
          : `Due by ${formatDate(state.dueTo!)}`;
    chips.push({ label, clear: (s) => ({ ...s, dueFrom: null, dueTo: null }) });
  }
  if (state.noDeadline) chips.push({ label: 'No fixed deadline', clear: (s) => ({ ...s, noDeadline: false }) });
  if (state.noCostShare) chips.push({ label: 'No cost sharing', clear: (s) => ({ ...s, noCostShare: false }) });
  if (state.agency)
    chips.push({ label: `Agency: ${agencyPhrase(state.agency)}`, clear: (s) => ({ ...s, agency: null }) });
  if (state.eligibility.length) {
    chips.push({
      label: `Who can apply: ${state.eligibility.map((g) => eligibilityNames[g]).join(', ')}`,
      clear: (s) => ({ ...s, eligibility: [] }),
    });
  }
  if (state.instruments.length) {
    chips.push({
      label: `Instrument: ${state.instruments.map((c) => fundingInstrumentLabels[c] ?? c).join(', ')}`,
      clear: (s) => ({ ...s, instruments: [] }),
    });
  }
  if (state.categories.length) {
    chips.push({
      label: `Category: ${state.categories.map(categoryName).join(', ')}`,
      clear: (s) => ({ ...s, categories: [] }),
    });
  }
  if (state.statuses) {
    chips.push({
      label: `Status: ${statusesLabel(state.statuses)}`,
      clear: (s) => ({ ...s, statuses: null }),
    });
  }
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Active search terms">
      {chips.map((chip, index) => (
        <li key={`${index}-${chip.label}`}>
          <button
            type="button"
            aria-label={`Remove ${chip.label}`}
            onClick={() => update((s) => ({ ...chip.clear(s), page: 1 }))}
            className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pl-2.5 pr-1.5 text-xs font-medium text-brand-900 ring-1 ring-inset ring-brand-200 hover:bg-brand-100"
          >
            {chip.label}
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The "Search these results" box: what is typed goes into the URL after a
 * short pause (replacing the history entry), and a URL changed elsewhere
 * (New Search, Back) shows in the box.
 */
function useWithinText(within: string, commit: (within: string) => void) {
  const [text, setText] = useState(within);
  const [shown, setShown] = useState(within);
  const latestCommit = useRef(commit);
  useEffect(() => {
    latestCommit.current = commit;
  });
  if (shown !== within) {
    setShown(within);
    if (text.trim() !== within) setText(within);
  }
  useEffect(() => {
    const next = text.trim().slice(0, 100);
    if (next === within) return;
    const timer = setTimeout(() => latestCommit.current(next), 300);
    return () => clearTimeout(timer);
  }, [text, within]);
  return [text, setText] as const;
}
