// When a reading of a question finds nothing (issue 25, item 7): an empty
// list is the worst answer when a looser reading has results. The assistant
// and the search box relax in a stated order and say what they relaxed: first
// they drop words the catalogue never uses (they can only narrow), then widen
// the weakest constraint: the deadline window (to the period after it, then a
// year, then any), the amount, who may apply; then drop the least informative
// words (said by more than a tenth of the catalogue, "basic", "education")
// while something else is left to search by; then the funding instrument, the
// agency, and last the newest follow-up's words. Each step alone is tried in that order; the first
// that finds grants is the answer; when none does alone, they are taken together.
import { addIsoDays, isoDaysBetween } from '@grantbridge/contract/days';
import { agencyPhrase } from '@grantbridge/contract/agency-filter';
import type { SearchFilters } from '@grantbridge/contract/assistant';
import { formatDay, formatMoney } from '../../lib/format';
import { applicantPhrase, costSharePhrase, instrumentPhrase } from './search-results';

export type Relaxation = { filters: SearchFilters; dropped: string; kept: string };


function withGroups(filters: SearchFilters, groups: string[][]): SearchFilters {
  const kept = groups.filter((g) => g.length > 0);
  return { ...filters, keywordGroups: kept, keywords: [...new Set(kept.flat())].slice(0, 40) };
}

/** How a deadline window reads: "that close between Dec 1, 2026 and Dec 31, 2026". */
export function windowPhrase(from: string | null, to: string | null): string {
  if (from && to) return `that close between ${formatDay(from)} and ${formatDay(to)}`;
  if (to) return `that close by ${formatDay(to)}`;
  if (from) return `that close on or after ${formatDay(from)}`;
  return 'that close at any time';
}

function amountPhrase(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `with awards between ${formatMoney(min)} and ${formatMoney(max)}`;
  if (min !== null) return `with awards of at least ${formatMoney(min)}`;
  if (max !== null) return `with awards up to ${formatMoney(max)}`;
  return '';
}

/**
 * The looser readings of `filters`, in the order they are tried. `unknown`
 * says which words the catalogue never uses.
 */
const maxDay = (a: string, b: string) => (a > b ? a : b);

export function relaxations(
  filters: SearchFilters,
  unknown: (word: string) => boolean,
  today: string,
  common: (word: string) => boolean = () => false,
): Relaxation[] {
  const steps: Relaxation[] = [];
  const words = filters.keywordGroups.flat().filter((w) => !/^[-@!]/.test(w));
  const strange = words.filter(unknown);
  if (strange.length && strange.length < words.length) {
    steps.push({
      filters: withGroups(filters, filters.keywordGroups.map((g) => g.filter((w) => !strange.includes(w)))),
      dropped: `that say ${strange.map((w) => `“${w}”`).join(' or ')}`,
      kept: `without ${strange.length > 1 ? 'those words' : 'that word'}`,
    });
  }
  if (filters.dueFrom || filters.dueTo) {
    const from = filters.dueFrom ?? today;
    const to = filters.dueTo;
    if (to) {
      const length = Math.max(isoDaysBetween(from, to), 30);
      const next = { dueFrom: addIsoDays(to, 1), dueTo: addIsoDays(to, 1 + length) };
      steps.push({ filters: { ...filters, ...next }, dropped: windowPhrase(filters.dueFrom, filters.dueTo), kept: windowPhrase(next.dueFrom, next.dueTo) });
      const year = { dueFrom: from < today ? today : from, dueTo: maxDay(to, addIsoDays(today, 365)) };
      if (year.dueTo !== next.dueTo)
        steps.push({ filters: { ...filters, ...year }, dropped: windowPhrase(filters.dueFrom, filters.dueTo), kept: windowPhrase(year.dueFrom, year.dueTo) });
    }
    steps.push({ filters: { ...filters, dueFrom: null, dueTo: null }, dropped: windowPhrase(filters.dueFrom, filters.dueTo), kept: 'with any deadline' });
  }
  if (filters.noDeadline) steps.push({ filters: { ...filters, noDeadline: false }, dropped: 'with no fixed deadline', kept: 'with any deadline' });
  if (filters.amountMin !== null || filters.amountMax !== null) {
    steps.push({ filters: { ...filters, amountMin: null, amountMax: null }, dropped: amountPhrase(filters.amountMin, filters.amountMax), kept: 'of any amount' });
  }
  if (filters.noCostShare) steps.push({ filters: { ...filters, noCostShare: false }, dropped: costSharePhrase, kept: 'whether or not cost sharing is required' });
  const who = filters.keywordGroups.flat().filter((w) => w.startsWith('@'));
  if (who.length || filters.eligibility.length) {
    steps.push({
      filters: { ...withGroups(filters, filters.keywordGroups.map((g) => g.filter((w) => !w.startsWith('@')))), eligibility: [] },
      dropped: `open to ${[...who.map((w) => w.slice(1)), ...filters.eligibility].map(applicantPhrase).join(' and ')}`,
      kept: 'whoever may apply',
    });
  }
  const known = words.filter((w) => !strange.includes(w));
  const generic = known.filter(common);
  const constrained =
    filters.agency !== null ||
    filters.amountMin !== null ||
    filters.amountMax !== null ||
    filters.dueFrom !== null ||
    filters.dueTo !== null ||
    filters.noCostShare ||
    who.length > 0 ||
    filters.eligibility.length > 0;
  if (generic.length && (generic.length < known.length || constrained)) {
    steps.push({
      filters: withGroups(filters, filters.keywordGroups.map((g) => g.filter((w) => !generic.includes(w)))),
      dropped: `that say ${generic.map((w) => `“${w}”`).join(' or ')}`,
      kept: `without ${generic.length > 1 ? 'those words' : 'that word'}`,
    });
  }
  if (filters.instruments.length)
    steps.push({ filters: { ...filters, instruments: [] }, dropped: instrumentPhrase(filters.instruments), kept: 'funded any way' });
  if (filters.agency) steps.push({ filters: { ...filters, agency: null }, dropped: `from ${agencyPhrase(filters.agency)}`, kept: 'from any agency' });
  if (filters.keywordGroups.length > 1) {
    const last = filters.keywordGroups[filters.keywordGroups.length - 1]!;
    steps.push({
      filters: withGroups(filters, filters.keywordGroups.slice(0, -1)),
      dropped: `about ${last.filter((w) => !/^[-@!]/.test(w)).map((w) => `“${w}”`).join(', ') || 'the last words'}`,
      kept: 'without the last words',
    });
  }
  return steps;
}

/** Every step of `steps` together: the loosest reading. */
export function allRelaxed(filters: SearchFilters, steps: Relaxation[]): SearchFilters {
  let loosest = filters;
  for (const step of steps) {
    const f = step.filters;
    loosest = {
      ...loosest,
      dueFrom: f.dueFrom === filters.dueFrom ? loosest.dueFrom : null,
      dueTo: f.dueTo === filters.dueTo ? loosest.dueTo : null,
      noDeadline: f.noDeadline === filters.noDeadline ? loosest.noDeadline : false,
      noCostShare: f.noCostShare === filters.noCostShare ? loosest.noCostShare : false,
      amountMin: f.amountMin === filters.amountMin ? loosest.amountMin : null,
      amountMax: f.amountMax === filters.amountMax ? loosest.amountMax : null,
      agency: f.agency === filters.agency ? loosest.agency : null,
      instruments: f.instruments.length === filters.instruments.length ? loosest.instruments : [],
      eligibility: f.eligibility.length === filters.eligibility.length ? loosest.eligibility : [],
    };
  }
  const keep = (w: string) => steps.every((s) => s.filters.keywordGroups.flat().includes(w) || !filters.keywordGroups.flat().includes(w));
  return withGroups(loosest, loosest.keywordGroups.map((g) => g.filter(keep)));
}
