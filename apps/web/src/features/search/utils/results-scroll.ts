// Where the results were when a grant was opened from them, so "Back to
// results" (or the browser's Back) shows the same place: the grant that was
// opened, and where its link stood on the screen and in the results panel
// (which scrolls on its own at desk widths). Kept as positions of that link
// rather than raw scroll offsets, since what is above the results (the
// assistant's conversation) may not be as tall when the page comes back.
// Kept per search address in the tab's session storage.

export type ResultsScroll = {
  grantId: string;
  /** The link's top, from the top of the window. */
  window: number;
  /** The link's top, from the top of the results panel's visible area. */
  panel: number;
};

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
