// `npm run relevance:pool`: the candidates to judge for topical queries, so a judged set is not
// biased to one system. Prints, as JSON, the union of the top results of five systems over the
// shipped catalogue; reads product code and never changes it (data/relevance/GUIDE.md).
//
//   npm run relevance:pool -- data/relevance/topical.json [--only <text>] [--unjudged]
//   npm run relevance:pool -- --query "pollinator health" --grep "pollinat|\bbees?\b"
//
// Options: --depth N (top N per system, default 30), --grep-depth N (most grep hits kept,
// default 60), --desc N (description characters printed, default 700).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { GrantStatus } from '@grantbridge/contract/grants';
import { loadConfig } from '../config';
import { migrateDatabase, openDatabase, type Db } from '../db/client';
import { loadShippedGrants } from '../seed/grants-seed';
import { cosine, dequantize, embedText } from '../lib/embeddings';
import { parseQuery } from '../modules/search/query-parser';
import { searchGrants } from '../modules/search/search.service';

/** An entry of topical.json or assistant.json; only these fields are read. */
export type PoolEntry = {
  query: string;
  /** The topic alone, when the query also states constraints (assistant questions): pooled too. */
  topic?: string;
  /** Case-insensitive regular expressions for the query's concepts, synonyms and acronyms. */
  greps?: string[];
  judgments?: Record<string, number>;
};

export const poolSystems = ['fts', 'words', 'grantbridge', 'embedding', 'grep'] as const;
export type PoolSystem = (typeof poolSystems)[number];

export type CatalogueGrant = {
  id: string;
  title: string;
  agency: string | null;
  agencyCode: string | null;
  description: string | null;
  programTitle: string | null;
  objectives: string | null;
  closeDate: string | null;
  awardCeiling: number | null;
  vector: Float32Array | null;
};

const allStatuses: GrantStatus[] = ['forecasted', 'posted', 'closed', 'archived'];

// ------------------------------------------------------------ (b) word count

const naiveStopWords = new Set(
  `a an and are as at be by for from how in into is it of on or the to with what which who any
  are there about new my our me we i can do does`.split(/\s+/),
);

/** The query's words (more than two letters, not a stop word), lower-cased. */
export function queryWords(query: string): string[] {
  const words = query.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return [...new Set(words.filter((w) => w.length > 2 && !naiveStopWords.has(w)))];
}

/** How many times the words occur, as whole words, in the title and description. */
export function wordCount(words: string[], grant: Pick<CatalogueGrant, 'title' | 'description'>) {
  const text = ` ${`${grant.title} ${grant.description ?? ''}`.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;
  let count = 0;
  for (const w of words) count += text.split(` ${w} `).length - 1;
  return count;
}

// ----------------------------------------------------------------- (e) greps

const grepWeights = { title: 3, description: 2, programTitle: 1, agency: 1, objectives: 0.5 };

/**
 * Grants matching more of the patterns (the query's concepts) come first; among
 * those, each pattern that matches a field adds that field's weight (title counts
 * most). Grants no pattern matches are left out.
 */
export function grepScore(patterns: RegExp[], grant: CatalogueGrant): number {
  const fields: Record<keyof typeof grepWeights, string> = {
    title: grant.title,
    description: grant.description ?? '',
    programTitle: grant.programTitle ?? '',
    agency: `${grant.agency ?? ''} ${grant.agencyCode ?? ''}`,
    objectives: grant.objectives ?? '',
  };
  let score = 0;
  for (const p of patterns) {
    let matched = false;
    for (const [field, weight] of Object.entries(grepWeights)) {
      if (p.test(fields[field as keyof typeof grepWeights])) {
        score += weight;
        // A program's objectives describe the whole program, not this grant: they add weight only.
        matched ||= field !== 'objectives';
      }
    }
    if (matched) score += 100;
  }
  return score;
}

const ranked = (scores: { id: string; score: number }[], depth: number) =>
  scores
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
    .slice(0, depth)
    .map((s) => s.id);

// -------------------------------------------------------------- the systems

type Row = Record<string, unknown>;
const rowsOf = <T extends Row>(result: unknown) => (result as { rows: T[] }).rows;

async function loadCatalogue(db: Db): Promise<CatalogueGrant[]> {
  const result = await db.execute(sql`
    SELECT opportunity_number, title, agency, agency_code, description, program_title, objectives,
      close_date::text AS close_date, award_ceiling, embedding
    FROM grants ORDER BY opportunity_number`);
  return rowsOf<Row>(result).map((r) => ({
    id: r.opportunity_number as string,
    title: r.title as string,
    agency: r.agency as string | null,
    agencyCode: r.agency_code as string | null,
    description: r.description as string | null,
    programTitle: r.program_title as string | null,
    objectives: r.objectives as string | null,
    closeDate: r.close_date as string | null,
    awardCeiling: r.award_ceiling === null ? null : Number(r.award_ceiling),
    vector: r.embedding ? dequantize(r.embedding as Uint8Array) : null,
  }));
}

/** (a) websearch_to_tsquery over an unweighted title + description vector, ranked by ts_rank. */
async function fullText(db: Db, query: string, depth: number): Promise<string[]> {
  const result = await db.execute(sql`
    WITH q AS (SELECT websearch_to_tsquery('english', ${query}) AS tsq)
    SELECT opportunity_number FROM pool_fts_docs, q
    WHERE doc @@ q.tsq
    ORDER BY ts_rank(doc, q.tsq) DESC, opportunity_number
    LIMIT ${depth}`);
  return rowsOf<{ opportunity_number: string }>(result).map((r) => r.opportunity_number);
}

/** (c) GrantBridge's search as GET /api/v1/grants/search runs it, every status included. */
async function grantBridge(db: Db, query: string, depth: number, now: Date): Promise<string[]> {
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
    pageSize: depth,
    profileAreas: null,
    now,
  });
  return response.results.map((r) => r.grant.opportunityNumber);
}

/** (d) nearest neighbours of the query's embedding among the grants' stored embeddings. */
function nearest(catalogue: CatalogueGrant[], query: string, depth: number): string[] {
  const q = embedText(query);
  if (!q) return [];
  const scores = catalogue.flatMap((g) =>
    g.vector ? [{ id: g.id, score: cosine(q, g.vector) + 2 }] : [],
  );
  return ranked(scores, depth);
}

// ------------------------------------------------------------------- main

type Options = {
  files: string[];
  adHoc: PoolEntry | null;
  only: string | null;
  unjudged: boolean;
  depth: number;
  grepDepth: number;
  desc: number;
};

function parseArgs(argv: string[]): Options {
  const o: Options = {
    files: [],
    adHoc: null,
    only: null,
    unjudged: false,
    depth: 30,
    grepDepth: 60,
    desc: 700,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--query') o.adHoc = { ...(o.adHoc ?? {}), query: value() };
    else if (arg === '--grep')
      o.adHoc = { query: o.adHoc?.query ?? '', greps: [...(o.adHoc?.greps ?? []), value()] };
    else if (arg === '--only') o.only = value().toLowerCase();
    else if (arg === '--unjudged') o.unjudged = true;
    else if (arg === '--depth') o.depth = Number(value());
    else if (arg === '--grep-depth') o.grepDepth = Number(value());
    else if (arg === '--desc') o.desc = Number(value());
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else o.files.push(arg);
  }
  return o;
}

function readEntries(options: Options): PoolEntry[] {
  const entries: PoolEntry[] = options.adHoc?.query ? [options.adHoc] : [];
  for (const file of options.files) {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    if (!Array.isArray(parsed)) throw new Error(`${file}: expected an array of queries`);
    entries.push(...(parsed as PoolEntry[]));
  }
  return entries.filter((e) => !options.only || e.query.toLowerCase().includes(options.only));
}

const clip = (text: string | null, n: number) =>
  text && text.length > n ? `${text.slice(0, n)}…` : text;

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const entries = readEntries(options);
  if (entries.length === 0) throw new Error('no queries: give a judged file or --query');
  const config = loadConfig({ NODE_ENV: 'test' });
  const keep = process.env.RELEVANCE_PGLITE_DIR;
  const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'gb-relevance-pool-'));
  const database = await openDatabase({ pgliteDir: dir });
  try {
    await migrateDatabase(database);
    await loadShippedGrants(database.db, config);
    const db = database.db;
    await db.execute(sql`DROP TABLE IF EXISTS pool_fts_docs`);
    await db.execute(sql`
      CREATE TEMP TABLE pool_fts_docs AS
      SELECT opportunity_number, to_tsvector('english', title || ' ' || coalesce(description, '')) AS doc FROM grants`);
    const catalogue = await loadCatalogue(db);
    const byId = new Map(catalogue.map((g) => [g.id, g]));
    console.error(`catalogue: ${catalogue.length} grants; ${entries.length} queries`);
    const now = new Date();
    const out = [];
    for (const entry of entries) {
      const texts = [...new Set([entry.query, entry.topic].filter((t): t is string => !!t))];
      const systems: Record<PoolSystem, string[]> = {
        fts: [],
        words: [],
        grantbridge: [],
        embedding: [],
        grep: [],
      };
      for (const text of texts) {
        const words = queryWords(text);
        systems.fts.push(...(await fullText(db, text, options.depth)));
        systems.words.push(
          ...ranked(
            catalogue.map((g) => ({ id: g.id, score: wordCount(words, g) })),
            options.depth,
          ),
        );
        systems.grantbridge.push(...(await grantBridge(db, text, options.depth, now)));
        systems.embedding.push(...nearest(catalogue, text, options.depth));
      }
      const patterns = (entry.greps ?? []).map((p) => new RegExp(p, 'i'));
      const grepScores = catalogue.map((g) => ({
        id: g.id,
        score: patterns.length ? grepScore(patterns, g) : 0,
      }));
      const grepHits = grepScores.filter((s) => s.score > 0).length;
      systems.grep = ranked(grepScores, options.grepDepth);
      const found = new Map<string, Partial<Record<PoolSystem, number>>>();
      for (const system of poolSystems) {
        systems[system].forEach((id, i) => {
          const seen = found.get(id) ?? {};
          seen[system] = Math.min(seen[system] ?? Infinity, i + 1);
          found.set(id, seen);
        });
      }
      const candidates = [...found.entries()]
        .filter(([id]) => !options.unjudged || entry.judgments?.[id] === undefined)
        .map(([id, ranks]) => {
          const g = byId.get(id)!;
          return {
            id,
            judged: entry.judgments?.[id] ?? null,
            ranks,
            title: g.title,
            agency: g.agency,
            agencyCode: g.agencyCode,
            programTitle: g.programTitle,
            description: clip(g.description, options.desc),
            closeDate: g.closeDate,
            awardCeiling: g.awardCeiling,
          };
        })
        .sort((a, b) => a.id.localeCompare(b.id));
      const judged = Object.keys(entry.judgments ?? {});
      out.push({
        query: entry.query,
        pooled: found.size,
        grepHits,
        grepCapped: grepHits > options.grepDepth,
        judgedOutsidePool: judged.filter((id) => !found.has(id)),
        candidates,
      });
    }
    process.stdout.write(`${JSON.stringify(out, null, 1)}\n`);
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
