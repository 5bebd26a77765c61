import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ArrowUpDown, Check } from 'lucide-react';
import { sortLabels, sortOptions, type SortOption } from '@grantbridge/contract/grants';
import { buttonClasses } from '../../../components/ui/button';

/** Short forms for the trigger; the menu shows the contract's full labels. */
const shortLabels: Record<SortOption, string> = {
  match: 'Best match',
  'due-date-asc': 'Due soonest',
  'due-date-desc': 'Due latest',
  'amount-desc': 'Highest amount',
  'amount-asc': 'Lowest amount',
  'posted-desc': 'Newest',
};

export function SortMenu({
  value,
  onChange,
}: {
  value: SortOption;
  onChange: (sort: SortOption) => void;
}) {
  return (
    // Not modal: a modal menu hides the rest of the page from assistive technology
    // (aria-hidden) while its links and fields stay focusable, which axe rightly
    // reports (aria-hidden-focus); the account menu is built the same way.
    <DropdownMenu.Root modal={false}>
      {/* The order in force shows at every width, a phone's included. */}
      <DropdownMenu.Trigger className={buttonClasses('secondary', 'sm', 'whitespace-nowrap')}>
        <ArrowUpDown className="size-4" aria-hidden="true" />
        Sort: {shortLabels[value]}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={12}
          className="z-40 min-w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold uppercase tracking-wide text-slate-600">
            Sort by
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={value} onValueChange={(v) => onChange(v as SortOption)}>
            {/* Best match first, then the others in the contract's order. */}
            {(['match', ...sortOptions.filter((o) => o !== 'match')] as SortOption[]).map(
              (option) => (
                <DropdownMenu.RadioItem
                  key={option}
                  value={option}
                  className="flex cursor-pointer items-center gap-2 rounded-lg py-2 pl-8 pr-3 text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900 relative"
                >
                  <DropdownMenu.ItemIndicator className="absolute left-2.5">
                    <Check className="size-4" aria-hidden="true" />
                  </DropdownMenu.ItemIndicator>
                  {sortLabels[option]}
                </DropdownMenu.RadioItem>
              ),
            )}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
