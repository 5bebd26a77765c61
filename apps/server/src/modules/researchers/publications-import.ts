// Publications from a BibTeX or RIS file (or text pasted from one) or an
// ORCID record. A publication already on the profile, by DOI or else by
// normalised title and year, is a duplicate and is not added again, so
// importing the same file twice adds nothing; the answer names each entry
// added and each skipped, by its number in the file. Files are parsed in a worker thread with a deadline and a memory
// ceiling (publications-parse.ts says how): a hostile file costs its sender a
// refusal, never the other users their server.
import type { PublicationsImportResult } from '@grantbridge/contract/profile';
import { withTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { workerModule } from '../../lib/project-paths';
import { workerPool, WorkerLimitError } from '../../lib/worker-pool';
import type { Actor } from '../../plugins/types';
import { normaliseDoi } from './dois';
import { fetchOrcidWorks, isValidOrcid, normaliseOrcid } from './orcid';
import { insertPublication, listProfileItems, upsertProfileFields } from './profile.repository';
import type { ImportedPublication, ParseOutcome } from './publications-parse';

export type { ImportedPublication } from './publications-parse';
/** A publication and its entry's number in the file (or the ORCID record), from 1. */
type NumberedPublication = ImportedPublication & { entry: number };

/** A file that takes longer than this to read is refused. */
export const parseDeadlineMs = 10_000;
const parser = workerPool<string, ParseOutcome>(workerModule('publications-parse', import.meta.url), {
  maxThreads: 2,
  memoryMb: 256,
  maxQueue: 16,
});

/** The publications of a BibTeX or RIS text, read off the main thread. */
export async function readPublicationFile(text: string, deadlineMs = parseDeadlineMs) {
  let outcome: ParseOutcome;
  try {
    outcome = await parser.run(text, deadlineMs);
  } catch (error) {
    if (!(error instanceof WorkerLimitError)) throw error;
    if (error.limit === 'busy') {
      throw new AppError('unavailable', 'Many files are being read just now. Try again in a minute.', {
        meta: { retryAfterSeconds: 30 },
      });
    }
    throw new AppError(
      'validation_failed',
      error.limit === 'time'
        ? `The file took longer than ${Math.ceil(deadlineMs / 1000)} s to read, so it was not imported. Split it into smaller files.`
        : 'The file needs too much memory to read, so it was not imported. Split it into smaller files.',
    );
  }
  if (!outcome.ok) throw new AppError('validation_failed', outcome.problem);
  return outcome;
}

const titleKey = (title: string, year: number | null) =>
  `${title.toLowerCase().normalize('NFKD').replace(/[^\p{L}\p{N}]+/gu, ' ').trim()}|${year ?? ''}`;

export async function importPublications(db: Db, actor: Actor, text: string): Promise<PublicationsImportResult> {
  const { items, errors } = await readPublicationFile(text);
  // The parser numbers entries in file order and reports each one either as
  // an item or as an error, so the items take the numbers the errors leave.
  const failed = new Set(errors.map((e) => e.entry));
  let entry = 0;
  const numbered = items.map((item) => {
    entry++;
    while (failed.has(entry)) entry++;
    return { ...item, entry };
  });
  return { ...(await addNewPublications(db, actor, numbered)), errors };
}

/**
 * Adds what the profile does not have yet (by DOI, else by normalised title
 * and year), and says which entries it added and which it skipped.
 */
export async function addNewPublications(
  db: Db,
  actor: Actor,
  items: NumberedPublication[],
  then?: (tx: Db) => Promise<void>,
): Promise<Omit<PublicationsImportResult, 'errors'>> {
  const existing = (await listProfileItems(db, actor.id)).publications;
  const onProfile = {
    dois: new Set(existing.flatMap((p) => (p.doi ? [p.doi] : []))),
    titles: new Set(existing.map((p) => titleKey(p.title, p.year))),
  };
  const inFile = { dois: new Set<string>(), titles: new Set<string>() };
  const fresh: NumberedPublication[] = [];
  const duplicateEntries: PublicationsImportResult['duplicateEntries'] = [];
  for (const item of items) {
    const key = titleKey(item.title, item.year);
    const doi = normaliseDoi(item.doi);
    const has = (seen: typeof inFile) => (doi && seen.dois.has(doi)) || seen.titles.has(key);
    const alreadyIn = has(onProfile) ? 'profile' : has(inFile) ? 'file' : null;
    if (alreadyIn) {
      duplicateEntries.push({ entry: item.entry, title: item.title, alreadyIn });
      continue;
    }
    fresh.push({ ...item, doi });
    if (doi) inFile.dois.add(doi);
    inFile.titles.add(key);
  }
  await withTransaction(db, async (tx) => {
    for (const { entry: _entry, ...item } of fresh) await insertPublication(tx, { userId: actor.id, ...item });
    await then?.(tx);
  });
  return {
    added: fresh.length,
    duplicates: duplicateEntries.length,
    addedEntries: fresh.map(({ entry, title }) => ({ entry, title })),
    duplicateEntries,
  };
}

/** Imports the public works of an ORCID record and remembers the iD on the profile. */
export async function importFromOrcid(db: Db, apiUrl: string, actor: Actor, input: string) {
  const orcid = normaliseOrcid(input);
  if (!isValidOrcid(orcid)) {
    throw new AppError('validation_failed', 'That is not a valid ORCID iD.', {
      errors: [{ path: 'orcid', message: 'An ORCID iD looks like 0000-0002-1825-0097 (the last character is a check digit)' }],
    });
  }
  const works = await fetchOrcidWorks(apiUrl, orcid);
  const numbered = works.map((work, index) => ({ ...work, entry: index + 1 }));
  const result = await addNewPublications(db, actor, numbered, (tx) => upsertProfileFields(tx, actor.id, { orcid }));
  return { ...result, errors: [] };
}
