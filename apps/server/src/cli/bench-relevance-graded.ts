// The graded part of `npm run bench:relevance`: topical queries (topical.json)
// and plain-English questions (assistant.json) over the shipped catalogue with
// the demo's date shift applied (so "still open" means what the product shows),
// measured by nDCG@10 and P@5 (relevance-graded.ts) for plain full-text search,
// a count of the query's words, GrantBridge's search box and its assistant.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { grantSearchQuerySchema, type GrantStatus } from '@grantbridge/contract/grants';
import type { Db } from '../db/client';
import { chat } from '../modules/search/chat.service';
import { planSearch, searchGrants } from '../modules/search/search.service';
import { versionKey } from '../modules/search/versions';
import type { Actor } from '../plugins/types';
import { shiftDemoGrantDates } from '../seed/grants-seed';
import { queryWords, wordCount } from './relevance-pool';
import {
  gainsFor,
  judgedConstraints,
  ndcgAt,
  ndcgDistinctAt,
  precisionAt,
  readGradedEntries,
  violationsAt,
  type GradedEntry,
  type JudgedGrant,
} from './relevance-graded';

const k = 10;
const allStatuses: GrantStatus[] = ['forecasted', 'posted', 'closed', 'archived'];
const openStatuses: GrantStatus[] = ['forecasted', 'posted'];

type Row = Record<string, unknown>;
const rowsOf = <T extends Row>(result: unknown) => (result as { rows: T[] }).rows;

export const gradedSystems = ['fts', 'words', 'box', 'assistant'] as const;
type GradedSystem = (typeof gradedSystems)[number];
const labels: Record<GradedSystem, string> = {
  fts: '(a) PostgreSQL FTS',
  words: '(b) count of query words',
  box: '(c) GrantBridge search box',
  assistant: '(d) GrantBridge assistant',
};

async function loadJudgedGrants(db: Db, listingsFile: string): Promise<Map<string, JudgedGrant>> {
  const listings = new Map(
    (JSON.parse(fs.readFileSync(listingsFile, 'utf8')) as { number: string; agency: string }[]).map(
      (l) => [l.number, l.agency],
    ),
  );
  const result = await db.execute(sql`
    SELECT opportunity_number, title, description, agency, agency_code, cfda_numbers, award_ceiling,
      close_date::text AS close_date, status, eligibility_codes
    FROM grants`);
  return new Map(
    rowsOf<Row>(result).map((r) => [
      r.opportunity_number as string,
      {
        opportunityNumber: r.opportunity_number as string,
        title: r.title as string,
        description: r.description as string | null,
        agency: r.agency as string | null,
        agencyCode: r.agency_code as string | null,
        listingAgencies: ((r.cfda_numbers as string[] | null) ?? []).flatMap(
          (n) => listings.get(n) ?? [],
        ),
        awardCeiling: r.award_ceiling === null ? null : Number(r.award_ceiling),
        closeDate: r.close_date as string | null,
        status: r.status as string,
        eligibilityCodes: (r.eligibility_codes as string[] | null) ?? [],
      },
    ]),
  );
}

async function fullText(db: Db, query: string, statuses: GrantStatus[]): Promise<string[]> {
  const result = await db.execute(sql`
    WITH q AS (SELECT websearch_to_tsquery('english', ${query}) AS tsq)
    SELECT g.opportunity_number FROM grants g JOIN bench_fts_docs d USING (opportunity_number), q
    WHERE d.doc @@ q.tsq AND g.status IN (${sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    )})
    ORDER BY ts_rank(d.doc, q.tsq) DESC, g.opportunity_number
    LIMIT ${k}`);
  return rowsOf<{ opportunity_number: string }>(result).map((r) => r.opportunity_number);
}

function countWords(grants: JudgedGrant[], query: string, statuses: GrantStatus[]): string[] {
  const words = queryWords(query);
  return grants
    .filter((g) => (statuses as string[]).includes(g.status))
    .map((g) => ({ id: g.opportunityNumber, n: wordCount(words, g) }))
    .filter((s) => s.n > 0)
    .sort((a, b) => b.n - a.n || a.id.localeCompare(b.id))
    .slice(0, k)
    .map((s) => s.id);
}

/** The search box: GET /grants/search's planning and search for `q` with these statuses. */
async function searchBox(db: Db, actor: Actor, query: string, statuses: GrantStatus[], now: Date) {
  const q = grantSearchQuerySchema.parse({
    q: query,
    status: statuses.join(','),
    sort: 'match',
    pageSize: k,
  });
  const response = await searchGrants(db, await planSearch(db, actor, q, now));
  return response.results.map((r) => r.grant.opportunityNumber);
}

/** The assistant: a fresh conversation's first message (it searches open and forecasted grants). */
async function assistant(db: Db, actor: Actor, message: string, now: Date) {
  const answer = await chat(
    db,
    actor,
    { message, matchProfile: false, reset: true, sort: 'match', pageSize: k },
    now,
  );
  return answer.results.map((r) => r.grant.opportunityNumber);
}

/** BENCH_SHOW=<part of a query>: the box's top ten with their gains, and the qualifying records it missed. */
function show(
  entry: GradedEntry,
  top: string[],
  gains: Map<string, number>,
  grants: Map<string, JudgedGrant>,
) {
  const line = (id: string) =>
    `${gains.get(id) ?? '?'} ${id} ${grants.get(id)?.status} ${grants.get(id)?.title.slice(0, 80)}`;
  console.log(`\n${entry.query}\n  top: ${top.map(line).join('\n       ')}`);
  const missed = [...gains].filter(([id, g]) => g > 0 && !top.includes(id)).map(([id]) => id);
  console.log(`  missed: ${missed.map(line).join('\n          ')}`);
}

type Outcome = {
  entry: GradedEntry;
  /** The search box's nDCG@10 counting each opportunity once (versions folded, as search shows them). */
  boxDistinct: number | null;
  ndcg: Record<GradedSystem, number | null>;
  p5: Record<GradedSystem, number>;
  violations: Record<GradedSystem, number>;
  top: Record<GradedSystem, string[]>;
};

const fmt = (n: number | null) => (n === null ? '  —  ' : n.toFixed(3));
const pad = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s.padEnd(n));
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

function report(title: string, outcomes: Outcome[], systems: readonly GradedSystem[]) {
  const rankable = outcomes.filter((o) => o.ndcg.box !== null);
  console.log(
    `\n${title}: ${outcomes.length} entries, ${rankable.length} with a qualifying judged record today`,
  );
  console.log(`${pad('query', 46)} ${systems.map((s) => pad(s, 12)).join(' ')}`);
  for (const o of outcomes) {
    console.log(
      `${pad(o.entry.query, 46)} ${systems.map((s) => pad(`${fmt(o.ndcg[s])} ${o.p5[s].toFixed(1)}`, 12)).join(' ')}`,
    );
  }
  console.log(`\n${pad('system', 30)} nDCG@${k}  P@5    top-${k} results breaking a constraint`);
  const summary = {} as Record<GradedSystem, number>;
  for (const s of systems) {
    summary[s] = mean(rankable.map((o) => o.ndcg[s] ?? 0));
    const broken = outcomes.reduce((n, o) => n + o.violations[s], 0);
    console.log(
      `${pad(labels[s], 30)} ${fmt(summary[s])}   ${mean(rankable.map((o) => o.p5[s])).toFixed(3)}  ${broken}`,
    );
  }
  console.log(
    `${pad('(c) search box, each call once', 30)} ${fmt(mean(rankable.map((o) => o.boxDistinct ?? 0)))}   (versions of one call counted once: modules/search/versions.ts)`,
  );
  const nothing = outcomes.filter((o) => o.ndcg.box === null);
  if (nothing.length)
    console.log(
      `no qualifying record today (reported apart): ${nothing.map((o) => `"${o.entry.query}"`).join(', ')}`,
    );
  return summary;
}

export async function runGraded(db: Db, relevanceDir: string, listingsFile: string) {
  const shift = await shiftDemoGrantDates(db);
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const grants = await loadJudgedGrants(db, listingsFile);
  const catalogue = [...grants.values()];
  // The benchmark reads the catalogue only; no profile is used, so any caller will do.
  const actor: Actor = {
    id: crypto.randomUUID(),
    role: 'researcher',
    institution: { id: crypto.randomUUID() },
  };
  console.log(`\n== Graded sets (demo date shift ${shift ?? 0} years, today ${today}) ==`);

  const run = async (
    entry: GradedEntry,
    text: string,
    statuses: GrantStatus[],
  ): Promise<Outcome> => {
    const top: Record<GradedSystem, string[]> = {
      fts: await fullText(db, text, statuses),
      words: countWords(catalogue, text, statuses),
      box: await searchBox(db, actor, text, statuses, now),
      assistant: await assistant(db, actor, text, now),
    };
    const gains = gainsFor(entry, grants, today);
    if (process.env.BENCH_SHOW && entry.query.includes(process.env.BENCH_SHOW))
      show(entry, top.box, gains, grants);
    const per = <T>(f: (s: GradedSystem) => T) =>
      Object.fromEntries(gradedSystems.map((s) => [s, f(s)])) as Record<GradedSystem, T>;
    const keyOf = (id: string) => {
      const g = grants.get(id);
      return g
        ? versionKey({
            title: g.title,
            agency: g.agency,
            agency_code: g.agencyCode,
            opportunity_number: g.opportunityNumber,
            post_date: null,
          })
        : id;
    };
    return {
      entry,
      boxDistinct: ndcgDistinctAt(top.box, gains, keyOf, k),
      top,
      ndcg: per((s) => ndcgAt(top[s], gains, k)),
      p5: per((s) => precisionAt(top[s], gains, 5)),
      violations: per((s) => violationsAt(top[s], grants, judgedConstraints(entry), today, k)),
    };
  };

  const read = (name: string) =>
    readGradedEntries(fs.readFileSync(path.join(relevanceDir, name), 'utf8'), name);
  // Topical: every status, judged on topic; the assistant searches open grants only, so it is compared on those.
  const topical = [];
  const sameLists: boolean[] = [];
  for (const entry of read('topical.json')) {
    topical.push(await run(entry, entry.query, allStatuses));
    const box = await searchBox(db, actor, entry.query, openStatuses, now);
    sameLists.push(
      JSON.stringify(box) === JSON.stringify(await assistant(db, actor, entry.query, now)),
    );
  }
  const t = report('Topical queries (all statuses)', topical, ['fts', 'words', 'box']);
  const questions = [];
  for (const entry of read('assistant.json'))
    questions.push(await run(entry, entry.query, openStatuses));
  const a = report(
    'Plain-English questions (open and forecasted; every stated constraint)',
    questions,
    gradedSystems,
  );

  console.log('\ntargets (issue 10):');
  const line = (ok: boolean, text: string) =>
    console.log(`  ${ok ? 'met    ' : 'NOT met'}  ${text}`);
  line(t.box >= 0.75, `topical nDCG@${k} of the search box at least 0.75: ${fmt(t.box)}`);
  line(t.box - t.words >= 0.15, `at least 0.15 above the word count: ${fmt(t.box - t.words)}`);
  line(a.assistant >= 0.6, `questions through the assistant at least 0.6: ${fmt(a.assistant)}`);
  const same = sameLists.filter(Boolean).length;
  line(
    same === sameLists.length,
    `assistant's list equals the search box's for the same words (open statuses): ${same} of ${sameLists.length}`,
  );
}
