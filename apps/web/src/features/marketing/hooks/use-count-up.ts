import { useEffect, useState } from 'react';

const durationMs = 1000;

/**
 * Counts from 0 to `target` over about a second, once `start` is true, one
 * step per animation frame (so it costs nothing in a hidden tab and never
 * outpaces the screen). With `instant` (reduced motion) the final value shows
 * at once.
 */
export function useCountUp(target: number | undefined, start: boolean, instant: boolean): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (!start || target === undefined) return;
    if (instant || target <= 0) {
      setValue(target);
      return;
    }
    let frame = 0;
    let begin: number | undefined;
    const step = (now: number) => {
      begin ??= now;
      const progress = Math.min((now - begin) / durationMs, 1);
      setValue(Math.round(target * progress));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, start, instant]);
  return value;
}
