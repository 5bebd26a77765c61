import { lazy, Suspense, useEffect, useState } from 'react';
import { runWhenIdle } from '../../../lib/run-when-idle';
import { usePrefersReducedMotion } from '../../../lib/use-prefers-reduced-motion';

const HeroParticles = lazy(() => import('./hero-particles'));

/**
 * Decorative: its code loads only after the page has loaded and the main
 * thread is idle, so it never delays the hero's text or the first tap; it
 * stays off under reduced motion.
 */
export function ParticleBackground() {
  const reducedMotion = usePrefersReducedMotion();
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    if (reducedMotion) return;
    return runWhenIdle(() => setIdle(true), { timeout: 1500 });
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
