// Versions of one opportunity in a ranked list: Grants.gov keeps each year's
// call as its own record ("Faculty Early Career Development Program (CAREER)"
// three times, "FY 2024 … Fiscal Year 2023 …"), and in a list they push other
// programmes out. Records with the same agency and the same title once years,
// fiscal-year labels and a leading opportunity number are set aside are one
// opportunity: its newest version stays, saying how many earlier versions it
// stands for (issue 10, item 5). Pure; pinned by versions.test.ts. Also the
// other orders a folded list can be shown in.

/** What identifies a record for collapsing. */
export type Versioned = {
  title: string;
  agency: string | null;
  agency_code: string | null;
  opportunity_number: string;
  post_date: string | null;
  close_date?: string | null;
};

/** How many other versions a kept record stands for, whether all of them are older, and every version's close date. */
export type Versions = { count: number; allEarlier: boolean; closeDates: string[] };

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * A recurring programme's cycle from its versions' close dates: the month
 * most of them closed in ("usually closes in March"), or when it last closed.
 */
export function cycleOf(closeDates: string[]): string | null {
  const dates = [...new Set(closeDates)].sort();
  if (dates.length < 2) return null;
  const months = new Map<number, number>();
  for (const d of dates) months.set(Number(d.slice(5, 7)) - 1, (months.get(Number(d.slice(5, 7)) - 1) ?? 0) + 1);
  const [month, count] = [...months].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]!;
  const last = dates[dates.length - 1]!;
  if (count >= 2) return `Usually closes in ${monthNames[month]} (last ${monthNames[Number(last.slice(5, 7)) - 1]} ${last.slice(0, 4)})`;
  return `Offered ${dates.length} times; last closed ${monthNames[Number(last.slice(5, 7)) - 1]} ${last.slice(0, 4)}`;
}

/** The title with years, fiscal-year labels, a leading opportunity number and punctuation set aside. */
export function normalisedTitle(title: string, opportunityNumber: string): string {
  let t = title.toLowerCase();
  const number = opportunityNumber.toLowerCase();
  if (number && t.startsWith(number)) t = t.slice(number.length);
  return t
    .replace(/\b(?:fiscal\s+year|fy)\s*(?:19|20)?\d{2}(?:\s*[-–/]\s*(?:19|20)?\d{2,4})?\b/g, ' ')
    .replace(/\b(?:19|20)\d{2}\b/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** One key per opportunity: the agency and the normalised title (when already worked out, `title`). */
export function versionKey(row: Versioned, title = normalisedTitle(row.title, row.opportunity_number)): string {
  const agency = (row.agency ?? row.agency_code ?? '').toLowerCase().trim();
  return `${agency}\u0000${title}`;
}

/**
 * One result per opportunity: each family of versions is shown by its newest
 * version (the current call; the best-ranked among equally new ones), at that
 * version's place in the ranking, with how many other versions were in the
 * list. A title that is nothing but a number or a year is never taken for
 * another record's version.
 */
export function collapseVersions<T>(
  ranked: T[],
  rowOf: (item: T) => Versioned,
): { item: T; versions: Versions }[] {
  const families = new Map<string, { index: number; item: T }[]>();
  const alone: { index: number; item: T }[] = [];
  ranked.forEach((item, index) => {
    const row = rowOf(item);
    const title = normalisedTitle(row.title, row.opportunity_number);
    if (!title) {
      alone.push({ index, item });
      return;
    }
    const key = versionKey(row, title);
    const family = families.get(key);
    if (family) family.push({ index, item });
    else families.set(key, [{ index, item }]);
  });
  const shown = [...families.values()].map((family) => {
    const posted = (entry: { item: T }) => rowOf(entry.item).post_date ?? '';
    const newest = family.reduce((best, entry) => (posted(entry) > posted(best) ? entry : best));
    return {
      index: newest.index,
      item: newest.item,
      versions: {
        count: family.length - 1,
        allEarlier: family.every((e) => e === newest || posted(e) <= posted(newest)),
        closeDates: family.flatMap((e) => rowOf(e.item).close_date ?? []),
      },
    };
  });
  return [...shown, ...alone.map((a) => ({ ...a, versions: { count: 0, allEarlier: true, closeDates: [] } }))]
    .sort((a, b) => a.index - b.index)
    .map(({ item, versions }) => ({ item, versions }));
}

/** Another order than match, as findOrderedGrants' SQL has it: dates and amounts, missing ones last, then id. */
export function compareBySort(
  sort: 'due-date-asc' | 'due-date-desc' | 'amount-desc' | 'amount-asc' | 'posted-desc' | 'match',
  a: { close_date: string | null; post_date?: string | null; award_ceiling: number | null; id: string },
  b: { close_date: string | null; post_date?: string | null; award_ceiling: number | null; id: string },
): number {
  const byId = a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  const nullsLast = <T>(x: T | null, y: T | null, cmp: (x: T, y: T) => number) =>
    x === null ? (y === null ? 0 : 1) : y === null ? -1 : cmp(x, y);
  const asc = (x: string | number, y: string | number) => (x < y ? -1 : x > y ? 1 : 0);
  switch (sort) {
    case 'due-date-asc':
      return nullsLast(a.close_date, b.close_date, asc) || byId;
    case 'due-date-desc':
      return nullsLast(a.close_date, b.close_date, (x, y) => asc(y, x)) || byId;
    case 'amount-desc':
      return nullsLast(a.award_ceiling, b.award_ceiling, (x, y) => asc(y, x)) || byId;
    case 'amount-asc':
      return nullsLast(a.award_ceiling, b.award_ceiling, asc) || byId;
    case 'posted-desc':
      return nullsLast(a.post_date ?? null, b.post_date ?? null, (x, y) => asc(y, x)) || byId;
    default:
      return 0;
  }
}
