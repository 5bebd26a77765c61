import { Link } from 'react-router';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LogOut, Settings } from 'lucide-react';
import type { User } from '@grantbridge/contract/auth';
import { initialsOf, roleLabels } from '../../../lib/format';

type UserMenuProps = {
  user: User;
  settingsPath: string;
  onSignOut: () => void;
  signingOut: boolean;
};

const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900 data-[disabled]:opacity-60';

export function UserMenu({ user, settingsPath, onSignOut, signingOut }: UserMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      {/* No aria-label: the name is the visible name plus a hidden ": account menu", so what
          a speech user reads on screen starts the control's name (WCAG 2.5.3, label in name).
          The initials are decoration. On a phone the name is hidden visually but still named. */}
      <DropdownMenu.Trigger
        className="flex items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        <span
          aria-hidden="true"
          className="inline-flex size-9 items-center justify-center rounded-full bg-brand-800 text-sm font-semibold text-white"
        >
          {initialsOf(user.name)}
        </span>
        <span className="sr-only sm:not-sr-only sm:max-w-[12rem] sm:truncate">{user.name}</span>
        <span className="sr-only">: account menu</span>
        <ChevronDown className="size-4 text-slate-600" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
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
