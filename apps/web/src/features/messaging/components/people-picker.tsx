// Search people by name (or a colleague by full e-mail) and pick them; picked people show as
// removable chips. In single mode a new pick replaces the old one.
import { useState } from 'react';
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

  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
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
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search by name, or a colleague’s full e-mail"
          autoComplete="off"
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy || undefined}
          aria-controls={`${id}-results`}
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
        id={`${id}-results`}
        aria-label="People found"
        aria-busy={people.isFetching}
        className="mt-2 max-h-52 overflow-y-auto rounded-lg border border-slate-200"
      >
        {results.map((person) => {
          const picked = selectedIds.has(person.id);
          return (
            <li key={person.id} className="border-b border-slate-100 last:border-b-0">
              <button
                type="button"
                aria-pressed={picked}
                onClick={() => toggle(person)}
                className={clsx(
                  'flex w-full items-center gap-3 px-3 py-2 text-left hover:bg-slate-50',
                  picked && 'bg-brand-50',
                )}
              >
                <InitialsAvatar name={person.name} size="sm" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-slate-900">
                    {person.name}
                  </span>
                  <span className="block truncate text-xs text-slate-600">
                    {person.title ?? roleLabels[person.role]} · {person.institution.name}
                  </span>
                </span>
                {picked ? <Check className="size-4 text-brand-800" aria-hidden="true" /> : null}
              </button>
            </li>
          );
        })}
        {!people.isPending && results.length === 0 ? (
          <li className="px-3 py-3 text-sm text-slate-700">
            {people.isError ? 'People could not be loaded. Try again.' : 'No people found.'}
          </li>
        ) : null}
        {people.isPending ? <li className="px-3 py-3 text-sm text-slate-700">Searching…</li> : null}
      </ul>
    </div>
  );
}
