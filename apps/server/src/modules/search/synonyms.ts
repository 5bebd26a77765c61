// The field's synonyms and acronyms (data/search/synonyms.json), applied at
// query time: a query word that is a key also matches its terms, so "wildfire"
// finds "wildland fire" and "OUD" finds "opioid use disorder"
// (docs/decisions/025-synonyms.md). Data, not code: read once per process.
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../lib/project-paths';

const file = path.join(projectRoot, 'data/search/synonyms.json');

let table: Map<string, string[]> | null = null;

/** Checks and reads a synonyms document: lower-case keys and terms of letters, digits, spaces and hyphens. */
export function readSynonyms(text: string): Map<string, string[]> {
  const parsed = JSON.parse(text) as { terms?: Record<string, unknown> };
  const map = new Map<string, string[]>();
  for (const [key, terms] of Object.entries(parsed.terms ?? {})) {
    const valid = (t: unknown): t is string =>
      typeof t === 'string' && /^[a-z0-9]+(?:[ -][a-z0-9]+)*$/.test(t);
    if (!valid(key) || key.includes(' ') || !Array.isArray(terms) || !terms.every(valid)) {
      throw new Error(`synonyms: bad entry "${key}"`);
    }
    map.set(
      key,
      terms.filter((t) => t !== key),
    );
  }
  return map;
}

/** The other terms a query word also matches (lower case), or none. */
export function synonymsOf(word: string): string[] {
  table ??= readSynonyms(fs.readFileSync(file, 'utf8'));
  return table.get(word.toLowerCase()) ?? [];
}

/** Whether a short word (two letters) is a known acronym worth searching for ("AI", "TB", "EV"). */
export function isKnownAcronym(word: string): boolean {
  return synonymsOf(word).length > 0;
}

/** A term as to_tsquery text: one word, or its words in sequence ("wildland <-> fire"). */
export function termQuery(term: string): string {
  const words = term.split(/[^a-z0-9]+/).filter(Boolean);
  return words.length > 1 ? `(${words.join(' <-> ')})` : (words[0] ?? '');
}
