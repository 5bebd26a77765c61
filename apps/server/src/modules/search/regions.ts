// A continent named in a query is said by the catalogue as its countries:
// USAID and State Department calls name "Kenya" or "Zimbabwe", seldom
// "Africa". Each country is another way of saying the continent, at a lower
// weight (query-model.ts). The countries and their continents come from the
// maintained countries-list package, not a hand list.
import { countries } from 'countries-list';

/** The query words that name a continent, by countries-list's continent code. */
const continentWords: Record<string, string> = {
  africa: 'AF',
  african: 'AF',
  asia: 'AS',
  asian: 'AS',
  europe: 'EU',
  european: 'EU',
  oceania: 'OC',
};

/** Regions said as one hyphenated word (query-parser.ts): their continents, less the countries outside them. */
const regionWords: Record<string, { continents: string[]; outside: string[] }> = {
  'latin-america': { continents: ['SA', 'NA'], outside: ['united states', 'canada', 'greenland', 'bermuda', 'saint pierre and miquelon'] },
  'south-america': { continents: ['SA'], outside: [] },
};

/** Country names that are more often other things in grant text (a US state, a name, a bird). */
const otherwise = new Set(['georgia', 'jordan', 'chad', 'turkey']);

const byContinent = new Map<string, string[]>();
for (const country of Object.values(countries)) {
  const name = country.name.toLowerCase().replace(/[^a-z -]+/g, '').replace(/\s+/g, ' ').trim();
  if (!name || otherwise.has(name)) continue;
  const list = byContinent.get(country.continent) ?? [];
  list.push(name);
  byContinent.set(country.continent, list);
}

/** The countries a query word's continent holds ("africa": kenya, zimbabwe, …), or none for any other word. */
export function countriesOf(word: string): string[] {
  const region = regionWords[word];
  if (region) return region.continents.flatMap((c) => byContinent.get(c) ?? []).filter((name) => !region.outside.includes(name));
  const code = continentWords[word];
  return code ? (byContinent.get(code) ?? []) : [];
}
