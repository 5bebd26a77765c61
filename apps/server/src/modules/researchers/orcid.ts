// ORCID: the iD's check digit (ISO 7064 MOD 11-2, as ORCID documents it) and
// the public works of a record from the ORCID public API v3.0
// (`GET {ORCID_API_URL}/{iD}/works`, JSON). Each work group is one work; its
// first summary is ORCID's preferred version.
import { AppError } from '../../errors';
import type { ImportedPublication } from './publications-import';

/** Whether `orcid` (0000-0002-1825-0097) is well formed with a correct check digit. */
export function isValidOrcid(orcid: string): boolean {
  if (!/^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/.test(orcid)) return false;
  const digits = orcid.replace(/-/g, '');
  let total = 0;
  for (const ch of digits.slice(0, 15)) total = (total + Number(ch)) * 2;
  const remainder = total % 11;
  const result = (12 - remainder) % 11;
  const check = result === 10 ? 'X' : String(result);
  return digits[15] === check;
}

/** The iD from what people paste: a bare iD or an orcid.org address. */
export function normaliseOrcid(input: string): string {
  return input.trim().replace(/^https?:\/\/(www\.)?orcid\.org\//i, '').toUpperCase();
}

type Value = { value?: string | null } | null | undefined;
type WorkSummary = {
  title?: { title?: Value } | null;
  'journal-title'?: Value;
  'publication-date'?: { year?: Value } | null;
  'external-ids'?: { 'external-id'?: { 'external-id-type'?: string; 'external-id-value'?: string }[] } | null;
};
type WorksResponse = { group?: { 'work-summary'?: WorkSummary[] }[] };

export function worksToPublications(body: WorksResponse): ImportedPublication[] {
  const found: ImportedPublication[] = [];
  for (const group of body.group ?? []) {
    const work = group['work-summary']?.[0];
    const title = work?.title?.title?.value?.replace(/\s+/g, ' ').trim();
    if (!work || !title) continue;
    const year = Number(work['publication-date']?.year?.value);
    const doi = work['external-ids']?.['external-id']?.find((id) => id['external-id-type'] === 'doi')?.[
      'external-id-value'
    ];
    found.push({
      title: title.slice(0, 500),
      journal: work['journal-title']?.value?.trim().slice(0, 300) || null,
      year: Number.isInteger(year) && year >= 1900 ? year : null,
      authors: null,
      doi: doi ?? null,
    });
  }
  return found;
}

/** The public works of an ORCID record; 502 upstream_unavailable when ORCID cannot be reached. */
export async function fetchOrcidWorks(apiUrl: string, orcid: string): Promise<ImportedPublication[]> {
  let response: Response;
  try {
    response = await fetch(`${apiUrl}/${orcid}/works`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new AppError('upstream_unavailable', 'ORCID could not be reached. Nothing was changed; try again later.');
  }
  if (response.status === 404) {
    throw new AppError('validation_failed', `ORCID has no public record ${orcid}.`, {
      errors: [{ path: 'orcid', message: 'No public ORCID record has this iD' }],
    });
  }
  if (!response.ok) {
    throw new AppError('upstream_unavailable', `ORCID answered ${response.status}. Nothing was changed; try again later.`);
  }
  try {
    return worksToPublications((await response.json()) as WorksResponse);
  } catch {
    throw new AppError('upstream_unavailable', 'ORCID sent an answer we could not read. Nothing was changed.');
  }
}
