import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { paths } from '../../../config/paths';
import { buttonClasses } from '../../../components/ui/button';
import { ParticleBackground } from './particle-background';

export function HomeHero() {
  return (
    <section className="relative isolate overflow-hidden bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800">
      <ParticleBackground />
      <div className="relative mx-auto flex min-h-[34rem] max-w-5xl flex-col items-center justify-center px-4 py-24 text-center sm:px-6 lg:px-8">
        <p className="mb-4 rounded-full border border-white/30 bg-white/10 px-4 py-1 text-xs font-medium text-brand-50 sm:text-sm">
          Grant discovery and collaboration for academia
        </p>
        <h1 className="text-4xl font-bold tracking-tight text-white sm:text-5xl lg:text-6xl">
          Connecting Researchers for Breakthrough Discoveries
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-8 text-brand-50">
          GrantBridge matches researchers with peers at other institutions and helps them build the
          right team for a specific grant, from the first search to the submitted application.
        </p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <Link to={paths.requestDemo} className={buttonClasses('light', 'lg')}>
            Request Demo
          </Link>
          <Link to={paths.about} className={buttonClasses('outline-light', 'lg')}>
            Learn More
            <ArrowRight className="size-5" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  );
}
