// Which agencies a grant belongs to, whole: the acronyms of `agencyAliases`
// (the agencies a researcher names) that its agency code, agency name,
// opportunity number or Assistance Listings point to, with their parents
// (NOAA is in DOC, USGS in DOI). Grants.gov codes agencies inconsistently:
// NOAA as `DOC` or `DOC-DOCNOAAERA`, Army and Navy commands by name only,
// USAID missions by city, NASA centres by centre; any one of these signals is
// enough (docs/decisions/024-agencies-whole.md). Stored per grant at import
// (grants.agency_keys), so the agency filter is one indexed array match.
import { agencyAliases, type AgencyAlias } from '@grantbridge/contract/agencies';

type Extra = {
  /** More ways its records name it (lower case, matched as substrings of the agency name). */
  names?: string[];
  codePrefixes?: string[];
  numberPrefixes?: string[];
  /** Assistance Listing numbers' program-agency prefixes (the two digits before the dot, and more). */
  listingPrefixes?: string[];
  /** Agencies it is part of that its codes do not nest in (ONR is the Navy's). */
  parents?: string[];
};

/**
 * The version of the rules below: a start that finds grants worked out by
 * another version works them all out again (import/agency-backfill.ts).
 */
export const agencyRulesVersion = '3';

/** What `agencyAliases` does not say, by acronym. */
const extras: Record<string, Extra> = {
  NSF: { listingPrefixes: ['47.'] },
  HHS: { listingPrefixes: ['93.'] },
  CDC: { numberPrefixes: ['CDC-'] },
  HRSA: { numberPrefixes: ['HRSA-'] },
  SAMHSA: { numberPrefixes: ['TI-', 'SM-', 'SP-', 'FG-'] },
  AHRQ: { names: ['agency for health care research'] },
  FDA: { names: ['food & drug', 'food &amp; drug'] },
  DOE: {
    names: [
      'golden field office',
      'idaho field office',
      'national energy technology laboratory',
      'office of science',
      'advanced research projects agency energy',
      'arpa-e',
    ],
    numberPrefixes: ['DE-FOA-'],
    listingPrefixes: ['81.'],
  },
  NASA: {
    names: ['nasa', 'aeronautics and space'],
    numberPrefixes: ['NNH', 'NNX', 'NASA-'],
    listingPrefixes: ['43.'],
  },
  USDA: { listingPrefixes: ['10.'] },
  NIFA: { numberPrefixes: ['USDA-NIFA-'] },
  EPA: { numberPrefixes: ['EPA-'], listingPrefixes: ['66.'] },
  NOAA: {
    names: ['noaa', 'national oceanic'],
    codePrefixes: ['DOC-DOCNOAA'],
    numberPrefixes: ['NOAA-'],
    listingPrefixes: ['11.4'],
  },
  NIST: { listingPrefixes: ['11.6'] },
  DOC: { listingPrefixes: ['11.'] },
  DOD: {
    names: [
      'army',
      'navy',
      'naval',
      'air force',
      'darpa',
      'defense',
      'usamraa',
      'corps of engineers',
      'marine corps',
      'geospatial intelligence',
      'engineer research and development center',
    ],
    numberPrefixes: ['W81XWH', 'W911NF', 'N00014', 'HR0011', 'W912'],
    listingPrefixes: ['12.'],
  },
  // Army, Navy and Air Force contracting offices number their calls by their
  // DoDAAC: W (Army), N (Navy), FA (Air Force).
  ARMY: {
    names: [
      'army',
      'usamraa',
      'corps of engineers',
      'engineer research and development center',
      'acc-apg',
    ],
    numberPrefixes: ['W81', 'W90', 'W91'],
  },
  NAVY: {
    names: ['navy', 'naval', 'marine corps'],
    numberPrefixes: ['N00', 'N4', 'N6'],
  },
  USAF: {
    names: ['air force'],
    numberPrefixes: ['FA2', 'FA7', 'FA8', 'FA9', 'BAA-AFRL', 'USAFA'],
  },
  DARPA: { names: ['darpa'], numberPrefixes: ['HR0011', 'HR001'] },
  ONR: { numberPrefixes: ['N00014'], parents: ['NAVY'] },
  AFRL: {
    names: ['air force -- research lab', 'air force research lab'],
    codePrefixes: ['DOD-AFRL'],
    parents: ['USAF'],
  },
  DOI: { listingPrefixes: ['15.'] },
  USGS: { names: ['usgs'], listingPrefixes: ['15.8'] },
  FWS: { listingPrefixes: ['15.6'] },
  BLM: { listingPrefixes: ['15.2'] },
  NEH: { listingPrefixes: ['45.1'] },
  NEA: { listingPrefixes: ['45.0'] },
  ED: { listingPrefixes: ['84.'] },
  USAID: { names: ['usaid'], numberPrefixes: ['720', 'USAID-'], listingPrefixes: ['98.'] },
  DOJ: { codePrefixes: ['DOJ'], listingPrefixes: ['16.'] },
  DOS: { names: ['u.s. mission to', 'u.s. embassy'], listingPrefixes: ['19.'] },
  DOL: { listingPrefixes: ['17.'] },
  HUD: { listingPrefixes: ['14.'] },
  DHS: { names: ['fema'], listingPrefixes: ['97.'] },
  DOT: {
    names: [
      'dot ',
      'dot-',
      'dot/',
      'federal highway',
      'federal aviation',
      'faa ',
      'motor carrier',
      'hazardous material',
    ],
    listingPrefixes: ['20.'],
  },
  VA: { listingPrefixes: ['64.'] },
  IMLS: { listingPrefixes: ['45.3'] },
};

export type AgencySignals = {
  agency: string | null;
  agencyCode: string | null;
  opportunityNumber: string;
  cfdaNumbers: string[];
  /** The agency names of its Assistance Listings, where the shipped listings know them. */
  listingAgencies: string[];
};

const lower = (s: string | null) => (s ?? '').toLowerCase().replace(/\s+/g, ' ');

function namesOf(a: AgencyAlias) {
  return [a.name.toLowerCase(), ...a.aliases, ...(extras[a.acronym]?.names ?? [])];
}

/** Parents by code nesting: DOC-NOAA is inside DOC, HHS-NIH inside HHS. */
const parents = new Map<string, string[]>(
  agencyAliases.map((a) => [
    a.acronym,
    agencyAliases
      .filter(
        (p) =>
          p !== a &&
          a.codePrefixes.some((c) => p.codePrefixes.some((pc) => c.startsWith(`${pc}-`))),
      )
      .map((p) => p.acronym)
      .concat(extras[a.acronym]?.parents ?? []),
  ]),
);

/** Each agency's signals, lower-cased and listed once (the rules above, read for matching). */
const rules = agencyAliases.map((a) => {
  const extra = extras[a.acronym] ?? {};
  return {
    acronym: a.acronym,
    codePrefixes: [...a.codePrefixes, ...(extra.codePrefixes ?? [])],
    names: namesOf(a),
    numberPrefixes: extra.numberPrefixes ?? [],
    listingPrefixes: extra.listingPrefixes ?? [],
  };
});

/** Each acronym with all its parents, and theirs. */
const withParents = new Map<string, string[]>(
  agencyAliases.map((a) => {
    const keys = new Set<string>();
    const add = (acronym: string) => {
      keys.add(acronym);
      for (const p of parents.get(acronym) ?? []) if (!keys.has(p)) add(p);
    };
    add(a.acronym);
    return [a.acronym, [...keys]];
  }),
);

/**
 * A catalogue repeats its agency codes, names and listings thousands of
 * times, so what each one points to is worked out once (the rules are fixed).
 */
function memo(test: (rule: (typeof rules)[number], value: string) => boolean) {
  const cache = new Map<string, string[]>();
  return (value: string): string[] => {
    let found = cache.get(value);
    if (!found) {
      found = rules.filter((r) => test(r, value)).map((r) => r.acronym);
      if (cache.size > 20_000) cache.clear();
      cache.set(value, found);
    }
    return found;
  };
}

const byCode = memo((r, code) => r.codePrefixes.some((p) => code.startsWith(p)));
const byName = memo((r, name) => r.names.some((n) => name.includes(n)));
const byListingPrefix = memo((r, number) => r.listingPrefixes.some((p) => number.startsWith(p)));
const numberRules = rules.filter((r) => r.numberPrefixes.length > 0);

/** The acronyms a grant belongs to, parents included, sorted. */
export function agencyKeysFor(s: AgencySignals): string[] {
  const direct: string[][] = [];
  if (s.agencyCode) direct.push(byCode(s.agencyCode));
  const name = lower(s.agency);
  if (name) direct.push(byName(name));
  for (const r of numberRules)
    if (r.numberPrefixes.some((p) => s.opportunityNumber.startsWith(p))) direct.push([r.acronym]);
  for (const l of s.listingAgencies) direct.push(byName(lower(l)));
  for (const n of s.cfdaNumbers) direct.push(byListingPrefix(n));
  const keys = new Set<string>();
  for (const found of direct) for (const acronym of found) for (const k of withParents.get(acronym)!) keys.add(k);
  return [...keys].sort();
}
