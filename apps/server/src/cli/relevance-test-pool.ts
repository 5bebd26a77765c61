// `npm run relevance:test-pool`: the candidates to judge for the test set
// (data/relevance/test, GUIDE.md "Development and test sets"). For every
// query, the union of the top 10 of several different systems over the
// shipped catalogue (dates moved as the demo moves them): plain full-text
// search, plain Okapi BM25, GrantBridge's search box and assistant, and
// embedding nearest neighbours; for a question also BM25 over its topic, and
// BM25 over its topic among the records that meet its constraints. Writes one
// packet per query into a folder, candidates in opportunity-number order with
// no trace of which system found them or where, for blind judging.
//
//   npm run relevance:test-pool -- [--out .scratch/judging] [--unjudged] [--depth 10]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shiftDemoGrantDates } from '../seed/grants-seed';
import { Bm25Index } from './relevance-bm25';
import { projectRoot, withShippedCatalogue } from './relevance-catalogue';
import { judgedConstraints, meetsConstraints, readGradedEntries } from './relevance-graded';
import {
  allStatuses,
  assistantTop,
  benchActor,
  bm25Document,
  loadCatalogueRecords,
  nearestTop,
  openStatuses,
  plainFullText,
  searchBoxTop,
} from './relevance-systems';

const clip = (text: string | null, n: number) => (text && text.length > n ? `${text.slice(0, n)}…` : text);

async function main() {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: string) => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
  };
  const out = path.resolve(option('--out', path.join(projectRoot, '.scratch/judging')));
  const depth = Number(option('--depth', '10'));
  const unjudged = args.includes('--unjudged');
  const dir = path.join(projectRoot, 'data/relevance/test');
  const entries = (['topical.json', 'assistant.json'] as const).flatMap((name) =>
    readGradedEntries(fs.readFileSync(path.join(dir, name), 'utf8'), name).map((entry) => ({ entry, file: name })),
  );
  await withShippedCatalogue(async (db) => {
    await shiftDemoGrantDates(db);
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const catalogue = await loadCatalogueRecords(db);
    const byId = new Map(catalogue.map((g) => [g.opportunityNumber, g]));
    const bm25 = new Bm25Index(catalogue.map((g) => ({ id: g.opportunityNumber, text: bm25Document(g) })));
    const statusOf = (id: string) => byId.get(id)?.status ?? '';
    const actor = benchActor();
    fs.mkdirSync(out, { recursive: true });
    let packets = 0;
    let total = 0;
    for (const [index, { entry, file }] of entries.entries()) {
      const question = entry.kind === 'assistant';
      const statuses = question ? openStatuses : allStatuses;
      const open = (id: string) => (statuses as string[]).includes(statusOf(id));
      const found = new Set<string>([
        ...(await plainFullText(db, entry.query, statuses, depth)),
        ...bm25.search(entry.query, depth, open),
        ...(await searchBoxTop(db, actor, entry.query, statuses, depth, now)),
        ...(await assistantTop(db, actor, entry.query, depth, now)),
        ...nearestTop(catalogue, entry.topic ?? entry.query, depth, (g) => open(g.opportunityNumber)),
      ]);
      if (question && entry.topic) {
        const constraints = judgedConstraints(entry);
        for (const id of bm25.search(entry.topic, depth, open)) found.add(id);
        for (const id of bm25.search(entry.topic, depth, (id) => meetsConstraints(byId.get(id)!, constraints, today)))
          found.add(id);
      }
      const candidates = [...found]
        .filter((id) => !unjudged || entry.judgments[id] === undefined)
        .sort()
        .map((id) => {
          const g = byId.get(id)!;
          return {
            id,
            title: g.title,
            agency: g.agency ?? g.agencyCode,
            program: g.programTitle,
            programObjective: clip(g.objectives, 400),
            description: clip(g.description, 900),
          };
        });
      total += candidates.length;
      if (candidates.length === 0) continue;
      packets += 1;
      const packet: { file: string; query: string; topic?: string; candidates: typeof candidates } = {
        file,
        query: entry.query,
        ...(entry.topic ? { topic: entry.topic } : {}),
        candidates,
      };
      fs.writeFileSync(path.join(out, `${String(index + 1).padStart(2, '0')}.json`), `${JSON.stringify(packet, null, 1)}\n`);
    }
    console.log(`${packets} packets, ${total} candidates to judge, in ${path.relative(process.cwd(), out)}`);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
