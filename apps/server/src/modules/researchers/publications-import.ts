// Publications from a BibTeX or RIS file or an ORCID record. A publication
// already on the profile, by DOI or else by normalised title and year, is a
// duplicate and is not added again, so importing the same file twice adds
// nothing. Files are parsed in a worker thread with a deadline and a memory
// ceiling (publications-parse.ts says how): a hostile file costs its sender a
// refusal, never the other users their server.
import { withTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { workerModule } from '../../lib/project-paths';
import { workerPool, WorkerLimitError } from '../../lib/worker-pool';
import type { Actor } from '../../plugins/types';
import { normaliseDoi } from './dois';
import { fetchOrcidWorks, isValidOrcid, normaliseOrcid } from './orcid';
import { insertPublication, listProfileItems, upsertProfileFields } from './profile.repository';
import type { EntryError, ImportedPublication, ParseOutcome } from './publications-parse';

export type { ImportedPublication } from './publications-parse';
export type PublicationImportResult = { added: number; duplicates: number; errors: EntryError[] };

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

export async function importPublications(db: Db, actor: Actor, text: string): Promise<PublicationImportResult> {
  const { items, errors } = await readPublicationFile(text);
  return { ...(await addNewPublications(db, actor, items)), errors };
}

/** Adds what the profile does not have yet (by DOI, else by normalised title and year). */
export async function addNewPublications(
  db: Db,
  actor: Actor,
  items: ImportedPublication[],
  then?: (tx: Db) => Promise<void>,
): Promise<{ added: number; duplicates: number }> {
  const existing = (await listProfileItems(db, actor.id)).publications;
  const dois = new Set(existing.map((p) => p.doi).filter(Boolean));
  const titles = new Set(existing.map((p) => titleKey(p.title, p.year)));
  const fresh: ImportedPublication[] = [];
  let duplicates = 0;
  for (const item of items) {
    const key = titleKey(item.title, item.year);
    const doi = normaliseDoi(item.doi);
    if ((doi && dois.has(doi)) || titles.has(key)) {
      duplicates++;
      continue;
    }
    fresh.push({ ...item, doi: normaliseDoi(item.doi) });
    if (doi) dois.add(doi);
    titles.add(key);
  }
  await withTransaction(db, async (tx) => {
    for (const item of fresh) await insertPublication(tx, { userId: actor.id, ...item });
    await then?.(tx);
  });
  return { added: fresh.length, duplicates };
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
  const result = await addNewPublications(db, actor, works, (tx) => upsertProfileFields(tx, actor.id, { orcid }));
  return { ...result, errors: [] };
}
