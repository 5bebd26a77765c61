// The account menu in the signed-in header. It is a plain button that looks
// and reads the same as the Radix menu's trigger until first pressed; the menu
// (user-menu-dropdown.tsx) loads when someone reaches for the button (pointer
// over it, focus on it) and takes its place, open, when it is pressed.
// Decision 051.
import { useState, type ComponentType } from 'react';
import { ChevronDown } from 'lucide-react';
import type { User } from '@grantbridge/contract/auth';
import { onIntent } from '../../../lib/load-on-intent';
import { initialsOf } from '../../../lib/format';

export type UserMenuProps = {
  user: User;
  settingsPath: string;
  onSignOut: () => void;
  signingOut: boolean;
};

export type UserMenuDropdownProps = UserMenuProps & {
  /** Open when it first shows (it replaces the plain button, which was pressed). */
  defaultOpen: boolean;
  /** It was pressed from the keyboard: the first item takes focus, as Radix does. */
  byKeyboard: boolean;
};

export const userMenuTriggerClass =
  'flex items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm font-medium text-slate-800 hover:bg-slate-100';

/** What the trigger shows, the same before and after the menu loads. */
export function UserMenuFace({ user }: { user: User }) {
  // No aria-label: the name is the visible name plus a hidden ": account menu", so what
  // a speech user reads on screen starts the control's name (WCAG 2.5.3, label in name).
  // The initials are decoration. On a phone the name is hidden visually but still named.
  return (
    <>
      <span
        aria-hidden="true"
        className="inline-flex size-9 items-center justify-center rounded-full bg-brand-800 text-sm font-semibold text-white"
      >
        {initialsOf(user.name)}
      </span>
      <span className="sr-only sm:not-sr-only sm:max-w-[12rem] sm:truncate">{user.name}</span>
      <span className="sr-only">: account menu</span>
      <ChevronDown className="size-4 text-slate-600" aria-hidden="true" />
    </>
  );
}

const dropdown = onIntent(() => import('./user-menu-dropdown'));

type Shown = {
  Dropdown: ComponentType<UserMenuDropdownProps>;
  open: boolean;
  byKeyboard: boolean;
};

export function UserMenu(props: UserMenuProps) {
  const [shown, setShown] = useState<Shown | null>(() =>
    dropdown.loaded
      ? { Dropdown: dropdown.loaded.UserMenuDropdown, open: false, byKeyboard: false }
      : null,
  );

  if (shown) {
    return <shown.Dropdown {...props} defaultOpen={shown.open} byKeyboard={shown.byKeyboard} />;
  }
  // Only a press puts the menu in the button's place: swapping a button that has
  // focus or the pointer, unasked, would pull it from under a click or a check.
  const preload = () => void dropdown.load();
  const press = (byKeyboard: boolean) => {
    void dropdown
      .load()
      .then(({ UserMenuDropdown }) =>
        setShown((current) => current ?? { Dropdown: UserMenuDropdown, open: true, byKeyboard }),
      );
  };
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={userMenuTriggerClass}
      onPointerEnter={preload}
      onFocus={preload}
      // Enter and Space arrive as a click with no pointer behind it (detail 0).
      onClick={(event) => press(event.detail === 0)}
      onKeyDown={(event) => {
        // The Radix trigger opens on the down arrow too.
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          press(true);
        }
      }}
    >
      <UserMenuFace user={props.user} />
    </button>
  );
}
