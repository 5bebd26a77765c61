// Defers work that the first screen does not need (decoration, code for the
// next step) until the page has loaded and the main thread has a free moment,
// so it never competes with the first render or the first tap.

type IdleOptions = {
  /** The longest wait for an idle moment once the page has loaded, in ms. */
  timeout?: number;
};

/** Runs `callback` after the load event, in an idle period; returns a cancel function. */
export function runWhenIdle(
  callback: () => void,
  { timeout = 2000 }: IdleOptions = {},
): () => void {
  let cancelIdle: (() => void) | undefined;
  let cancelled = false;

  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(callback, { timeout });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const timer = window.setTimeout(callback, Math.min(timeout, 300));
      cancelIdle = () => window.clearTimeout(timer);
    }
  };

  if (document.readyState === 'complete') {
    schedule();
  } else {
    window.addEventListener('load', schedule, { once: true });
  }

  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    cancelIdle?.();
  };
}
