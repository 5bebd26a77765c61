// Versions of one opportunity in a ranked list: Grants.gov keeps each year's
// call as its own record ("Faculty Early Career Development Program (CAREER)"
// three times, "FY 2024 … Fiscal Year 2023 …"), and in a list they push other
// programmes out. Records with the same agency and the same title once years,
// fiscal-year labels and a leading opportunity number are set aside are one
// opportunity: the best-ranked stays, saying how many earlier versions it
// stands for (issue 10, item 5). Pure; pinned by versions.test.ts.

/** What identifies a record for collapsing. */
export type Versioned = {
  title: string;
  agency: string | null;
  agency_code: string | null;
  opportunity_number: string;
  post_date: string | null;
};

/** How many other versions a kept record stands for, and whether all of them are older. */
export type Versions = { count: number; allEarlier: boolean };

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

/** One key per opportunity: the agency and the normalised title. */
export function versionKey(row: Versioned): string {
  const agency = (row.agency ?? row.agency_code ?? '').toLowerCase().trim();
  return `${agency}\u0000${normalisedTitle(row.title, row.opportunity_number)}`;
}

/**
 * Keeps the first (best-ranked) record of each opportunity, in order, with
 * how many of its other versions were in the list. A title that is nothing
 * but a number or a year is never taken for another record's version.
 */
export function collapseVersions<T>(
  ranked: T[],
  rowOf: (item: T) => Versioned,
): { item: T; versions: Versions }[] {
  const kept = new Map<string, { item: T; versions: Versions }>();
  const order: { item: T; versions: Versions }[] = [];
  for (const item of ranked) {
    const row = rowOf(item);
    const key = versionKey(row);
    const first = normalisedTitle(row.title, row.opportunity_number) ? kept.get(key) : undefined;
    if (first) {
      first.versions.count++;
      const keptPosted = rowOf(first.item).post_date ?? '';
      if ((row.post_date ?? '') > keptPosted) first.versions.allEarlier = false;
      continue;
    }
    const entry = { item, versions: { count: 0, allEarlier: true } };
    kept.set(key, entry);
    order.push(entry);
  }
  return order;
}
