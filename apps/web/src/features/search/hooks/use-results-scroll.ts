import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { readResultsScroll, rememberResultsScroll } from '../utils/results-scroll';

/** What a result link carries to the grant page: the search to go back to. */
export type ResultsBackState = { backTo: string };
/** What "Back to results" carries: put the results back where they were. */
export const restoreResultsState = { restoreResults: true } as const;

/**
 * Remembers the scroll when a result is opened, and puts it back when the same
 * search is returned to (Back to results, or the browser's Back) once its
 * results are on screen; focus goes to the grant that was opened.
 */
export function useResultsScroll(scroller: RefObject<HTMLElement | null>, ready: boolean) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const searchUrl = `${location.pathname}${location.search}`;
  const returning =
    navigationType === 'POP' ||
    (location.state as { restoreResults?: unknown } | null)?.restoreResults === true;
  const restoredFor = useRef<string | null>(null);

  useEffect(() => {
    if (!ready || !returning || restoredFor.current === location.key) return;
    restoredFor.current = location.key;
    const saved = readResultsScroll(searchUrl);
    const panel = scroller.current;
    const link = panel?.querySelector<HTMLElement>(`[data-grant-id="${CSS.escape(saved?.grantId ?? '')}"]`);
    if (!saved || !panel || !link) return;
    const place = () => {
      // The panel first (it moves the link within the page), then the page.
      panel.scrollTop += linkTop(link) - panel.getBoundingClientRect().top - saved.panel;
      window.scrollBy({ top: linkTop(link) - saved.window, behavior: 'instant' });
    };
    place();
    link.focus({ preventScroll: true });
    // Parts above the results may still arrive (menus, the assistant): keep the
    // link in place while they do, for a moment, unless the person moves first.
    const resized = new ResizeObserver(place);
    resized.observe(document.body);
    const stop = () => {
      resized.disconnect();
      window.clearTimeout(timer);
      for (const type of leaveEvents) window.removeEventListener(type, stop);
    };
    const timer = window.setTimeout(stop, 1000);
    for (const type of leaveEvents) window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [ready, returning, searchUrl, location.key, scroller]);

  return useCallback(
    (grantId: string) => {
      const panel = scroller.current;
      const link = panel?.querySelector<HTMLElement>(`[data-grant-id="${CSS.escape(grantId)}"]`);
      if (!panel || !link) return;
      rememberResultsScroll(searchUrl, {
        grantId,
        window: linkTop(link),
        panel: linkTop(link) - panel.getBoundingClientRect().top,
      });
    },
    [searchUrl, scroller],
  );
}

const linkTop = (link: HTMLElement) => link.getBoundingClientRect().top;
const leaveEvents = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;
