// Search people by name (or a colleague by full e-mail) and pick them; picked people show as
// removable chips. In single mode a new pick replaces the old one. The box and the list
// under it are a WAI-ARIA combobox with a listbox (downshift): the arrow keys move through
// the people found, Enter picks or unpicks the highlighted one, and the list stays open so
// several can be picked in a row.
import { useState } from 'react';
import {
  useCombobox,
  type UseComboboxState,
  type UseComboboxStateChangeOptions,
} from 'downshift';
import clsx from 'clsx';
import { Check, Search, X } from 'lucide-react';
import type { Person } from '@grantbridge/contract/messaging';
import { InitialsAvatar } from '../../../components/ui/initials-avatar';
import { controlClasses } from '../../../components/ui/input';
import { roleLabels } from '../../../lib/format';
import { usePeopleSearch } from '../hooks/use-people-search';

export type PickedPerson = Pick<Person, 'id' | 'name'>;

type PeoplePickerProps = {
  id: string;
  label: string;
  selected: PickedPerson[];
  onChange: (people: PickedPerson[]) => void;
  single?: boolean;
  /** People who cannot be picked (already members). */
  excludeIds?: string[];
  error?: string;
  hint?: string;
};

const { InputKeyDownEnter, ItemClick, InputBlur } = useCombobox.stateChangeTypes;

/** A pick keeps what was typed and the highlight, so the next person is one arrow away. */
function keepSearching(
  state: UseComboboxState<Person>,
  { type, changes }: UseComboboxStateChangeOptions<Person>,
): Partial<UseComboboxState<Person>> {
  if (type === InputKeyDownEnter || type === ItemClick)
    return { ...changes, inputValue: state.inputValue, highlightedIndex: state.highlightedIndex };
  if (type === InputBlur) return { ...changes, inputValue: state.inputValue };
  return changes;
}

export function PeoplePicker({
  id,
  label,
  selected,
  onChange,
  single,
  excludeIds = [],
  error,
  hint,
}: PeoplePickerProps) {
  const [text, setText] = useState('');
  const people = usePeopleSearch(text);
  const results = (people.data ?? []).filter((p) => !excludeIds.includes(p.id));
  const selectedIds = new Set(selected.map((p) => p.id));

  const toggle = (person: Person) => {
    if (selectedIds.has(person.id)) onChange(selected.filter((p) => p.id !== person.id));
    else if (single) onChange([{ id: person.id, name: person.name }]);
    else onChange([...selected, { id: person.id, name: person.name }]);
  };

  const { getLabelProps, getInputProps, getMenuProps, getItemProps, highlightedIndex } =
    useCombobox<Person>({
      items: results,
      itemToString: (person) => person?.name ?? '',
      itemToKey: (person) => person?.id ?? null,
      // The box's text is downshift's own (a controlled copy drops fast keystrokes); the search follows it.
      onInputValueChange: ({ inputValue }) => setText(inputValue),
      // Nothing stays "selected" in downshift's sense: the chips hold the picks.
      selectedItem: null,
      // The list sits in the dialog under the box, never folded away.
      isOpen: true,
      stateReducer: keepSearching,
      onStateChange: ({ type, selectedItem }) => {
        if ((type === InputKeyDownEnter || type === ItemClick) && selectedItem) toggle(selectedItem);
      },
      scrollIntoView: (node) => node?.scrollIntoView?.({ block: 'nearest' }),
      inputId: id,
      labelId: `${id}-label`,
      menuId: `${id}-results`,
    });

  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const status = people.isPending
    ? 'Searching…'
    : people.isError
      ? 'People could not be loaded. Try again.'
      : results.length === 0
        ? 'No people found.'
        : '';

  const inputProps = getInputProps({
    onKeyDown: (event) => {
      // Escape closes the dialog, as everywhere else in it; Enter with no one
      // highlighted submits the form.
      if (event.key === 'Escape' || (event.key === 'Enter' && highlightedIndex < 0))
        (event.nativeEvent as { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
    },
  });

  return (
    <div>
      <label {...getLabelProps()} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {selected.length > 0 ? (
        <ul aria-label="Chosen people" className="mb-2 flex flex-wrap gap-1.5">
          {selected.map((person) => (
            <li
              key={person.id}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pl-2.5 pr-1 text-sm text-brand-900 ring-1 ring-inset ring-brand-200"
            >
              {person.name}
              <button
                type="button"
                onClick={() => onChange(selected.filter((p) => p.id !== person.id))}
                aria-label={`Remove ${person.name}`}
                className="rounded-full p-0.5 hover:bg-brand-100"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <input
          {...inputProps}
          type="text"
          placeholder="Search by name, or a colleague’s full e-mail"
          autoComplete="off"
          aria-expanded={results.length > 0}
          aria-activedescendant={inputProps['aria-activedescendant'] || undefined}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy || undefined}
          className={clsx(controlClasses, 'h-11 pl-9')}
        />
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <ul
        {...getMenuProps({ 'aria-label': 'People found' })}
        aria-multiselectable={single ? undefined : true}
        aria-busy={people.isFetching}
        hidden={results.length === 0}
        className="mt-2 max-h-52 overflow-y-auto rounded-lg border border-slate-200"
      >
        {results.map((person, index) => {
          const picked = selectedIds.has(person.id);
          return (
            <li
              key={person.id}
              {...getItemProps({ item: person, index, 'aria-selected': picked })}
              className={clsx(
                'flex w-full cursor-pointer items-center gap-3 border-b border-slate-100 px-3 py-2 text-left last:border-b-0',
                index === highlightedIndex ? 'bg-brand-100' : picked ? 'bg-brand-50' : 'hover:bg-slate-50',
              )}
            >
              <InitialsAvatar name={person.name} size="sm" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-900">{person.name}</span>
                <span className="block truncate text-xs text-slate-600">
                  {person.title ?? roleLabels[person.role]} · {person.institution.name}
                </span>
              </span>
              {picked ? <Check className="size-4 text-brand-800" aria-hidden="true" /> : null}
            </li>
          );
        })}
      </ul>
      <p
        role="status"
        className={clsx(
          'text-sm text-slate-700',
          status ? 'mt-2 rounded-lg border border-slate-200 px-3 py-3' : 'sr-only',
        )}
      >
        {status || `${results.length} ${results.length === 1 ? 'person' : 'people'} found. Use the arrow keys to move through them and Enter to choose.`}
      </p>
    </div>
  );
}
