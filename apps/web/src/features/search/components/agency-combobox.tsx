// The Filters menu's agency field: free text, with suggestions from the
// agencies the search understands by acronym or name (a WAI-ARIA combobox;
// a native datalist cannot be styled, read on every phone, or tested).
import { useId, useState, type KeyboardEvent } from 'react';
import clsx from 'clsx';
import { agencyAliases, type AgencyAlias } from '@grantbridge/contract/agencies';
import { controlClasses } from '../../../components/ui/input';
import type { FieldControlProps } from '../../../components/ui/field';

const suggestionLimit = 8;

function suggestionsFor(text: string): AgencyAlias[] {
  const needle = text.trim().toLowerCase();
  // An acronym typed in full is a choice made: no list to cover the buttons below.
  if (!needle || agencyAliases.some((a) => a.acronym.toLowerCase() === needle)) return [];
  const starts = agencyAliases.filter((a) => a.acronym.toLowerCase().startsWith(needle));
  const named = agencyAliases.filter(
    (a) => !starts.includes(a) && a.name.toLowerCase().includes(needle),
  );
  return [...starts, ...named].slice(0, suggestionLimit);
}

type AgencyComboboxProps = FieldControlProps & {
  value: string;
  onChange: (value: string) => void;
};

export function AgencyCombobox({ value, onChange, ...control }: AgencyComboboxProps) {
  const listId = useId();
  const optionId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = open ? suggestionsFor(value) : [];
  const shown = suggestions.length > 0;

  const choose = (agency: AgencyAlias) => {
    onChange(agency.acronym);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      const count = suggestionsFor(value).length;
      if (count === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 && step < 0 ? count - 1 : (i + step + count) % count));
    } else if (event.key === 'Enter' && shown && active >= 0 && suggestions[active]) {
      // Enter picks the highlighted agency instead of applying the filters.
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === 'Escape' && shown) {
      // The Filters menu leaves an Escape pressed here to this list (see FiltersPopover).
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    // The list lies over what follows, so nothing moves under the pointer when it closes.
    <div className="relative">
      <input
        {...control}
        type="text"
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 ? `${optionId}-${active}` : undefined}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        placeholder="e.g. NSF"
        autoComplete="off"
        maxLength={100}
        className={clsx(controlClasses, 'h-10')}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Agency suggestions"
        hidden={!shown}
        className="absolute inset-x-0 top-full z-10 mt-1 max-h-48 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {suggestions.map((agency, index) => (
          <li
            key={agency.acronym}
            id={`${optionId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Chosen on mouse down, before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(agency);
            }}
            className={clsx(
              'cursor-pointer px-3 py-1.5 text-sm text-slate-800',
              index === active ? 'bg-brand-50 text-brand-900' : 'hover:bg-slate-50',
            )}
          >
            <span className="font-semibold">{agency.acronym}</span>
            <span className="text-slate-700"> — {agency.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
