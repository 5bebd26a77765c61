// Sorting the researcher directory on a phone, where the table and its
// sortable headers give way to cards: one "Sort by" select over the same sort
// and order as the headers.
import { useId } from 'react';
import type { DirectorySort } from '@grantbridge/contract/people';
import { Select } from '../../../components/ui/input';

type Order = 'asc' | 'desc';

/** Each sort in both directions, the more useful one first, in words. */
const sortOptions: { sort: DirectorySort; order: Order; label: string }[] = [
  { sort: 'name', order: 'asc', label: 'Name (A–Z)' },
  { sort: 'name', order: 'desc', label: 'Name (Z–A)' },
  { sort: 'email', order: 'asc', label: 'Email (A–Z)' },
  { sort: 'email', order: 'desc', label: 'Email (Z–A)' },
  { sort: 'setupComplete', order: 'asc', label: 'Setup not complete first' },
  { sort: 'setupComplete', order: 'desc', label: 'Setup complete first' },
  { sort: 'lastSignInAt', order: 'desc', label: 'Last sign-in (newest first)' },
  { sort: 'lastSignInAt', order: 'asc', label: 'Last sign-in (oldest first)' },
  { sort: 'grantsSaved', order: 'desc', label: 'Grants saved (most first)' },
  { sort: 'grantsSaved', order: 'asc', label: 'Grants saved (fewest first)' },
  { sort: 'openOpportunities', order: 'desc', label: 'Open opportunities (most first)' },
  { sort: 'openOpportunities', order: 'asc', label: 'Open opportunities (fewest first)' },
  { sort: 'status', order: 'asc', label: 'Status (active first)' },
  { sort: 'status', order: 'desc', label: 'Status (deactivated first)' },
];

const valueOf = (sort: DirectorySort, order: Order) => `${sort}:${order}`;

type DirectorySortSelectProps = {
  sort: DirectorySort;
  order: Order;
  onSort: (column: DirectorySort, order: Order) => void;
  className?: string;
};

export function DirectorySortSelect({ sort, order, onSort, className }: DirectorySortSelectProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-slate-800">
        Sort by
      </label>
      <Select
        id={id}
        value={valueOf(sort, order)}
        onChange={(event) => {
          const chosen = sortOptions.find((o) => valueOf(o.sort, o.order) === event.target.value);
          if (chosen) onSort(chosen.sort, chosen.order);
        }}
        className="h-9! min-w-0 flex-1 text-sm"
      >
        {sortOptions.map((o) => (
          <option key={valueOf(o.sort, o.order)} value={valueOf(o.sort, o.order)}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
