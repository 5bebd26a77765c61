// Publications from a BibTeX or RIS file (the format told from the content),
// parsed by citation-js into CSL-JSON. A publication already on the profile,
// by DOI or else by normalised title and year, is a duplicate and is not added
// again, so importing the same file twice adds nothing. RIS files are read one
// record (TY … ER) at a time, so one bad record is reported and the rest go in.
import { Cite, plugins, type CslItem } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { withTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import { normaliseDoi } from './profile.service';
import { fetchOrcidWorks, isValidOrcid, normaliseOrcid } from './orcid';
import { insertPublication, listProfileItems, upsertProfileFields } from './profile.repository';

export type ImportedPublication = {
  title: string;
  journal: string | null;
  year: number | null;
  authors: string | null;
  doi: string | null;
};
export type PublicationImportResult = { added: number; duplicates: number; errors: { entry: number; reason: string }[] };

export const maxImportEntries = 2000;

function yearOf(item: CslItem): number | null {
  const part = item.issued?.['date-parts']?.[0]?.[0];
  const year = Number(part ?? item.issued?.literal?.match(/\b(1[89]|20)\d{2}\b/)?.[0]);
  return Number.isInteger(year) && year >= 1900 && year <= new Date().getUTCFullYear() + 10 ? year : null;
}

function toPublication(item: CslItem, rawDoi?: string): ImportedPublication | null {
  const title = item.title?.replace(/\s+/g, ' ').trim();
  if (!title) return null;
  const authors = (item.author ?? [])
    .map((a) => a.literal ?? [a.given, a.family].filter(Boolean).join(' '))
    .filter(Boolean)
    .join(', ');
  return {
    title: title.slice(0, 500),
    journal: (item['container-title'] ?? item.publisher ?? '').trim().slice(0, 300) || null,
    year: yearOf(item),
    authors: authors ? authors.slice(0, 2000) : null,
    doi: normaliseDoi(item.DOI ?? rawDoi)?.slice(0, 200) ?? null,
  };
}

/** The publications of a BibTeX or RIS text, with the entries that could not be read. */
export function parsePublications(text: string): { items: ImportedPublication[]; errors: PublicationImportResult['errors'] } {
  const format = plugins.input.type(text.trim());
  const items: ImportedPublication[] = [];
  const errors: PublicationImportResult['errors'] = [];
  if (format.startsWith('@ris')) {
    const records = text.split(/^ER\s{2}-.*$/m).filter((r) => /^TY\s{2}-/m.test(r));
    records.forEach((record, index) => {
      try {
        const [item] = new Cite(`${record.trim()}\nER  - \n`).data;
        const publication = item ? toPublication(item, record.match(/^DO\s{2}-\s*(.+)$/m)?.[1]) : null;
        if (publication) items.push(publication);
        else errors.push({ entry: index + 1, reason: 'The record has no title' });
      } catch (error) {
        errors.push({ entry: index + 1, reason: (error as Error).message });
      }
    });
  } else if (format.startsWith('@bibtex') || format.startsWith('@biblatex')) {
    let data: CslItem[];
    try {
      data = new Cite(text).data;
    } catch (error) {
      throw new AppError('validation_failed', `The BibTeX could not be read: ${(error as Error).message}`);
    }
    data.forEach((item, index) => {
      const publication = toPublication(item);
      if (publication) items.push(publication);
      else errors.push({ entry: index + 1, reason: 'The entry has no title' });
    });
  } else {
    throw new AppError('validation_failed', 'Send a BibTeX (.bib) or RIS (.ris) file; this text is neither.');
  }
  if (items.length + errors.length > maxImportEntries) {
    throw new AppError('validation_failed', `At most ${maxImportEntries} entries per file.`);
  }
  return { items, errors };
}

const titleKey = (title: string, year: number | null) =>
  `${title.toLowerCase().normalize('NFKD').replace(/[^\p{L}\p{N}]+/gu, ' ').trim()}|${year ?? ''}`;

export async function importPublications(db: Db, actor: Actor, text: string): Promise<PublicationImportResult> {
  const { items, errors } = parsePublications(text);
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
