// The viewer's calendar day as an ISO day ("2026-11-25"), for rules that ask
// what is upcoming "from today": the stat view and My Grants count the same
// deadlines only if they agree on which day today is.

/** `date`'s day in the browser's time zone, not UTC's. */
export function localIsoDay(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
