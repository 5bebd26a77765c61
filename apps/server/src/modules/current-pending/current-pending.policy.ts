// The module's rules, without the database (decision 062): who edits what,
// which years a project period asks person-months for, and what an entry of
// the document lacks. Missing values are listed, never filled in.
import {
  maxSupportYears,
  type MissingValue,
  type SupportRole,
} from '@grantbridge/contract/current-pending';

type ViewerRole = 'pi' | 'member' | 'admin';

/** The PI edits anyone's row on the team; a member edits their own; the institution's admin only reads. */
export function canEditEffort(role: ViewerRole, actorId: string, rowUserId: string): boolean {
  return role === 'pi' || (role === 'member' && actorId === rowUserId);
}

/** The award's number, period and overlap statement are the PI's to enter. */
export function canEditSupport(role: ViewerRole): boolean {
  return role === 'pi';
}

/** The calendar years a project period touches (empty until both ends are known), at most maxSupportYears. */
export function periodYears(start: string | null, end: string | null): number[] {
  if (!start || !end) return [];
  const first = Number(start.slice(0, 4));
  const last = Math.min(Number(end.slice(0, 4)), first + maxSupportYears - 1);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
}

/** Each year of the period and any other year entered, in order, with its person-months or null. */
export function yearsWithMonths(period: number[], entered: { year: number; personMonths: number }[]) {
  const byYear = new Map(entered.map((y) => [y.year, y.personMonths]));
  const years = [...new Set([...period, ...byYear.keys()])].sort((a, b) => a - b);
  return years.map((year) => ({ year, personMonths: byYear.get(year) ?? null }));
}

/** The role shown: the one entered; the application's PI is PI when none was. */
export function roleOf(entered: SupportRole | null, isPi: boolean): SupportRole | null {
  return entered ?? (isPi ? 'pi' : null);
}

type EntryFacts = {
  kind: 'current' | 'pending';
  awardNumber: string | null;
  amount: number | null;
  projectStart: string | null;
  projectEnd: string | null;
  personMonths: { year: number; personMonths: number | null }[];
  role: SupportRole | null;
  overlapStatement: string | null;
};

/** What an entry lacks, in the order of the document's fields. */
export function missingOf(entry: EntryFacts): MissingValue[] {
  const missing: MissingValue[] = [];
  if (entry.kind === 'current' && !entry.awardNumber) missing.push({ field: 'awardNumber', label: 'award number' });
  if (entry.amount === null) {
    missing.push({ field: 'amount', label: entry.kind === 'current' ? 'amount awarded' : 'amount requested' });
  }
  const periodKnown = Boolean(entry.projectStart && entry.projectEnd);
  if (!periodKnown) missing.push({ field: 'period', label: 'project period (start and end)' });
  const gaps = entry.personMonths.filter((y) => y.personMonths === null);
  for (const gap of gaps) missing.push({ field: 'personMonths', label: `person-months for ${gap.year}` });
  if (entry.personMonths.length === 0) missing.push({ field: 'personMonths', label: 'person-months per year' });
  if (!entry.role) missing.push({ field: 'role', label: 'role' });
  if (!entry.overlapStatement) missing.push({ field: 'overlap', label: 'overlap statement' });
  return missing;
}
