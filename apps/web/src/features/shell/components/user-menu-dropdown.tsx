// The account menu itself, on Radix: loaded when someone reaches for the
// plain trigger user-menu.tsx shows first (decision 051).
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, Settings } from 'lucide-react';
import { roleLabels } from '../../../lib/format';
import { UserMenuFace, userMenuTriggerClass, type UserMenuDropdownProps } from './user-menu';

const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900 data-[disabled]:opacity-60';

export function UserMenuDropdown({
  user,
  settingsPath,
  onSignOut,
  signingOut,
  defaultOpen,
  byKeyboard,
}: UserMenuDropdownProps) {
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Opened from the keyboard on the plain button: the first item takes focus (after Radix
    // has focused the menu itself), as when Radix opens it from the keyboard.
    if (!defaultOpen || !byKeyboard) return;
    const frame = requestAnimationFrame(() =>
      content.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
    // Only when it first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={userMenuTriggerClass}>
        <UserMenuFace user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        ref={content}
        align="end"
        sideOffset={8}
        className="z-50 min-w-60 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
      >
        <DropdownMenu.Label className="px-3 py-2">
          <span className="block text-sm font-semibold text-slate-900">{user.name}</span>
          <span className="block truncate text-xs text-slate-600">{user.email}</span>
          <span className="block text-xs text-slate-600">{roleLabels[user.role]}</span>
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        <DropdownMenu.Item asChild className={itemClass}>
          <Link to={settingsPath}>
            <Settings className="size-4" aria-hidden="true" />
            Settings
          </Link>
        </DropdownMenu.Item>
        <DropdownMenu.Item className={itemClass} disabled={signingOut} onSelect={onSignOut}>
          <LogOut className="size-4" aria-hidden="true" />
          {signingOut ? 'Signing out...' : 'Sign out'}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
