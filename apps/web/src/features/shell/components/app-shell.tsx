import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import clsx from 'clsx';
import type { User } from '@grantbridge/contract/auth';
import { LogoMark } from '../../../components/logo';
import type { AreaNavigation, NavItem } from '../utils/area-navigation';
import { UserMenu } from './user-menu';

type AppShellProps = {
  user: User;
  title: string;
  homePath: string;
  settingsPath: string;
  navigation: AreaNavigation;
  onSignOut: () => void;
  signingOut: boolean;
  /** Shown in the header before the user menu (the notifications bell); the app layer fills it. */
  headerActions?: ReactNode;
  children: ReactNode;
};

function NavBadge({ count, className }: { count?: number; className?: string }) {
  if (!count) return null;
  return (
    <span
      className={clsx(
        'min-w-5 rounded-full bg-red-700 px-1.5 text-center text-xs leading-5 font-semibold text-white',
        className,
      )}
    >
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

function SidebarLink({ item }: { item: NavItem }) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      end={item.end}
      className={({ isActive }) =>
        clsx(
          'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
          isActive
            ? 'bg-brand-800 text-white'
            : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        )
      }
    >
      <Icon className="size-5" aria-hidden="true" />
      {item.label}
      <NavBadge count={item.badge} className="ml-auto" />
    </NavLink>
  );
}

function BottomNavLink({ item }: { item: NavItem }) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      end={item.end}
      className={({ isActive }) =>
        clsx(
          'flex min-w-0 flex-1 flex-col items-center gap-1 py-2 text-[0.6875rem] font-medium tracking-tight',
          isActive ? 'text-brand-800' : 'text-slate-700',
        )
      }
    >
      <span className="relative">
        <Icon className="size-5" aria-hidden="true" />
        <NavBadge count={item.badge} className="absolute -top-2 -right-3" />
      </span>
      <span className="max-w-full">{item.label}</span>
    </NavLink>
  );
}

/**
 * The phone's bottom bar holds every entry at a readable width and scrolls
 * sideways when they do not fit (the administrator's nine): the page's own
 * entry is scrolled into the bar's view whenever the page changes.
 */
function useBottomBarFollowingPage() {
  const bar = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const list = bar.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]')?.closest('li');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    const left = current.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + current.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = left - (list.clientWidth - current.offsetWidth) / 2;
    }
  }, [pathname]);
  return bar;
}

/** The signed-in frame: sidebar (a bottom bar on phones), header with the user menu, and the page. */
export function AppShell({
  user,
  title,
  homePath,
  settingsPath,
  navigation,
  onSignOut,
  signingOut,
  headerActions,
  children,
}: AppShellProps) {
  const allItems = [...navigation.primary, ...navigation.secondary];
  const bar = useBottomBarFollowingPage();
  return (
    <div className="min-h-dvh bg-slate-50 md:flex">
      {/* First in the tab order, as on the public site: past the navigation to the page. */}
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-white px-4 py-2 font-semibold text-brand-900 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to main content
      </a>
      {/* A column as long as the page, so its background never stops short (issue 30); the
          navigation stays in view in it while the page scrolls. */}
      <div className="hidden w-64 shrink-0 border-r border-slate-200 bg-white md:block">
        <nav aria-label="Main" className="sticky top-0 flex h-dvh flex-col overflow-y-auto">
          <Link to={homePath} className="flex h-16 shrink-0 items-center gap-2 px-5 text-brand-800">
            <LogoMark />
            <span className="text-lg font-bold text-slate-900">GrantBridge</span>
          </Link>
          <div className="flex flex-1 flex-col justify-between px-3 py-4">
            <ul className="space-y-1">
              {navigation.primary.map((item) => (
                <li key={item.to}>
                  <SidebarLink item={item} />
                </li>
              ))}
            </ul>
            <ul className="space-y-1 border-t border-slate-200 pt-4">
              {navigation.secondary.map((item) => (
                <li key={item.to}>
                  <SidebarLink item={item} />
                </li>
              ))}
            </ul>
          </div>
        </nav>
      </div>

      <div className="flex min-h-dvh min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <Link to={homePath} className="text-brand-800 md:hidden">
              <LogoMark />
              <span className="sr-only">GrantBridge home</span>
            </Link>
            <h1 className="truncate text-lg font-semibold text-slate-900 sm:text-xl">{title}</h1>
          </div>
          <div className="flex shrink-0 items-center gap-1 sm:gap-2">
            {headerActions}
            <UserMenu
              user={user}
              settingsPath={settingsPath}
              onSignOut={onSignOut}
              signingOut={signingOut}
            />
          </div>
        </header>
        <main
          id="main"
          tabIndex={-1}
          className="flex-1 scroll-mt-16 px-4 pb-24 pt-6 focus:outline-none sm:px-6 md:pb-8"
        >
          {children}
        </main>
      </div>

      <nav
        aria-label="Main"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
      >
        <ul ref={bar} className="flex overflow-x-auto overscroll-x-contain">
          {allItems.map((item) => (
            <li key={item.to} className="flex min-w-16 flex-1">
              <BottomNavLink item={item} />
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
