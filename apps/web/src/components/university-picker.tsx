// University picker: the combobox over the institution directory.
// Free text is accepted; suggestions come from GET /api/v1/institutions.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { notApplicable } from '@grantbridge/contract/institutions';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { Combobox, type TextControlProps } from './ui/combobox';


const suggestionLimit = 100;

export function UniversityPicker({ value, ...props }: TextControlProps) {
  const [open, setOpen] = useState(false);
  const query = useDebouncedValue(value.trim(), 150);

  const { data, isFetching, isError } = useQuery({
    queryKey: queryKeys.institutions(query),
    queryFn: ({ signal }) =>
      api.call('GET /api/v1/institutions', { query: { q: query, limit: suggestionLimit }, signal }),
    enabled: open,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
  const suggestions = data?.results ?? [];
  const waiting = (isFetching || query !== value.trim()) && suggestions.length === 0;

  return (
    <Combobox
      {...props}
      value={value}
      items={suggestions}
      itemValue={(institution) => institution.name}
      itemKey={(institution) => institution.id}
      renderItem={(institution) => (
        <>
          {institution.name}
          {institution.state ? (
            <span className="ml-2 text-xs text-slate-600">{institution.state}</span>
          ) : null}
        </>
      )}
      status={
        isError && suggestions.length === 0
          ? 'Suggestions are unavailable right now. You can type the full name.'
          : waiting
            ? 'Searching…'
            : 'No matches found'
      }
      openOnFocus
      onOpenChange={setOpen}
      fixedChoice={{ label: 'N/A', value: notApplicable }}
      placeholder="Start typing your university"
    />
  );
}
