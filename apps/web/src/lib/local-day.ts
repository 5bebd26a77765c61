// The viewer's calendar day as an ISO day ("2026-11-25"), for rules that ask
// what is upcoming "from today": the stat view and My Grants count the same
// deadlines only if they agree on which day today is. Written out by hand, not
// with the date library: the signed-in routes read it while their pages load,
// from the first bundle (decision 051).
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** `date`'s day in the browser's time zone, not UTC's. */
export function localIsoDay(date: Date = new Date()): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}
