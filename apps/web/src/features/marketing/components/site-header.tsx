import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Menu, X } from 'lucide-react';
import clsx from 'clsx';
import { paths } from '../../../config/paths';
import { LogoMark } from '../../../components/logo';
import { buttonClasses } from '../../../components/ui/button';

const links = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.about, label: 'About', end: false },
  { to: paths.contact, label: 'Contact', end: false },
];

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-brand-800' : 'text-slate-700 hover:text-brand-800',
  );

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'block rounded-lg px-3 py-3 text-base font-medium',
    isActive ? 'bg-brand-50 text-brand-900' : 'text-slate-800 hover:bg-slate-100',
  );

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <Link to={paths.home} onClick={close} className="flex items-center gap-2 text-brand-800">
          <LogoMark />
          <span className="text-xl font-bold tracking-tight text-slate-900">GrantBridge</span>
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={desktopLink}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="hidden items-center gap-3 md:flex">
          <Link to={paths.login} className={buttonClasses('secondary', 'md', 'whitespace-nowrap')}>
            Sign In
          </Link>
          <Link to={paths.requestDemo} className={buttonClasses('primary', 'md', 'whitespace-nowrap')}>
            Request Demo
          </Link>
        </div>

        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? (
            <X className="size-6" aria-hidden="true" />
          ) : (
            <Menu className="size-6" aria-hidden="true" />
          )}
          <span className="sr-only">Menu</span>
        </button>
      </div>

      <div
        id="mobile-menu"
        hidden={!menuOpen}
        className="border-t border-slate-200 bg-white px-4 pb-4 pt-2 md:hidden"
      >
        <nav aria-label="Mobile">
          <ul className="space-y-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={mobileLink} onClick={close}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-3 grid grid-cols-2 gap-3">
          <Link to={paths.login} onClick={close} className={buttonClasses('secondary', 'lg', 'whitespace-nowrap')}>
            Sign In
          </Link>
          <Link to={paths.requestDemo} onClick={close} className={buttonClasses('primary', 'lg', 'whitespace-nowrap')}>
            Request Demo
          </Link>
        </div>
      </div>
    </header>
  );
}
