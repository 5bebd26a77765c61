import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { buttonClasses } from '../../../components/ui/button';

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-heading" className="bg-white py-20">
      <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
        <div className="rounded-3xl bg-gradient-to-br from-brand-900 to-brand-800 px-6 py-14 text-center shadow-lg sm:px-12">
          <h2 id="cta-heading">
            <span className="block text-sm font-semibold uppercase tracking-widest text-brand-100">
              Begin The Journey
            </span>
            <span className="mt-3 block text-3xl font-bold tracking-tight text-white sm:text-4xl">
              Unlock Grant Opportunities Together
            </span>
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-brand-50">
            See how GrantBridge fits your research office and your faculty in a short, tailored
            walkthrough.
          </p>
          <Link to={paths.requestDemo} className={buttonClasses('light', 'lg', 'mt-8')}>
            Get Started Today
          </Link>
        </div>
      </div>
    </section>
  );
}
