import { lazy, Suspense, useEffect, useState } from 'react';
import { usePrefersReducedMotion } from '../../../lib/use-prefers-reduced-motion';

const HeroParticles = lazy(() => import('./hero-particles'));

/** Decorative: waits until the browser is idle, and stays off under reduced motion. */
export function ParticleBackground() {
  const reducedMotion = usePrefersReducedMotion();
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    if (reducedMotion) return;
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 1500 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = globalThis.setTimeout(() => setIdle(true), 300);
    return () => globalThis.clearTimeout(timer);
  }, [reducedMotion]);

  if (reducedMotion || !idle) return null;
  return (
    <div aria-hidden="true" className="absolute inset-0">
      <Suspense fallback={null}>
        <HeroParticles />
      </Suspense>
    </div>
  );
}
