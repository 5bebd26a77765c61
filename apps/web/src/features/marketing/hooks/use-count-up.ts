import { useEffect, useState } from 'react';

const durationMs = 1000;
const tickMs = 16;

/**
 * Counts from 0 to `target` over about a second in 16 ms ticks, once `start`
 * is true. With `instant` (reduced motion) the final value shows at once.
 */
export function useCountUp(target: number | undefined, start: boolean, instant: boolean): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (!start || target === undefined) return;
    if (instant || target <= 0) {
      setValue(target);
      return;
    }
    const steps = Math.ceil(durationMs / tickMs);
    let step = 0;
    const timer = window.setInterval(() => {
      step += 1;
      if (step >= steps) {
        setValue(target);
        window.clearInterval(timer);
      } else {
        setValue(Math.round((target * step) / steps));
      }
    }, tickMs);
    return () => window.clearInterval(timer);
  }, [target, start, instant]);
  return value;
}
