import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { LogoMark } from '../../../components/logo';

const linkClass = 'text-slate-300 hover:text-white';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="md:col-span-2">
          <Link to={paths.home} className="inline-flex items-center gap-2 text-brand-500">
            <LogoMark />
            <span className="text-lg font-bold text-white">GrantBridge</span>
          </Link>
          <p className="mt-4 max-w-md text-sm leading-6">
            Grant discovery and research collaboration for universities. Search the federal grant
            catalogue, find collaborators at other institutions, and work every application together
            with your research office.
          </p>
        </div>
        <nav aria-labelledby="footer-navigation">
          <h2
            id="footer-navigation"
            className="text-sm font-semibold uppercase tracking-wide text-white"
          >
            Navigation
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <Link to={paths.home} className={linkClass}>
                Home
              </Link>
            </li>
            <li>
              <Link to={paths.about} className={linkClass}>
                About
              </Link>
            </li>
            <li>
              <Link to={paths.contact} className={linkClass}>
                Contact
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-get-started">
          <h2
            id="footer-get-started"
            className="text-sm font-semibold uppercase tracking-wide text-white"
          >
            Get Started
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <Link to={paths.getStarted} className={linkClass}>
                Request Demo
              </Link>
            </li>
            <li>
              <Link to={paths.login} className={linkClass}>
                Sign In
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-400 sm:px-6 lg:px-8">
          © {year} GrantBridge. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
