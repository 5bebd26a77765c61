// Where the results were when a grant was opened from them, so "Back to
// results" (or the browser's Back) shows the same place: the page's scroll (a
// phone), the results panel's own (a desk) and the grant that was opened.
// Kept per search address in the tab's session storage.

export type ResultsScroll = { window: number; panel: number; grantId: string };

const prefix = 'gb:results-scroll:';

export function rememberResultsScroll(searchUrl: string, scroll: ResultsScroll): void {
  try {
    sessionStorage.setItem(prefix + searchUrl, JSON.stringify(scroll));
  } catch {
    // Storage full or refused (private mode): Back then starts at the top.
  }
}

export function readResultsScroll(searchUrl: string): ResultsScroll | null {
  try {
    const raw = sessionStorage.getItem(prefix + searchUrl);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ResultsScroll>;
    return typeof value.window === 'number' &&
      typeof value.panel === 'number' &&
      typeof value.grantId === 'string'
      ? { window: value.window, panel: value.panel, grantId: value.grantId }
      : null;
  } catch {
    return null;
  }
}
