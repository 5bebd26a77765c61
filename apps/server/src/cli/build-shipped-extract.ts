// `node --import tsx apps/server/src/cli/build-shipped-extract.ts [--from ../shared/data/grants]`
// Builds the product's shipped grants data from the shared research data:
// data/grants/grants-extract.xml (the opportunities in the current Grants.gov
// extract format, loaded on first start by the real importer) and trimmed
// copies of the code tables, agencies and Assistance Listings.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import {
  extractFooter,
  extractHeader,
  opportunityXml,
  readAgencies,
  readOpportunities,
} from '../modules/grants/import/extract-writer';

/**
 * The listing scrape these records came from lost some non-ASCII characters:
 * an apostrophe became "?" ("Department?s") and others the mojibake of U+FFFD
 * ("Mozambiqueï¿½s", "Great Lakes ï¿½ Northern"). Only those exact shapes are
 * repaired; nothing else in the text changes.
 */
export function repairScrapedText(text: string | null): string | null {
  if (!text) return text;
  const lost = 'ï¿½';
  return text
    .replace(/([A-Za-z])\?s\b/g, '$1’s')
    .replaceAll(`${lost}s `, '’s ')
    .replaceAll(`Yaound${lost}`, 'Yaoundé')
    .replaceAll(` ${lost} `, ' – ')
    .replace(new RegExp(`${lost}(?=\\s)`, 'g'), ' –')
    .replace(new RegExp(`\\s*${lost}$`), '')
    .replaceAll(lost, '');
}

function main() {
  const config = loadConfig();
  const { values } = parseArgs({ options: { from: { type: 'string' } } });
  const fromDir = path.resolve(values.from ?? path.join(config.projectRoot, '../shared/data/grants'));
  const outDir = path.join(config.projectRoot, 'data', 'grants');
  fs.mkdirSync(outDir, { recursive: true });

  const opportunities = readOpportunities(fromDir).map((o) => ({
    ...o,
    title: repairScrapedText(o.title),
    description: repairScrapedText(o.description),
    eligibilityText: repairScrapedText(o.eligibilityText),
  }));
  const agencies = readAgencies(fromDir);
  const out = fs.createWriteStream(path.join(outDir, 'grants-extract.xml'));
  out.write(extractHeader);
  for (const o of opportunities) out.write(opportunityXml(o, agencies));
  out.end(extractFooter);

  // Trimmed reference copies: only what the product reads.
  const listings = JSON.parse(fs.readFileSync(path.join(fromDir, 'assistance-listings.json'), 'utf8')) as {
    cfda: string;
    title: string;
    objective: string | null;
    agency: string | null;
    subAgency: string | null;
  }[];
  const trimmed = listings
    .map((l) => ({ number: l.cfda, title: l.title, agency: l.subAgency && l.subAgency !== 'N/A' ? `${l.agency} / ${l.subAgency}` : l.agency, objective: l.objective }))
    .sort((a, b) => a.number.localeCompare(b.number));
  fs.writeFileSync(path.join(outDir, 'assistance-listings.json'), `${JSON.stringify(trimmed)}\n`);

  const codeTables = JSON.parse(fs.readFileSync(path.join(fromDir, 'code-tables.json'), 'utf8')) as Record<
    string,
    { code: string; label: string }[]
  >;
  const compactTables = Object.fromEntries(
    Object.entries(codeTables).map(([name, rows]) => [name, rows.map((r) => ({ code: r.code, label: r.label }))]),
  );
  fs.writeFileSync(path.join(outDir, 'code-tables.json'), `${JSON.stringify(compactTables, null, 1)}\n`);
  fs.writeFileSync(
    path.join(outDir, 'agencies.json'),
    `${JSON.stringify([...agencies.values()].map((a) => ({ code: a.agencyCode, name: a.agencyName, parent: a.topLevelAgencyCode })), null, 1)}\n`,
  );
  out.on('finish', () => {
    console.log(`Wrote ${opportunities.length} opportunities and ${trimmed.length} Assistance Listings to ${outDir}`);
  });
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) main();
