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
    if (!saved) return;
    if (scroller.current) scroller.current.scrollTop = saved.panel;
    window.scrollTo({ top: saved.window });
    const link = scroller.current?.querySelector<HTMLElement>(
      `[data-grant-id="${CSS.escape(saved.grantId)}"]`,
    );
    link?.focus({ preventScroll: true });
  }, [ready, returning, searchUrl, location.key, scroller]);

  return useCallback(
    (grantId: string) =>
      rememberResultsScroll(searchUrl, {
        window: window.scrollY,
        panel: scroller.current?.scrollTop ?? 0,
        grantId,
      }),
    [searchUrl, scroller],
  );
}
