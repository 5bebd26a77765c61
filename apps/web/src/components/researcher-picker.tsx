// Choosing a researcher by name (inviting to a team, to review): a combobox
// over `GET /api/v1/users` that offers researchers not already chosen, and
// counts a person as chosen only while the text is what picking them wrote.
// The form holds the picker's state (usePicker) and renders the combobox in
// its Field.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Person } from '@grantbridge/contract/messaging';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { Combobox, type TextControlProps } from './ui/combobox';

const label = (p: { name: string; institution: { name: string } }) => `${p.name} (${p.institution.name})`;

/** The picker's state: what is typed, whom it names, and the suggestions (researchers not in `exclude`). */
export function useResearcherPicker({ exclude, debounceMs = 250 }: { exclude: Iterable<string>; debounceMs?: number }) {
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<{ id: string; label: string } | null>(null);
  const q = useDebouncedValue(text.trim(), debounceMs);
  const people = useQuery({
    queryKey: queryKeys.researchers(q),
    queryFn: async ({ signal }) => (await api.call('GET /api/v1/users', { query: { q }, signal })).users,
    enabled: q.length >= 2,
  });
  const excluded = new Set(exclude);
  const candidates = (people.data ?? []).filter((p) => p.role === 'researcher' && !excluded.has(p.id));
  return {
    text,
    setText,
    /** The chosen researcher's id, or null when the text is not what picking someone wrote. */
    chosenId: chosen && chosen.label === text ? chosen.id : null,
    reset: () => {
      setText('');
      setChosen(null);
    },
    choose: (value: string) => {
      const person = candidates.find((p) => label(p) === value);
      if (person) setChosen({ id: person.id, label: value });
    },
    candidates: q.length >= 2 ? candidates : [],
    status: q.length >= 2 ? (people.isPending ? 'Searching…' : candidates.length ? null : 'No researchers found') : null,
  };
}

export type ResearcherPicker = ReturnType<typeof useResearcherPicker>;

export function ResearcherCombobox({
  picker,
  aria,
  onEdit,
  detailed = false,
}: {
  picker: ResearcherPicker;
  /** The Field's wiring (id, aria-*). */
  aria: Omit<TextControlProps, 'value' | 'onChange'>;
  /** Called as the text changes (a form clears its error). */
  onEdit?: () => void;
  /** Each suggestion shows the person's title as well. */
  detailed?: boolean;
}) {
  return (
    <Combobox<Person>
      {...aria}
      value={picker.text}
      onChange={(value) => {
        picker.setText(value);
        onEdit?.();
      }}
      onPick={picker.choose}
      items={picker.candidates}
      itemValue={label}
      itemKey={(p) => p.id}
      renderItem={(p) =>
        detailed ? (
          <>
            <span className="font-medium">{p.name}</span>
            <span className="text-slate-700"> — {p.title ? `${p.title}, ` : ''}{p.institution.name}</span>
          </>
        ) : (
          <span className="font-medium">{label(p)}</span>
        )
      }
      status={picker.status}
      listLabel="Researchers"
      placeholder="Type a name"
      maxLength={200}
    />
  );
}
