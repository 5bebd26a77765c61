// What a publications import did, in words: the counts, the titles it added
// (the first few, then how many more) and each entry it skipped, and why.
import type { PublicationsImportResult } from '@grantbridge/contract/profile';

/** Up to this many titles are named; more are counted. */
const namedTitles = 3;
/** Up to this many skipped entries are listed; more are counted. */
export const listedSkips = 10;

const quoted = (title: string) => `“${title}”`;

/** "A", "A and B", "A, B and C". */
function joinAnd(parts: string[]) {
  return parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

export type ImportSummary = {
  /** The counts, e.g. "Publications imported: 3 added, 1 could not be read." */
  headline: string;
  /** The titles added, e.g. "Added “A” and “B”.", or null when none was. */
  added: string | null;
  /** One line per skipped entry, in the file's order, e.g. "Entry 4: The entry has no title". */
  skipped: string[];
  /** Skipped entries beyond those listed. */
  moreSkipped: number;
};

export function summariseImport(result: PublicationsImportResult): ImportSummary {
  const onProfile = result.duplicateEntries.filter((e) => e.alreadyIn === 'profile').length;
  const repeated = result.duplicateEntries.length - onProfile;
  const counts = [`${result.added} added`];
  if (onProfile) counts.push(`${onProfile} already on your profile`);
  if (repeated) counts.push(`${repeated} repeated`);
  if (result.errors.length) counts.push(`${result.errors.length} could not be read`);

  const titles = result.addedEntries.map((e) => quoted(e.title));
  // "and 1 more" says less than the title would, so four are all named.
  const shown = titles.length <= namedTitles + 1 ? titles : titles.slice(0, namedTitles);
  const more = titles.length - shown.length;
  const added = titles.length
    ? `Added ${joinAnd(more ? [...shown, `${more} more`] : shown)}.`
    : null;

  const skips = [
    ...result.duplicateEntries.map((e) => ({
      entry: e.entry,
      text: `Entry ${e.entry}, ${quoted(e.title)}: ${e.alreadyIn === 'profile' ? 'already on your profile' : 'repeats an earlier entry'}`,
    })),
    ...result.errors.map((e) => ({ entry: e.entry, text: `Entry ${e.entry}: ${e.reason}` })),
  ].sort((a, b) => a.entry - b.entry);

  return {
    headline: `Publications imported: ${counts.join(', ')}.`,
    added,
    skipped: skips.slice(0, listedSkips).map((s) => s.text),
    moreSkipped: Math.max(0, skips.length - listedSkips),
  };
}
