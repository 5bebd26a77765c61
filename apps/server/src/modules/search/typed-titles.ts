// A grant's title typed whole (decision 042, known items). Titles say words
// the query reader takes as constraints: "Research Without Walls" is not
// "research" leaving out "walls", "… for a Tribal Government" is no filter on
// who may apply, "… No Deadline" no filter on closing dates. When the words
// of what was typed are, in order, the words of a grant's title, they are
// read as words only, so the title is found and not filtered out by itself.
// Both the search box (planSearch) and the assistant read queries here.
import { isDeepStrictEqual } from 'node:util';
import type { Db } from '../../db/client';
import { findTitlesSaying } from './search.repository';
import { parseQuery, plainWordsOf, type ParsedQuery } from './query-parser';

/** How a title is asked for around it: "find …", "show me the grant …", quotes. */
const asking =
  /^\s*(?:please\s+)?(?:(?:can you\s+)?(?:find|show(?:\s+me)?|search(?:\s+for)?|look(?:\s+for|\s+up)|looking\s+for|i(?:'m|\s+am)\s+looking\s+for)\s+)?(?:the\s+)?(?:(?:grant|call|opportunity|funding opportunity)\s*(?:called|named|titled)?\s*:?\s+)?/;

/** What was typed without how it is asked for ("find the grant called …", quotes). */
const bareOf = (text: string) =>
  text.toLowerCase().replace(/[“”"]/g, ' ').replace(/[‘’]/g, "'").replace(asking, ' ').replace(/'/g, ' ').trim();

/** Words as a title is compared: every word, stop words too, in order. */
const tokensOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/** The words a search looks for in a title typed into `text`. */
export const typedTitleWords = (text: string) => plainWordsOf(bareOf(text));

/**
 * Whether some grant's title (any status, any version) is `text`, word for word, once how it is asked for is
 * set aside. Looked up as a phrase (the title index), compared word for word.
 */
export async function isGrantTitle(db: Db, text: string): Promise<boolean> {
  const bare = bareOf(text);
  // No title runs longer (the longest in the shipped Grants.gov extract has 255 characters).
  if (bare.length > 400 || typedTitleWords(text).length < 2) return false;
  // As typed too: a title may begin with the words taken for how it is asked ("Grant Writing Workshops").
  const wanted = new Set([tokensOf(bare), tokensOf(text)]);
  return (await findTitlesSaying(db, bare)).some((title) => wanted.has(tokensOf(title)));
}

/** What nothing typed reads as: no words, no constraint (the same whatever the day). */
const noReading = parseQuery('');

/**
 * `text` as the search reads it: `parseQuery`'s reading, unless that took
 * some of the words as constraints and all of them are a grant's title typed
 * whole (two words or more), when it is those words and nothing else.
 */
export async function readQuery(db: Db, text: string, now: Date): Promise<ParsedQuery> {
  const parsed = parseQuery(text, now);
  // Only a reading with a constraint can lose its own title (no look-up otherwise).
  if (isDeepStrictEqual({ ...parsed, keywords: [] }, noReading) || !(await isGrantTitle(db, text))) return parsed;
  return { ...structuredClone(noReading), keywords: typedTitleWords(text) };
}
