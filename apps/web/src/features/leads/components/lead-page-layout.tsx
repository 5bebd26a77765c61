import { Suspense, type ReactNode } from 'react';
import { LoadingState } from '../../../components/ui/loading-state';
import { useAfterFirstPaint } from '../../../lib/use-after-first-paint';
import { useDocumentTitle } from '../../../lib/use-document-title';

type LeadPageLayoutProps = {
  title: string;
  intro: ReactNode;
  points: string[];
  /** The form, loaded on demand: its code is fetched once the page's text has painted. */
  children: ReactNode;
};

/** The shared frame of the contact, get-started and demo pages. */
export function LeadPageLayout({ title, intro, points, children }: LeadPageLayoutProps) {
  useDocumentTitle(title);
  const painted = useAfterFirstPaint();
  // About as tall as the shortest form, so the footer barely moves when it arrives.
  const placeholder = (
    <LoadingState label="Loading the form…" className="min-h-[41rem] lg:min-h-[36rem]" />
  );
  return (
    <div className="bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-5 lg:px-8 lg:py-20">
        <div className="lg:col-span-2">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <div className="mt-4 text-lg leading-8 text-slate-700">{intro}</div>
          <ul className="mt-8 space-y-3">
            {points.map((point) => (
              <li key={point} className="flex gap-3 text-slate-800">
                <span
                  aria-hidden="true"
                  className="mt-2 size-2 shrink-0 rounded-full bg-brand-700"
                />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3">
          <Suspense fallback={placeholder}>{painted ? children : placeholder}</Suspense>
        </div>
      </div>
    </div>
  );
}
