// `npm run relevance:known-items`: writes the known-item test set
// (data/relevance/test/known-items.json) by the blind procedure of
// data/relevance/GUIDE.md: records drawn from the shipped catalogue by a
// seeded random generator, each turned into a query by a fixed rule (an
// opportunity number typed loosely, an exact title, a part of a title, an
// Assistance Listing number), and the relevant records found by the same
// mechanical rule, never by running a search. The same seed gives the same set.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { projectRoot, withShippedCatalogue } from './relevance-catalogue';

export type KnownItem = { query: string; kind: 'number' | 'title' | 'partial-title' | 'listing'; relevant: string[]; note: string };

type Row = { opportunity_number: string; title: string; agency: string | null; cfda_numbers: string[] };

/** mulberry32 over a string's FNV-1a hash: small, seeded, reproducible everywhere. */
export function seededRandom(seed: string) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const normalise = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
const compact = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const spanStopWords = new Set('a an and as at by for from in of on or the to with not'.split(' '));

export function buildKnownItems(rows: Row[], seed = 'grantbridge-test-2026-11-27'): KnownItem[] {
  const random = seededRandom(seed);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const titled = rows.filter((r) => {
    const words = normalise(r.title).split(' ');
    return words.length >= 4 && compact(r.title) !== compact(r.opportunity_number) && /[a-z]{4}/i.test(r.title);
  });
  const sameCall = (target: Row) =>
    rows
      .filter(
        (r) =>
          compact(r.opportunity_number) === compact(target.opportunity_number) ||
          (normalise(r.title) === normalise(target.title) && (r.agency ?? '') === (target.agency ?? '')),
      )
      .map((r) => r.opportunity_number);
  const used = new Set<string>();
  const items: KnownItem[] = [];

  for (let i = 0; items.length < 12; i++) {
    const r = pick(titled);
    if (used.has(r.opportunity_number) || !/[a-z]/i.test(r.opportunity_number)) continue;
    used.add(r.opportunity_number);
    const n = r.opportunity_number;
    const query = [n.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim(), n.toLowerCase(), n][items.length % 3]!;
    items.push({ query, kind: 'number', relevant: [...new Set(sameCall(r))], note: `opportunity number of "${r.title}"` });
  }
  while (items.length < 22) {
    const r = pick(titled);
    if (used.has(r.opportunity_number)) continue;
    used.add(r.opportunity_number);
    const relevant = rows.filter((x) => normalise(x.title) === normalise(r.title)).map((x) => x.opportunity_number);
    items.push({ query: r.title, kind: 'title', relevant, note: 'the exact title; every record with that title' });
  }
  while (items.length < 32) {
    const r = pick(titled);
    // Words before any parenthesis (a mechanism code or a trial note is not what a person recalls).
    const words = normalise(r.title.split('(')[0]!).split(' ');
    const length = 3 + Math.floor(random() * 4);
    if (words.length < length + 1) continue;
    const start = Math.floor(random() * (words.length - length + 1));
    const span = words.slice(start, start + length);
    if (spanStopWords.has(span[0]!) || spanStopWords.has(span[span.length - 1]!)) continue;
    if (span.filter((w) => w.length >= 4 && /[a-z]/.test(w)).length < 2) continue;
    const phrase = span.join(' ');
    if (items.some((x) => x.query === phrase)) continue;
    const relevant = rows.filter((x) => ` ${normalise(x.title)} `.includes(` ${phrase} `)).map((x) => x.opportunity_number);
    if (relevant.length > 15) continue;
    items.push({ query: phrase, kind: 'partial-title', relevant, note: `part of "${r.title}"; every record whose title says it` });
  }
  const listings = [...new Set(rows.flatMap((r) => r.cfda_numbers))].sort();
  const formats = [(n: string) => n, (n: string) => `CFDA ${n}`, (n: string) => `assistance listing ${n}`, (n: string) => `ALN ${n}`];
  while (items.length < 40) {
    const n = pick(listings);
    if (items.some((x) => x.query.endsWith(` ${n}`) || x.query === n)) continue;
    const relevant = rows.filter((r) => r.cfda_numbers.includes(n)).map((r) => r.opportunity_number);
    items.push({ query: formats[(items.length - 32) % 4]!(n), kind: 'listing', relevant, note: `every record listing ${n}` });
  }
  return items;
}

async function main() {
  const out = path.join(projectRoot, 'data/relevance/test/known-items.json');
  await withShippedCatalogue(async (db) => {
    const rows = await queryRows<Row>(
      db,
      sql`SELECT opportunity_number, title, agency, cfda_numbers FROM grants ORDER BY opportunity_number, title`,
    );
    const items = buildKnownItems(rows);
    fs.writeFileSync(out, `${JSON.stringify(items, null, 2)}\n`);
    console.log(`${items.length} known items written to ${path.relative(process.cwd(), out)}`);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
