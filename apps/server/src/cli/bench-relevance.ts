// `npm run bench:relevance`: search quality on the development set
// (data/relevance/*.json, read while tuning) and the test set
// (data/relevance/test/*.json, made blind and never tuned to; GUIDE.md), for
// plain full-text search, plain Okapi BM25, GrantBridge's search box and its
// assistant, over the shipped catalogue with the demo's date shift:
//   known items: MRR@10 and recall@10;
//   topical searches (every status): nDCG@10, P@5, wins and losses against BM25;
//   plain-English questions (open grants, every stated constraint): the same,
//   and answers left empty although a qualifying relevant record exists.
// Per-query lines are printed for the development set; for the test set only
// with BENCH_TEST_DETAIL=1 (read them once a change is decided, not while tuning).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GrantStatus } from '@grantbridge/contract/grants';
import { todayIso } from '@grantbridge/contract/days';
import type { Db } from '../db/client';
import { versionKey } from '../modules/search/versions';
import { shiftDemoGrantDates } from '../seed/grants-seed';
import { Bm25Index } from './relevance-bm25';
import { projectRoot, withShippedCatalogue } from './relevance-catalogue';
import {
  gainsFor,
  judgedConstraints,
  ndcgAt,
  ndcgDistinctAt,
  precisionAt,
  readGradedEntries,
  violationsAt,
  type GradedEntry,
} from './relevance-graded';
import {
  allStatuses,
  assistantTop,
  benchActor,
  bm25Document,
  loadCatalogueRecords,
  openStatuses,
  plainFullText,
  searchBoxTop,
  type CatalogueRecord,
} from './relevance-systems';

export type Judgment = { query: string; relevant: string[]; note?: string; kind?: string };

export const cutoff = 10;

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

/** Per query, which of two systems scored higher (ties within 0.001 are ties). */
export function winsAndLosses(ours: number[], theirs: number[]) {
  let wins = 0;
  let losses = 0;
  ours.forEach((score, i) => {
    if (score > theirs[i]! + 0.001) wins += 1;
    else if (score < theirs[i]! - 0.001) losses += 1;
  });
  return { wins, losses, ties: ours.length - wins - losses };
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const fmt = (n: number | null) => (n === null ? '  —  ' : n.toFixed(3));
const pad = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s.padEnd(n));
const showDetail = (split: 'dev' | 'test') => split === 'dev' || process.env.BENCH_TEST_DETAIL === '1';

type Context = {
  db: Db;
  catalogue: Map<string, CatalogueRecord>;
  bm25: Bm25Index;
  today: string;
  now: Date;
  actor: ReturnType<typeof benchActor>;
};

const statusIn = (c: Context, statuses: GrantStatus[]) => (id: string) =>
  (statuses as string[]).includes(c.catalogue.get(id)?.status ?? '');

// ------------------------------------------------------------- known items

const knownSystems = ['fts', 'bm25', 'box'] as const;
type KnownSystem = (typeof knownSystems)[number];

async function knownItems(c: Context, split: 'dev' | 'test', judgments: Judgment[]) {
  const missing = judgments.flatMap((j) => j.relevant.filter((id) => !c.catalogue.has(id)).map((id) => `${j.query}: ${id}`));
  if (missing.length) throw new Error(`judged grants missing from the catalogue:\n  ${missing.join('\n  ')}`);
  const rows: { j: Judgment; rr: Record<KnownSystem, number>; recall: Record<KnownSystem, number>; top: Record<KnownSystem, string[]> }[] = [];
  for (const j of judgments) {
    const relevant = new Set(j.relevant);
    const top: Record<KnownSystem, string[]> = {
      fts: await plainFullText(c.db, j.query, allStatuses, cutoff),
      bm25: c.bm25.search(j.query, cutoff),
      box: await searchBoxTop(c.db, c.actor, j.query, allStatuses, cutoff, c.now),
    };
    rows.push({
      j,
      rr: Object.fromEntries(knownSystems.map((s) => [s, reciprocalRank(top[s], relevant)])) as Record<KnownSystem, number>,
      recall: Object.fromEntries(knownSystems.map((s) => [s, recallAt(top[s], relevant)])) as Record<KnownSystem, number>,
      top,
    });
  }
  console.log(`\n-- Known items, ${split} (${judgments.length} queries): MRR@${cutoff} (recall@${cutoff}) --`);
  if (showDetail(split)) {
    console.log(`${pad('query', 46)} ${knownSystems.map((s) => pad(s, 13)).join(' ')}`);
    for (const r of rows)
      console.log(`${pad(r.j.query, 46)} ${knownSystems.map((s) => pad(`${fmt(r.rr[s])} (${r.recall[s].toFixed(2)})`, 13)).join(' ')}`);
  }
  const summary = Object.fromEntries(
    knownSystems.map((s) => [s, { mrr: mean(rows.map((r) => r.rr[s])), recall: mean(rows.map((r) => r.recall[s])) }]),
  ) as Record<KnownSystem, { mrr: number; recall: number }>;
  for (const s of knownSystems) console.log(`  ${pad(s, 6)} MRR@${cutoff} ${fmt(summary[s].mrr)}  recall@${cutoff} ${fmt(summary[s].recall)}`);
  const kinds = [...new Set(judgments.map((j) => j.kind).filter(Boolean))] as string[];
  for (const kind of kinds) {
    const of = rows.filter((r) => r.j.kind === kind);
    console.log(`  box by kind: ${pad(kind, 14)} ${of.length} queries  MRR@${cutoff} ${fmt(mean(of.map((r) => r.rr.box)))}`);
  }
  const wl = winsAndLosses(rows.map((r) => r.rr.box), rows.map((r) => r.rr.bm25));
  console.log(`  box against BM25 (reciprocal rank): ${wl.wins} wins, ${wl.losses} losses, ${wl.ties} ties`);
  return summary;
}

// ------------------------------------------------------------ graded sets

const gradedSystems = ['fts', 'bm25', 'box', 'assistant'] as const;
type GradedSystem = (typeof gradedSystems)[number];

async function graded(c: Context, split: 'dev' | 'test', kind: 'topical' | 'questions', entries: GradedEntry[]) {
  const statuses = kind === 'topical' ? allStatuses : openStatuses;
  const systems: readonly GradedSystem[] = kind === 'topical' ? ['fts', 'bm25', 'box'] : gradedSystems;
  const keyOf = (id: string) => {
    const g = c.catalogue.get(id);
    return g
      ? versionKey({ title: g.title, agency: g.agency, agency_code: g.agencyCode, opportunity_number: g.opportunityNumber, post_date: null })
      : id;
  };
  const ours: GradedSystem = kind === 'topical' ? 'box' : 'assistant';
  const rows: {
    entry: GradedEntry;
    top: Partial<Record<GradedSystem, string[]>>;
    ndcg: Record<GradedSystem, number | null>;
    p5: Record<GradedSystem, number>;
    broken: Record<GradedSystem, number>;
    distinct: number | null;
    empty: boolean;
    unjudged: number;
    condensed: number | null;
  }[] = [];
  for (const entry of entries) {
    const top: Partial<Record<GradedSystem, string[]>> = {
      fts: await plainFullText(c.db, entry.query, statuses, cutoff),
      bm25: c.bm25.search(entry.query, cutoff, statusIn(c, statuses)),
      box: await searchBoxTop(c.db, c.actor, entry.query, statuses, cutoff, c.now),
    };
    if (kind === 'questions') top.assistant = await assistantTop(c.db, c.actor, entry.query, cutoff, c.now);
    const gains = gainsFor(entry, c.catalogue, c.today);
    const ndcg = Object.fromEntries(systems.map((s) => [s, ndcgAt(top[s]!, gains, cutoff)])) as Record<GradedSystem, number | null>;
    // Condensed: records nobody judged left out of the list (Sakai 2007), so a ranking is not marked down for them.
    const condensed = ndcgAt(
      (await (ours === 'box' ? searchBoxTop(c.db, c.actor, entry.query, statuses, 40, c.now) : assistantTop(c.db, c.actor, entry.query, 40, c.now))).filter(
        (id) => id in entry.judgments,
      ),
      gains,
      cutoff,
    );
    rows.push({
      entry,
      top,
      ndcg,
      p5: Object.fromEntries(systems.map((s) => [s, precisionAt(top[s]!, gains, 5)])) as Record<GradedSystem, number>,
      broken: Object.fromEntries(
        systems.map((s) => [s, violationsAt(top[s]!, c.catalogue, judgedConstraints(entry), c.today, cutoff)]),
      ) as Record<GradedSystem, number>,
      distinct: ndcgDistinctAt(top.box!, gains, keyOf, cutoff),
      empty: top[ours]!.length === 0 && [...gains.values()].some((g) => g > 0),
      unjudged: top[ours]!.filter((id) => !(id in entry.judgments)).length,
      condensed,
    });
  }
  const rankable = rows.filter((r) => r.ndcg.bm25 !== null);
  const label = kind === 'topical' ? 'Topical searches (every status)' : 'Plain-English questions (open grants, every constraint)';
  console.log(`\n-- ${label}, ${split}: ${rows.length} entries, ${rankable.length} with a qualifying judged record today --`);
  if (showDetail(split)) {
    console.log(`${pad('query', 50)} ${systems.map((s) => pad(s, 11)).join(' ')} vs BM25`);
    for (const r of rows) {
      const d = r.ndcg[ours] === null ? '' : r.ndcg[ours]! > r.ndcg.bm25! + 0.001 ? 'win' : r.ndcg[ours]! < r.ndcg.bm25! - 0.001 ? 'LOSS' : 'tie';
      console.log(`${pad(r.entry.query, 50)} ${systems.map((s) => pad(`${fmt(r.ndcg[s])} ${r.p5[s].toFixed(1)}`, 11)).join(' ')} ${d}`);
    }
  }
  const summary = {} as Record<GradedSystem, number>;
  console.log(`  ${pad('system', 10)} nDCG@${cutoff}  P@5    top-${cutoff} results breaking a constraint`);
  for (const s of systems) {
    summary[s] = mean(rankable.map((r) => r.ndcg[s] ?? 0));
    console.log(
      `  ${pad(s, 10)} ${fmt(summary[s])}   ${mean(rankable.map((r) => r.p5[s])).toFixed(3)}  ${rows.reduce((n, r) => n + r.broken[s], 0)}`,
    );
  }
  if (kind === 'topical') console.log(`  box, each call once (versions folded): ${fmt(mean(rankable.map((r) => r.distinct ?? 0)))}`);
  const wl = winsAndLosses(rankable.map((r) => r.ndcg[ours] ?? 0), rankable.map((r) => r.ndcg.bm25 ?? 0));
  console.log(`  ${ours} against BM25: ${wl.wins} wins, ${wl.losses} losses, ${wl.ties} ties`);
  const unjudged = rows.reduce((n, r) => n + r.unjudged, 0);
  console.log(`  ${ours}'s top ${cutoff}s hold ${unjudged} records nobody judged (counted as not relevant; npm run relevance:test-pool -- --unjudged)`);
  console.log(`  ${ours}, condensed nDCG@${cutoff} (unjudged records left out of its list): ${fmt(mean(rankable.map((r) => r.condensed ?? 0)))}`);
  const nothing = rows.filter((r) => r.ndcg.bm25 === null);
  if (nothing.length) console.log(`  no qualifying record today (reported apart): ${nothing.length}`);
  const empty = rows.filter((r) => r.empty);
  console.log(`  ${ours}: empty answers although a qualifying relevant record exists: ${empty.length}${empty.length && showDetail(split) ? ` (${empty.map((r) => `"${r.entry.query}"`).join(', ')})` : ''}`);
  return { summary, empty: rows.filter((r) => r.empty).length };
}

// ------------------------------------------------------------------ main

async function main() {
  const dir = path.join(projectRoot, 'data/relevance');
  const read = (file: string) => readGradedEntries(fs.readFileSync(path.join(dir, file), 'utf8'), file);
  await withShippedCatalogue(async (db) => {
    const t0 = Date.now();
    const shift = await shiftDemoGrantDates(db);
    const records = await loadCatalogueRecords(db);
    const c: Context = {
      db,
      catalogue: new Map(records.map((g) => [g.opportunityNumber, g])),
      bm25: new Bm25Index(records.map((g) => ({ id: g.opportunityNumber, text: bm25Document(g) }))),
      now: new Date(),
      today: todayIso(),
      actor: benchActor(),
    };
    console.log(
      `catalogue: ${records.length} shipped grants, demo date shift ${shift ?? 'as stored'} years, today ${c.today} (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
    );
    console.log('systems: fts = websearch_to_tsquery + ts_rank over title and description; bm25 = Okapi BM25 (k1 1.2, b 0.75) over title, description, agency, Assistance Listing titles; box = GET /grants/search; assistant = POST /search/chat');

    // BENCH_PARTS (known,topical,questions) and BENCH_SPLITS (dev,test) run less, for a quick look while tuning.
    const parts = (process.env.BENCH_PARTS ?? 'known,topical,questions').split(',');
    const splits = (process.env.BENCH_SPLITS ?? 'dev,test').split(',');
    const run = async <T>(part: string, split: 'dev' | 'test', work: () => Promise<T>, none: T) =>
      parts.includes(part) && splits.includes(split) ? work() : none;
    const noKnown = { fts: { mrr: 0, recall: 0 }, bm25: { mrr: 0, recall: 0 }, box: { mrr: 0, recall: 0 } };
    const noGraded = { summary: { fts: 0, bm25: 0, box: 0, assistant: 0 }, empty: 0 };
    const known = {
      dev: await run('known', 'dev', () => knownItems(c, 'dev', readJudgments(path.join(dir, 'judgments.json'))), noKnown),
      test: await run('known', 'test', () => knownItems(c, 'test', readJudgments(path.join(dir, 'test/known-items.json'))), noKnown),
    };
    const topical = {
      dev: await run('topical', 'dev', () => graded(c, 'dev', 'topical', read('topical.json')), noGraded),
      test: await run('topical', 'test', () => graded(c, 'test', 'topical', read('test/topical.json')), noGraded),
    };
    const questions = {
      dev: await run('questions', 'dev', () => graded(c, 'dev', 'questions', read('assistant.json')), noGraded),
      test: await run('questions', 'test', () => graded(c, 'test', 'questions', read('test/assistant.json')), noGraded),
    };

    console.log('\n== Summary ==');
    console.log(`${pad('', 34)} ${pad('dev', 24)} test`);
    const both = (f: (s: 'dev' | 'test') => string) => `${pad(f('dev'), 24)} ${f('test')}`;
    console.log(`${pad('known items MRR@10 box / BM25', 34)} ${both((s) => `${fmt(known[s].box.mrr)} / ${fmt(known[s].bm25.mrr)}`)}`);
    console.log(`${pad('topical nDCG@10 box / BM25', 34)} ${both((s) => `${fmt(topical[s].summary.box)} / ${fmt(topical[s].summary.bm25)}`)}`);
    console.log(
      `${pad('questions nDCG@10 assistant / BM25', 34)} ${both((s) => `${fmt(questions[s].summary.assistant)} / ${fmt(questions[s].summary.bm25)}`)}`,
    );
    console.log(`${pad('topical left empty wrongly (box)', 34)} ${both((s) => String(topical[s].empty))}`);
    console.log(`${pad('questions left empty wrongly', 34)} ${both((s) => String(questions[s].empty))}`);
    console.log('\ntargets (issue 25, on the test set):');
    const line = (ok: boolean, text: string) => console.log(`  ${ok ? 'met    ' : 'NOT met'}  ${text}`);
    const t = topical.test.summary;
    line(t.box >= 0.8, `topical nDCG@10 of the box at least 0.80: ${fmt(t.box)}`);
    line(t.box - t.bm25 >= 0.05, `at least 0.05 above BM25: ${(t.box - t.bm25).toFixed(3)}`);
    line(questions.test.summary.assistant >= 0.6, `questions through the assistant at least 0.60: ${fmt(questions.test.summary.assistant)}`);
    line(questions.test.empty === 0, `no empty answer where a qualifying relevant record exists: ${questions.test.empty}`);
    line(known.test.box.mrr >= 0.9, `known-item MRR@10 at least 0.90: ${fmt(known.test.box.mrr)}`);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
