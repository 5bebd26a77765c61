// `npm run bench:relevance`: loads the shipped real grants into a fresh
// PGlite, runs the judged queries of data/relevance/judgments.json through
// (a) plain PostgreSQL full-text search, (b) the seed's keyword scoring and
// (c) GrantBridge's search, and prints MRR@10 and recall@10 for each; then the
// graded topical and assistant sets (bench-relevance-graded.ts): nDCG@10, P@5.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { GrantStatus } from '@grantbridge/contract/grants';
import { loadConfig } from '../config';
import { migrateDatabase, openDatabase, type Db } from '../db/client';
import { loadShippedGrants } from '../seed/grants-seed';
import { parseQuery } from '../modules/search/query-parser';
import { searchGrants } from '../modules/search/search.service';
import { runGraded } from './bench-relevance-graded';

export type Judgment = { query: string; relevant: string[]; note?: string };

export const cutoff = 10;
const allStatuses: GrantStatus[] = ['forecasted', 'posted', 'closed', 'archived'];

// ---------------------------------------------------------------- metrics

/** 1/rank of the first relevant result within the top `k`, else 0. */
export function reciprocalRank(ranked: string[], relevant: Set<string>, k = cutoff): number {
  const index = ranked.slice(0, k).findIndex((id) => relevant.has(id));
  return index < 0 ? 0 : 1 / (index + 1);
}

/** Share of the relevant grants found in the top `k` (relevant ∩ top k / relevant). */
export function recallAt(ranked: string[], relevant: Set<string>, k = cutoff): number {
  if (relevant.size === 0) return 0;
  return new Set(ranked.slice(0, k).filter((id) => relevant.has(id))).size / relevant.size;
}

// ------------------------------------------------ (b) the seed's scoring

/** Plain English stop words (the seed's domain-free list). */
const seedStopWords = new Set(
  `a about above after again against all also am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further had has have having
  he her here hers herself him himself his how i if in into is it its itself just me more most my myself no
  nor not now of off on once only or other our ours ourselves out over own same she should so some such than
  that the their theirs them themselves then there these they this those through to too under until up very
  was we were what when where which while who whom why will with would you your yours yourself yourselves`.split(
    /\s+/,
  ),
);

/** Words longer than 2 characters, excluding stop words (PROTOTYPE-SPEC §9). */
export function seedKeywords(query: string): string[] {
  const words = query
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .map((w) => w.replace(/^'+|'+$/g, ''));
  return [...new Set(words.filter((w) => w.length > 2 && !seedStopWords.has(w)))];
}

export type SeedGrant = {
  opportunityNumber: string;
  title: string;
  researchAreas: string[];
  description: string | null;
  agency: string | null;
};

/**
 * The seed's score: per keyword, +0.4 if the title contains it, +0.3 if a
 * research area does, +0.2 the description, +0.1 the agency (case-insensitive
 * substrings); ×100, rounded and capped at 100. Null (dropped) when no keyword
 * matches any research area.
 */
export function seedScore(grant: SeedGrant, keywords: string[]): number | null {
  if (keywords.length === 0) return null;
  const title = grant.title.toLowerCase();
  const areas = grant.researchAreas.map((a) => a.toLowerCase());
  const description = (grant.description ?? '').toLowerCase();
  const agency = (grant.agency ?? '').toLowerCase();
  let raw = 0;
  let inAreas = false;
  for (const k of keywords) {
    if (title.includes(k)) raw += 0.4;
    if (areas.some((a) => a.includes(k))) {
      raw += 0.3;
      inAreas = true;
    }
    if (description.includes(k)) raw += 0.2;
    if (agency.includes(k)) raw += 0.1;
  }
  if (!inAreas) return null;
  return Math.min(100, Math.round(raw * 100));
}

/** The seed's ranking: every grant scored, the dropped ones removed, highest score first (stable). */
export function seedSearch(grants: SeedGrant[], query: string, k = cutoff): string[] {
  const keywords = seedKeywords(query);
  const scored: { id: string; score: number; order: number }[] = [];
  grants.forEach((g, order) => {
    const score = seedScore(g, keywords);
    if (score !== null) scored.push({ id: g.opportunityNumber, score, order });
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, k).map((s) => s.id);
}

// ------------------------------------------------------- the three systems

type Row = Record<string, unknown>;
const rowsOf = <T extends Row>(result: unknown) => (result as { rows: T[] }).rows;

/** The plain, unweighted document of (a), built once (a temp table, so nothing of the schema changes). */
async function prepareFullText(db: Db) {
  await db.execute(sql`DROP TABLE IF EXISTS bench_fts_docs`);
  await db.execute(sql`
    CREATE TEMP TABLE bench_fts_docs AS
    SELECT opportunity_number, to_tsvector('english', title || ' ' || coalesce(description, '')) AS doc FROM grants`);
}

/** (a) websearch_to_tsquery against an unweighted title + description vector, ranked by ts_rank. */
async function plainFullText(db: Db, query: string): Promise<string[]> {
  const result = await db.execute(sql`
    WITH q AS (SELECT websearch_to_tsquery('english', ${query}) AS tsq)
    SELECT opportunity_number FROM bench_fts_docs, q
    WHERE doc @@ q.tsq
    ORDER BY ts_rank(doc, q.tsq) DESC, opportunity_number
    LIMIT ${cutoff}`);
  return rowsOf<{ opportunity_number: string }>(result).map((r) => r.opportunity_number);
}

/** (c) GrantBridge: the query parsed and searched exactly as GET /api/v1/grants/search does. */
async function grantBridge(db: Db, query: string, now: Date): Promise<string[]> {
  const parsed = parseQuery(query, now);
  const response = await searchGrants(db, {
    keywordGroups: parsed.keywords.length ? [parsed.keywords] : [],
    amountMin: parsed.amountMin,
    amountMax: parsed.amountMax,
    dueFrom: parsed.dueFrom,
    dueTo: parsed.dueTo,
    agency: parsed.agency,
    statuses: allStatuses,
    sort: 'match',
    page: 1,
    pageSize: cutoff,
    profileAreas: null,
    now,
  });
  return response.results.map((r) => r.grant.opportunityNumber);
}

async function loadSeedGrants(db: Db): Promise<SeedGrant[]> {
  const result = await db.execute(sql`
    SELECT opportunity_number, title, research_areas, description, coalesce(agency, agency_code) AS agency
    FROM grants ORDER BY opportunity_number`);
  return rowsOf<{
    opportunity_number: string;
    title: string;
    research_areas: string[] | null;
    description: string | null;
    agency: string | null;
  }>(result).map((r) => ({
    opportunityNumber: r.opportunity_number,
    title: r.title,
    researchAreas: r.research_areas ?? [],
    description: r.description,
    agency: r.agency,
  }));
}

// ------------------------------------------------------------------ report

export const systems = ['fts', 'seed', 'grantbridge'] as const;
export type SystemName = (typeof systems)[number];
const labels: Record<SystemName, string> = {
  fts: '(a) PostgreSQL FTS',
  seed: '(b) seed keyword scoring',
  grantbridge: '(c) GrantBridge search',
};

export type QueryOutcome = {
  query: string;
  relevant: number;
  rr: Record<SystemName, number>;
  recall: Record<SystemName, number>;
  top: Record<SystemName, string[]>;
};

export function summarise(outcomes: QueryOutcome[]) {
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  return Object.fromEntries(
    systems.map((s) => [
      s,
      { mrr: mean(outcomes.map((o) => o.rr[s])), recall: mean(outcomes.map((o) => o.recall[s])) },
    ]),
  ) as Record<SystemName, { mrr: number; recall: number }>;
}

export function readJudgments(file: string): Judgment[] {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(parsed)) throw new Error(`${file}: expected an array of judgments`);
  for (const j of parsed as Judgment[]) {
    if (typeof j.query !== 'string' || !Array.isArray(j.relevant) || j.relevant.length === 0) {
      throw new Error(`${file}: bad judgment ${JSON.stringify(j).slice(0, 120)}`);
    }
  }
  return parsed as Judgment[];
}

const fmt = (n: number) => n.toFixed(3);
const pad = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s.padEnd(n));

async function main() {
  const config = loadConfig({ NODE_ENV: 'test' });
  const root = config.projectRoot ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
  const judgmentsFile = process.env.BENCH_JUDGMENTS ?? path.join(root, 'data/relevance/judgments.json');
  const judgments = readJudgments(judgmentsFile);
  const keep = process.env.BENCH_PGLITE_DIR;
  const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'gb-bench-relevance-'));
  const database = await openDatabase({ pgliteDir: dir });
  try {
    const t0 = Date.now();
    await migrateDatabase(database);
    await loadShippedGrants(database.db, config);
    const db = database.db;
    const known = new Set(
      rowsOf<{ opportunity_number: string }>(
        await db.execute(sql`SELECT opportunity_number FROM grants`),
      ).map((r) => r.opportunity_number),
    );
    console.log(
      `catalogue: ${known.size} shipped grants loaded in ${((Date.now() - t0) / 1000).toFixed(1)} s (${dir})`,
    );
    const missing = judgments.flatMap((j) =>
      j.relevant.filter((id) => !known.has(id)).map((id) => `${j.query}: ${id}`),
    );
    if (missing.length)
      throw new Error(`judged grants missing from the catalogue:\n  ${missing.join('\n  ')}`);

    await prepareFullText(db);
    const seedGrants = await loadSeedGrants(db);
    const now = new Date();
    const outcomes: QueryOutcome[] = [];
    for (const j of judgments) {
      const relevant = new Set(j.relevant);
      const top: Record<SystemName, string[]> = {
        fts: await plainFullText(db, j.query),
        seed: seedSearch(seedGrants, j.query),
        grantbridge: await grantBridge(db, j.query, now),
      };
      outcomes.push({
        query: j.query,
        relevant: relevant.size,
        top,
        rr: Object.fromEntries(systems.map((s) => [s, reciprocalRank(top[s], relevant)])) as Record<
          SystemName,
          number
        >,
        recall: Object.fromEntries(systems.map((s) => [s, recallAt(top[s], relevant)])) as Record<
          SystemName,
          number
        >,
      });
    }

    console.log(
      `\nper query: reciprocal rank @${cutoff} (recall @${cutoff}) — ${judgments.length} judged queries from ${path.relative(process.cwd(), judgmentsFile)}`,
    );
    console.log(
      `${pad('query', 44)} ${'rel'.padStart(3)}  ${pad('(a) FTS', 13)} ${pad('(b) seed', 13)} ${pad('(c) GrantBridge', 15)}`,
    );
    for (const o of outcomes) {
      const cell = (s: SystemName) => `${fmt(o.rr[s])} (${o.recall[s].toFixed(2)})`;
      console.log(
        `${pad(o.query, 44)} ${String(o.relevant).padStart(3)}  ${pad(cell('fts'), 13)} ${pad(cell('seed'), 13)} ${pad(cell('grantbridge'), 15)}`,
      );
    }

    const summary = summarise(outcomes);
    console.log(`\n${pad('system', 28)} ${pad(`MRR@${cutoff}`, 8)} recall@${cutoff}`);
    for (const s of systems)
      console.log(`${pad(labels[s], 28)} ${pad(fmt(summary[s].mrr), 8)} ${fmt(summary[s].recall)}`);
    const best = (metric: 'mrr' | 'recall') =>
      systems.reduce((a, b) => (summary[b][metric] > summary[a][metric] ? b : a));
    console.log(
      `\nbest MRR@${cutoff}: ${labels[best('mrr')]}; best recall@${cutoff}: ${labels[best('recall')]}`,
    );
    const gb = summary.grantbridge;
    const wins =
      gb.mrr > summary.fts.mrr &&
      gb.mrr > summary.seed.mrr &&
      gb.recall > summary.fts.recall &&
      gb.recall > summary.seed.recall;
    console.log(`target (c) beats (a) and (b) on both metrics: ${wins ? 'met' : 'NOT met'}`);

    const worst = [...outcomes]
      .sort(
        (a, b) =>
          a.rr.grantbridge - b.rr.grantbridge || a.recall.grantbridge - b.recall.grantbridge,
      )
      .slice(0, 5);
    console.log(`\nweakest queries for (c) (RR, recall, its top 3):`);
    for (const o of worst)
      console.log(
        `  ${fmt(o.rr.grantbridge)} ${o.recall.grantbridge.toFixed(2)}  ${o.query}  → ${o.top.grantbridge.slice(0, 3).join(', ') || '(no results)'}`,
      );

    // Last: it moves the catalogue's dates forward as the demo does.
    await runGraded(db, path.join(root, 'data/relevance'), path.join(root, 'data/grants/assistance-listings.json'));
  } finally {
    await database.close();
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
