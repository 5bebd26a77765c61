// The one free-text combobox: an input whose suggestions a person may take or
// ignore (WAI-ARIA combobox with a listbox, keyboard and pointer handling from
// downshift). The university picker and the agency filter are built on it.
import { useState, type ReactNode, type Ref } from 'react';
import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import clsx from 'clsx';
import { controlClasses } from './input';

/** What a form gives a free-text control: its value and events, and the Field's ARIA wiring. */
export type TextControlProps = {
  id: string;
  name?: string;
  ref?: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
};

type ComboboxProps<Item> = TextControlProps & {
  /** The suggestions for what is typed now. */
  items: Item[];
  /** The text a chosen item puts in the input. */
  itemValue: (item: Item) => string;
  itemKey: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
  /** Names the list: the visible label's id (default `${id}-label`, as Field sets it)... */
  labelId?: string;
  /** ...or a label of its own. */
  listLabel?: string;
  /** Shown in place of the list while it has no item ("Searching…", "No matches found"); without it an empty list shows nothing. */
  status?: ReactNode;
  /** Focusing the input opens the list (the university picker's seed behaviour). */
  openOnFocus?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** A button beside the input that sets a fixed value, such as the university's N/A. */
  fixedChoice?: { label: string; value: string };
  size?: 'sm' | 'md';
  placeholder?: string;
  maxLength?: number;
  /** Called with the item's text when a suggestion is chosen (click or Enter), after `onChange`. */
  onPick?: (value: string) => void;
};

const { InputChange, InputBlur, InputClick, ItemClick, InputKeyDownEnter } = useCombobox.stateChangeTypes;

/**
 * Free text: the input's text is the value and no item stays "selected".
 * Typing opens the list and emptying the input closes it; leaving the input
 * (Tab, a press outside) closes it and keeps what was typed, never taking the
 * highlighted item; a click in the input changes nothing.
 */
function freeTextReducer<Item>(
  state: UseComboboxState<Item>,
  { type, changes }: UseComboboxStateChangeOptions<Item>,
): Partial<UseComboboxState<Item>> {
  const next =
    type === InputChange
      ? { ...changes, isOpen: (changes.inputValue ?? '').trim() !== '' }
      : type === InputBlur
        ? { ...changes, inputValue: state.inputValue }
        : type === InputClick
          ? state
          : changes;
  // Not a controlled prop: downshift would reset the input whenever its own copy changed.
  return { ...next, selectedItem: null };
}

export function Combobox<Item>({
  id,
  name,
  ref,
  value,
  onChange,
  onBlur,
  items,
  itemValue,
  itemKey,
  renderItem,
  labelId,
  listLabel,
  status,
  openOnFocus = false,
  onOpenChange,
  fixedChoice,
  size = 'md',
  placeholder,
  maxLength,
  disabled,
  onPick,
  ...aria
}: ComboboxProps<Item>) {
  const [open, setOpen] = useState(false);
  const changeOpen = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };
  const { getInputProps, getMenuProps, getItemProps, highlightedIndex, closeMenu } = useCombobox({
    items,
    itemToString: (item) => (item === null ? '' : itemValue(item)),
    itemToKey: (item) => (item === null ? null : itemKey(item)),
    inputValue: value,
    onInputValueChange: ({ inputValue }) => onChange(inputValue),
    isOpen: open,
    onIsOpenChange: ({ isOpen }) => changeOpen(isOpen),
    stateReducer: freeTextReducer,
    onStateChange: ({ type, inputValue }) => {
      if ((type === ItemClick || type === InputKeyDownEnter) && inputValue !== undefined) onPick?.(inputValue);
    },
    // The keys bring the highlighted option into view, scrolling the page too
    // when the list hangs below the fold (a phone), not only the list.
    scrollIntoView: (node) => node?.scrollIntoView?.({ block: 'nearest' }),
    inputId: id,
    labelId: labelId ?? `${id}-label`,
  });

  const listed = open && items.length > 0;
  const statusShown = open && items.length === 0 && status != null;
  const expanded = open && (listed || status != null);
  const inputProps = getInputProps({
    ref,
    name,
    disabled,
    // Typing updates the value at once: downshift tells onInputValueChange a
    // render later, and a controlled input would drop a fast typist's next key.
    onChange: (event) => onChange((event.target as HTMLInputElement).value),
    placeholder,
    maxLength,
    onBlur,
    onFocus: () => {
      if (openOnFocus && !open) changeOpen(true);
    },
    onKeyDown: (event) => {
      // Enter with nothing highlighted submits the form; Escape on a closed list keeps the text.
      const leave =
        (event.key === 'Enter' && highlightedIndex < 0) || (event.key === 'Escape' && !expanded);
      if (leave)
        (event.nativeEvent as { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
    },
    className: clsx(controlClasses, size === 'sm' ? 'h-10' : 'h-11 min-w-0 flex-1'),
    ...aria,
  });

  const input = (
    <input
      {...inputProps}
      type="text"
      aria-expanded={expanded}
      aria-activedescendant={inputProps['aria-activedescendant'] || undefined}
    />
  );

  return (
    // The list lies over what follows, so nothing moves under the pointer when it closes.
    <div className="relative">
      {fixedChoice ? (
        <div className="flex gap-2">
          {input}
          <button
            type="button"
            disabled={disabled}
            onClick={() => {
              onChange(fixedChoice.value);
              closeMenu();
            }}
            className="h-11 shrink-0 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
          >
            {fixedChoice.label}
          </button>
        </div>
      ) : (
        input
      )}
      <ul
        {...getMenuProps({ 'aria-label': listLabel })}
        hidden={!listed}
        className={clsx(
          'absolute inset-x-0 top-full z-30 mt-1 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg',
          size === 'sm' ? 'max-h-48' : 'max-h-60',
        )}
      >
        {listed
          ? items.map((item, index) => (
              <li
                key={itemKey(item)}
                {...getItemProps({ item, index })}
                className={clsx(
                  'cursor-pointer px-3 text-sm text-slate-900',
                  size === 'sm' ? 'py-1.5' : 'py-2',
                  index === highlightedIndex && 'bg-brand-50 text-brand-900',
                )}
              >
                {renderItem(item)}
              </li>
            ))
          : null}
      </ul>
      {statusShown ? (
        <div
          role="status"
          className="absolute inset-x-0 top-full z-30 mt-1 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700 shadow-lg"
        >
          {status}
        </div>
      ) : null}
    </div>
  );
}
