import { useRef } from 'react';
import type { PublicStats } from '@grantbridge/contract/stats';
import { formatInteger } from '../../../lib/format';
import { usePrefersReducedMotion } from '../../../lib/use-prefers-reduced-motion';
import { useCountUp } from '../hooks/use-count-up';
import { useInViewOnce } from '../hooks/use-in-view-once';
import { usePublicStats } from '../hooks/use-public-stats';

const figures: { key: keyof PublicStats; label: string }[] = [
  { key: 'openGrants', label: 'Open grant opportunities' },
  { key: 'totalGrants', label: 'Grants in our catalogue' },
  { key: 'institutions', label: 'US institutions in our directory' },
  { key: 'agencies', label: 'Federal agencies' },
];

function StatFigure({
  label,
  target,
  start,
  instant,
}: {
  label: string;
  target: number | undefined;
  start: boolean;
  instant: boolean;
}) {
  const value = useCountUp(target, start, instant);
  return (
    <div className="flex flex-col-reverse items-center gap-2 px-4 py-6 text-center">
      <dt className="text-sm font-medium text-brand-100 sm:text-base">{label}</dt>
      <dd className="text-4xl font-bold tracking-tight text-white tabular-nums sm:text-5xl">
        {target === undefined ? (
          <span className="text-brand-200">
            <span aria-hidden="true">—</span>
            <span className="sr-only">Not available yet</span>
          </span>
        ) : (
          <>
            <span aria-hidden="true">{formatInteger(value)}</span>
            <span className="sr-only">{formatInteger(target)}</span>
          </>
        )}
      </dd>
    </div>
  );
}

/** Live catalogue figures that count up once, the first time the band is seen. */
export function StatsBand() {
  const bandRef = useRef<HTMLElement>(null);
  const seen = useInViewOnce(bandRef);
  const reducedMotion = usePrefersReducedMotion();
  const { data } = usePublicStats();

  return (
    <section ref={bandRef} aria-labelledby="stats-heading" className="bg-brand-800">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <h2 id="stats-heading" className="sr-only">
          GrantBridge by the numbers
        </h2>
        <dl className="grid grid-cols-2 divide-brand-700 lg:grid-cols-4 lg:divide-x">
          {figures.map((figure) => (
            <StatFigure
              key={figure.key}
              label={figure.label}
              target={data?.[figure.key]}
              start={seen || reducedMotion}
              instant={reducedMotion}
            />
          ))}
        </dl>
      </div>
    </section>
  );
}
