// Publications from a BibTeX or RIS text, parsed by citation-js into
// CSL-JSON (the format told from the content). RIS files are read one record
// (TY … ER) at a time, so one bad record is reported and the rest go in.
// Runs in a worker thread (publications-parse.worker.ts) under a deadline: it
// answers a result or a problem, never throws, because an error crossing the
// thread boundary loses its class.
import { Cite, plugins, type CslItem } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { normaliseDoi } from './dois';
import { bibtexExpansionSize } from './bibtex-budget';

export type ImportedPublication = {
  title: string;
  journal: string | null;
  year: number | null;
  authors: string | null;
  doi: string | null;
};
export type EntryError = { entry: number; reason: string };
export type ParseOutcome =
  | { ok: true; items: ImportedPublication[]; errors: EntryError[] }
  | { ok: false; problem: string };

export const maxImportEntries = 2000;
/** The longest a field may become once @string macros are expanded. */
export const maxExpandedField = 50_000;
/** All fields of a file together, expanded. */
export const maxExpandedTotal = 10_000_000;

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

/** Why citation-js failed, in words a researcher can act on. */
function reasonOf(error: unknown): string {
  if (error instanceof RangeError) return 'its braces or quotes nest too deeply to read';
  const message = (error as Error)?.message ?? String(error);
  return message.split('\n')[0]!.slice(0, 300);
}

/** The publications of a BibTeX or RIS text, with the entries that could not be read. */
export function parsePublications(text: string): ParseOutcome {
  const format = plugins.input.type(text.trim());
  const items: ImportedPublication[] = [];
  const errors: EntryError[] = [];
  if (format.startsWith('@ris')) {
    const records = text.split(/^ER\s{2}-.*$/m).filter((r) => /^TY\s{2}-/m.test(r));
    records.forEach((record, index) => {
      try {
        const [item] = new Cite(`${record.trim()}\nER  - \n`).data;
        const publication = item ? toPublication(item, record.match(/^DO\s{2}-\s*(.+)$/m)?.[1]) : null;
        if (publication) items.push(publication);
        else errors.push({ entry: index + 1, reason: 'The record has no title' });
      } catch (error) {
        errors.push({ entry: index + 1, reason: reasonOf(error) });
      }
    });
  } else if (format.startsWith('@bibtex') || format.startsWith('@biblatex')) {
    const size = bibtexExpansionSize(text);
    if (size.longestField > maxExpandedField || size.total > maxExpandedTotal) {
      return {
        ok: false,
        problem: `Its @string macros expand to ${size.longestField > maxExpandedField ? `a field of over ${maxExpandedField.toLocaleString('en')} characters` : `over ${maxExpandedTotal.toLocaleString('en')} characters`}; a bibliography needs far less. Export it again without nested macros.`,
      };
    }
    let data: CslItem[];
    try {
      data = new Cite(text).data;
    } catch (error) {
      return { ok: false, problem: `The BibTeX could not be read: ${reasonOf(error)}.` };
    }
    data.forEach((item, index) => {
      const publication = toPublication(item);
      if (publication) items.push(publication);
      else errors.push({ entry: index + 1, reason: 'The entry has no title' });
    });
  } else {
    return { ok: false, problem: 'Send a BibTeX (.bib) or RIS (.ris) file; this text is neither.' };
  }
  if (items.length + errors.length > maxImportEntries) {
    return { ok: false, problem: `At most ${maxImportEntries} entries per file.` };
  }
  return { ok: true, items, errors };
}
