import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import fs from 'node:fs';
import { readJudgments, recallAt, reciprocalRank, winsAndLosses } from './bench-relevance';
import { Bm25Index, bm25Terms } from './relevance-bm25';

describe('relevance metrics', () => {
  it('reciprocal rank is 1/rank of the first relevant result within the cutoff', () => {
    const relevant = new Set(['B', 'Z']);
    expect(reciprocalRank(['A', 'B', 'C'], relevant)).toBe(0.5);
    expect(reciprocalRank(['A', 'C'], relevant)).toBe(0);
    expect(reciprocalRank([...'CDEFGHIJKL', 'B'], relevant)).toBe(0);
  });

  it('recall@k is the share of relevant grants in the top k', () => {
    expect(recallAt(['A', 'B', 'C'], new Set(['B', 'Z']))).toBe(0.5);
    expect(recallAt([...'ABCDEFGHIJ', 'Z'], new Set(['Z']))).toBe(0);
  });
});

describe('plain BM25 baseline', () => {
  it('stems, drops stop words and ranks the rarer word first', () => {
    expect(bm25Terms('The Teaching of Learning')).toEqual(['teach', 'learn']);
    const index = new Bm25Index([
      { id: 'A', text: 'health services for rural areas' },
      { id: 'B', text: 'pollinator health' },
      { id: 'C', text: 'health research' },
      { id: 'D', text: 'community health workers' },
    ]);
    expect(index.search('pollinator health', 2)).toEqual(['B', 'C']);
    expect(index.search('pollinator health', 10, (id) => id !== 'B')[0]).toBe('C');
    expect(index.search('unknownword', 10)).toEqual([]);
  });

  it('saturates a repeated word and normalises by length', () => {
    const index = new Bm25Index([
      { id: 'long', text: `salmon ${'river '.repeat(40)}` },
      { id: 'short', text: 'salmon survey' },
    ]);
    expect(index.search('salmon', 2)).toEqual(['short', 'long']);
  });
});

describe('wins and losses', () => {
  it('counts a difference under 0.001 as a tie', () => {
    expect(winsAndLosses([1, 0.5, 0.3, 0.2], [0.5, 0.5, 0.3005, 0.9])).toEqual({ wins: 1, losses: 1, ties: 2 });
  });
});

describe('test set', () => {
  it('has 40 known items with their relevant records, 40 topical searches and 20 questions with a relevant record judged', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const dir = path.join(config.projectRoot, 'data/relevance/test');
    expect(readJudgments(path.join(dir, 'known-items.json'))).toHaveLength(40);
    const graded = (file: string) =>
      (JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { judgments: Record<string, number> }[]).filter((e) =>
        Object.values(e.judgments).some((g) => g > 0),
      ).length;
    expect(graded('topical.json')).toBeGreaterThanOrEqual(40);
    expect(graded('assistant.json')).toBeGreaterThanOrEqual(20);
  });
});

describe('judged query set', () => {
  it('has at least 40 queries, each with 1 to 30 distinct relevant grants', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const judgments = readJudgments(path.join(config.projectRoot, 'data/relevance/judgments.json'));
    expect(judgments.length).toBeGreaterThanOrEqual(40);
    expect(new Set(judgments.map((j) => j.query)).size).toBe(judgments.length);
    for (const j of judgments) {
      expect(new Set(j.relevant).size).toBe(j.relevant.length);
      expect(j.relevant.length).toBeGreaterThanOrEqual(1);
      expect(j.relevant.length).toBeLessThanOrEqual(30);
    }
  });
});
