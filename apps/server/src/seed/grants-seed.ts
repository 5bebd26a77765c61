// Loads the shipped Grants.gov catalogue (data/grants/grants-extract.xml)
// through the real importer on first start, and again only when the file
// changes. The demo may then move the (past) real dates forward.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { researchAreaDefinitions } from '@grantbridge/contract/research-areas';
import { shippedDataDir, type Config } from '../config';
import type { Db } from '../db/client';
import { getMeta, setMeta } from '../db/meta';
import { shiftDemoGrantDates as shiftGrantDatesForDemo } from '../modules/grants/import/demo-date-shift';
import { importGrantsExtract, type ImportSummary } from '../modules/grants/import/import-extract';

/** Bump when the importer's enrichment changes, so the shipped file is re-imported (the taxonomy is hashed in too). */
const importerRevision = '2';

export function shippedExtractFile(config: Config) {
  const dir = path.join(shippedDataDir(config), 'grants');
  const plain = path.join(dir, 'grants-extract.xml');
  return fs.existsSync(plain) ? plain : `${plain}.gz`;
}

async function fingerprintOf(file: string) {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  hash.update(`importer:${importerRevision}`);
  hash.update(JSON.stringify(researchAreaDefinitions));
  const listings = path.join(path.dirname(file), 'assistance-listings.json');
  if (fs.existsSync(listings)) hash.update(`listings:${fs.statSync(listings).size}`);
  return hash.digest('hex');
}

/** Imports the shipped grants once per version of the file; returns null when already loaded. */
export async function loadShippedGrants(db: Db, config: Config): Promise<ImportSummary | null> {
  const file = shippedExtractFile(config);
  if (!fs.existsSync(file)) return null;
  const fingerprint = await fingerprintOf(file);
  if ((await getMeta(db, 'shipped_grants_fingerprint')) === fingerprint) return null;
  const summary = await importGrantsExtract(db, file, { dataDir: shippedDataDir(config) });
  await setMeta(db, 'shipped_grants_fingerprint', fingerprint);
  return summary;
}

/**
 * Demo only: the shipped opportunities are real and mostly past, so the demo
 * moves grant dates forward by the whole number of years that leaves about a
 * third of them open today. Done once per loaded version of the shipped file,
 * and then only for the grants that version's import stored or changed;
 * returns the years shifted (null when already done).
 */
export async function shiftDemoGrantDates(db: Db, today?: string): Promise<number | null> {
  const loaded = (await getMeta(db, 'shipped_grants_fingerprint')) ?? 'none';
  if ((await getMeta(db, 'demo_grants_shifted_for')) === loaded) return null;
  // After a new version of the shipped file, only what its import stored or changed moves.
  const previousAt = await getMeta(db, 'demo_grants_shifted_at');
  const previousYears = Number(await getMeta(db, 'demo_grants_shift_years'));
  const previous = previousAt && Number.isInteger(previousYears) ? { at: previousAt, years: previousYears } : null;
  const { years, shiftedAt } = await shiftGrantDatesForDemo(db, today, previous);
  await setMeta(db, 'demo_grants_shifted_for', loaded);
  await setMeta(db, 'demo_grants_shift_years', String(years));
  if (shiftedAt) await setMeta(db, 'demo_grants_shifted_at', shiftedAt);
  return years;
}
