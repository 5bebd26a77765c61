// University picker: a WAI-ARIA combobox over the institution directory.
// Free text is accepted; suggestions come from GET /api/v1/institutions.
import { forwardRef, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import type { InstitutionSummary } from '@grantbridge/contract/institutions';
import { notApplicable } from '@grantbridge/contract/institutions';
import { apiPaths } from '@grantbridge/contract/paths';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { controlClasses } from './ui/input';

type InstitutionSearchResponse = { results: InstitutionSummary[] };

type UniversityPickerProps = {
  id: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The id of the visible label, used to name the suggestion list (default: `${id}-label`, as Field sets it). */
  labelId?: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
};

const suggestionLimit = 100;

export const UniversityPicker = forwardRef<HTMLInputElement, UniversityPickerProps>(
  function UniversityPicker(
    { id, name, value, onChange, onBlur, labelId, disabled, ...aria },
    ref,
  ) {
    const listId = useId();
    const optionIdPrefix = useId();
    const rootRef = useRef<HTMLDivElement>(null);
    const listRef = useRef<HTMLUListElement>(null);
    const [open, setOpen] = useState(false);
    const [activeIndex, setActiveIndex] = useState(-1);
    const query = useDebouncedValue(value.trim(), 150);

    const { data, isFetching, isError } = useQuery({
      queryKey: queryKeys.institutions(query),
      queryFn: ({ signal }) =>
        api.get<InstitutionSearchResponse>(apiPaths.institutions, {
          query: { q: query, limit: suggestionLimit },
          signal,
        }),
      enabled: open,
      staleTime: 5 * 60_000,
      placeholderData: keepPreviousData,
    });
    const suggestions = open ? (data?.results ?? []) : [];
    const waiting = open && (isFetching || query !== value.trim()) && suggestions.length === 0;

    // A mouse press anywhere outside the picker closes the list.
    useEffect(() => {
      if (!open) return;
      const onPointerDown = (event: PointerEvent) => {
        if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
      };
      document.addEventListener('pointerdown', onPointerDown);
      return () => document.removeEventListener('pointerdown', onPointerDown);
    }, [open]);

    // Keep the active option in view while moving through a long list.
    useEffect(() => {
      if (activeIndex < 0) return;
      const option = listRef.current?.children[activeIndex] as HTMLElement | undefined;
      option?.scrollIntoView?.({ block: 'nearest' });
    }, [activeIndex]);

    const choose = (next: string) => {
      onChange(next);
      setOpen(false);
      setActiveIndex(-1);
    };

    const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
      switch (event.key) {
        case 'ArrowDown':
          event.preventDefault();
          if (!open) {
            setOpen(true);
            setActiveIndex(0);
          } else if (suggestions.length > 0) {
            setActiveIndex((i) => (i + 1) % suggestions.length);
          }
          break;
        case 'ArrowUp':
          event.preventDefault();
          if (open && suggestions.length > 0) {
            setActiveIndex((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
          }
          break;
        case 'Enter':
          if (open && activeIndex >= 0 && suggestions[activeIndex]) {
            event.preventDefault();
            choose(suggestions[activeIndex].name);
          }
          break;
        case 'Escape':
          if (open) {
            event.preventDefault();
            setOpen(false);
            setActiveIndex(-1);
          }
          break;
        case 'Tab':
          setOpen(false);
          break;
      }
    };

    const activeId =
      open && activeIndex >= 0 && activeIndex < suggestions.length
        ? `${optionIdPrefix}-${activeIndex}`
        : undefined;
    const showList = open && suggestions.length > 0;
    const showEmpty = open && !waiting && !isError && suggestions.length === 0;

    return (
      <div ref={rootRef} className="relative">
        <div className="flex gap-2">
          <input
            ref={ref}
            id={id}
            name={name}
            type="text"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            autoComplete="off"
            disabled={disabled}
            value={value}
            placeholder="Start typing your university"
            className={clsx(controlClasses, 'h-11 min-w-0 flex-1')}
            onChange={(event) => {
              const next = event.target.value;
              onChange(next);
              setActiveIndex(-1);
              setOpen(next.trim() !== '');
            }}
            onFocus={() => setOpen(true)}
            onBlur={onBlur}
            onKeyDown={onKeyDown}
            {...aria}
          />
          <button
            type="button"
            disabled={disabled}
            onClick={() => choose(notApplicable)}
            className="h-11 shrink-0 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
          >
            N/A
          </button>
        </div>
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-labelledby={labelId ?? `${id}-label`}
          hidden={!showList}
          className="absolute z-30 mt-1 max-h-60 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {suggestions.map((institution, index) => (
            <li
              key={institution.id}
              id={`${optionIdPrefix}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(institution.name)}
              onMouseMove={() => setActiveIndex(index)}
              className={clsx(
                'cursor-pointer px-3 py-2 text-sm text-slate-900',
                index === activeIndex && 'bg-brand-50 text-brand-900',
              )}
            >
              {institution.name}
              {institution.state ? (
                <span className="ml-2 text-xs text-slate-600">{institution.state}</span>
              ) : null}
            </li>
          ))}
        </ul>
        {open && (waiting || showEmpty || isError) ? (
          <div
            role="status"
            className="absolute z-30 mt-1 w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700 shadow-lg"
          >
            {isError && suggestions.length === 0
              ? 'Suggestions are unavailable right now. You can type the full name.'
              : waiting
                ? 'Searching…'
                : 'No matches found'}
          </div>
        ) : null}
      </div>
    );
  },
);
