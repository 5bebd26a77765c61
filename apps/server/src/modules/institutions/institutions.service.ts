// Institutions: the shipped US list (reference data), e-mail domain look-up,
// and the search behind the university picker.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { InstitutionSummary } from '@grantbridge/contract/institutions';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { acceptsSignIns } from './institutions.policy';
import {
  countInstitutions,
  findInstitutionByDomains,
  findInstitutionById,
  findInstitutionByName,
  findPipelineSettings,
  updateInternalDeadlineLeadTime,
  updatePasswordSignIn,
  insertInstitution,
  searchInstitutionRows,
  setInstitutionOnboarded,
  upsertInstitutions,
  type NewInstitution,
} from './institutions.repository';

const minorWords = new Set(['of', 'the', 'at', 'and', 'in', 'for', 'a', 'an', '&', 'de', 'la']);

/** "University of California, Los Angeles" → ["ucla", "uocla"]; domain stems like "mit" too. */
export function abbreviationsFor(name: string, domains: string[]): string[] {
  const words = name
    .toLowerCase()
    .replace(/[^a-z0-9&\s-]/g, ' ')
    .split(/[\s-]+/)
    .filter(Boolean);
  const out = new Set<string>();
  const significant = words.filter((w) => !minorWords.has(w));
  if (significant.length >= 2) out.add(significant.map((w) => w[0]).join(''));
  if (words.length >= 2) out.add(words.filter((w) => w !== '&').map((w) => w[0]).join(''));
  for (const domain of domains) {
    const parts = domain.split('.');
    const stem = parts.length >= 2 ? parts[parts.length - 2] : parts[0];
    if (stem && stem.length >= 2) out.add(stem);
  }
  return [...out].filter((a) => a.length >= 2);
}

export function searchTextFor(name: string, domains: string[], abbreviations: string[]): string {
  const plain = name.toLowerCase().replace(/[^a-z0-9&\s]/g, ' ').replace(/\s+/g, ' ').trim();
  return [name.toLowerCase(), plain, ...domains, ...abbreviations].join(' | ');
}

export function normaliseQuery(q: string) {
  const whole = q.toLowerCase().replace(/[^a-z0-9&\s]/g, ' ').replace(/\s+/g, ' ').trim();
  const words = whole.split(' ').filter((w) => w && !minorWords.has(w));
  return { whole, words };
}

export async function searchInstitutions(
  db: Db,
  q: string,
  limit: number,
): Promise<InstitutionSummary[]> {
  const { whole, words } = normaliseQuery(q);
  return searchInstitutionRows(db, words, whole, limit);
}

/** bio.example.edu → example.edu: the most specific domain that an institution owns. */
export async function findInstitutionForEmail(db: Db, email: string) {
  const domain = email.trim().toLowerCase().split('@')[1];
  if (!domain) return undefined;
  const labels = domain.split('.');
  const candidates: string[] = [];
  for (let i = 0; i < labels.length - 1; i++) candidates.push(labels.slice(i).join('.'));
  if (candidates.length === 0) return undefined;
  const rows = await findInstitutionByDomains(db, candidates);
  const specificity = (row: { domains: string[] }) =>
    Math.max(...row.domains.filter((d) => candidates.includes(d)).map((d) => d.length));
  return rows.sort((a, b) => specificity(b) - specificity(a))[0];
}

/** The institution an e-mail signs in at; institution_not_onboarded when it has no GrantBridge account. */
export async function findSignInInstitution(db: Db, email: string) {
  const institution = await findInstitutionForEmail(db, email);
  if (!acceptsSignIns(institution)) {
    throw new AppError('institution_not_onboarded', 'Your institution does not have a GrantBridge account yet.');
  }
  return institution;
}

export { findInstitutionById, findInstitutionByName, countInstitutions, setInstitutionOnboarded };
export { acceptsSignIns };

/** Turns password sign-in on or off for the institution's people (the sso module, decision 057). */
export async function setPasswordSignIn(db: Db, institutionId: string, allowed: boolean) {
  await updatePasswordSignIn(db, institutionId, allowed);
}

export function toInstitutionRow(entry: {
  name: string;
  domains: string[];
  webPages?: string[];
  state?: string | null;
  onboarded?: boolean;
  isDemo?: boolean;
}): NewInstitution {
  const domains = entry.domains.map((d) => d.toLowerCase());
  const abbreviations = abbreviationsFor(entry.name, domains);
  return {
    name: entry.name,
    nameKey: entry.name.toLowerCase(),
    domains,
    webPages: entry.webPages ?? [],
    state: entry.state ?? null,
    abbreviations,
    searchText: searchTextFor(entry.name, domains, abbreviations),
    onboarded: entry.onboarded ?? false,
    isDemo: entry.isDemo ?? false,
  };
}

export async function createInstitution(db: Db, entry: Parameters<typeof toInstitutionRow>[0]) {
  return insertInstitution(db, toInstitutionRow(entry));
}

type ShippedInstitution = {
  name: string;
  domains: string[];
  web_pages: string[];
  'state-province': string | null;
};

/** Loads the shipped US list. Returns a fingerprint so callers can skip unchanged data. */
export function readShippedInstitutions(dataDir: string) {
  const file = path.join(dataDir, 'institutions', 'us-institutions.json');
  const text = fs.readFileSync(file, 'utf8');
  const fingerprint = crypto.createHash('sha256').update(text).digest('hex').slice(0, 16);
  const entries = JSON.parse(text) as ShippedInstitution[];
  return { fingerprint, entries };
}

export async function loadInstitutions(db: Db, entries: ShippedInstitution[]) {
  await upsertInstitutions(
    db,
    entries.map((e) =>
      toInstitutionRow({
        name: e.name,
        domains: e.domains,
        webPages: e.web_pages,
        state: e['state-province'],
      }),
    ),
  );
  return entries.length;
}

/** An institution's routing lead time: internal deadlines fall this many business days before the sponsor's. */
export async function getPipelineSettings(db: Db, institutionId: string) {
  const row = await findPipelineSettings(db, institutionId);
  return row ? { id: row.id, name: row.name, internalDeadlineBusinessDays: row.leadDays } : null;
}

export async function setInternalDeadlineLeadTime(db: Db, institutionId: string, days: number) {
  await updateInternalDeadlineLeadTime(db, institutionId, days);
  return getPipelineSettings(db, institutionId);
}
