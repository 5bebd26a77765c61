// The Filters menu's agency field: free text, with suggestions from the
// agencies the search understands by acronym or name (the shared combobox;
// a native datalist cannot be styled, read on every phone, or tested).
// Several agencies are a comma list ("NIH, NSF": a grant of any of them, as
// the assistant reads "NIH or NSF"); the suggestions are for the last one,
// and choosing one keeps those before it.
import { agencyAliases, type AgencyAlias } from '@grantbridge/contract/agencies';
import { Combobox } from '../../../components/ui/combobox';
import type { FieldControlProps } from '../../../components/ui/field';

const suggestionLimit = 8;

/** The agencies typed before the last one, as they stay when a suggestion is chosen: "NIH, ". */
function earlierOf(text: string): string {
  const comma = text.lastIndexOf(',');
  return comma < 0 ? '' : `${text.slice(0, comma).trim()}, `;
}

function suggestionsFor(text: string): AgencyAlias[] {
  const needle = text.slice(text.lastIndexOf(',') + 1).trim().toLowerCase();
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
  return (
    <Combobox
      {...control}
      size="sm"
      value={value}
      onChange={onChange}
      items={suggestionsFor(value)}
      itemValue={(agency) => `${earlierOf(value)}${agency.acronym}`}
      itemKey={(agency) => agency.acronym}
      renderItem={(agency) => (
        <>
          <span className="font-semibold">{agency.acronym}</span>
          <span className="text-slate-700"> — {agency.name}</span>
        </>
      )}
      // The Filters menu leaves an Escape pressed in an open list to the list (see FiltersPopover).
      listLabel="Agency suggestions"
      placeholder="e.g. NSF"
      maxLength={100}
    />
  );
}
