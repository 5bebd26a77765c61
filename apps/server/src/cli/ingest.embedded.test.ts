// `npm run ingest` as a person runs it: progress and rejections on stderr, the JSON summary last on stdout.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, extract, record } from '../modules/grants/import/test-extracts';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');

let dir: string;
function file(name: string, content: string) {
  const full = path.join(dir, name);
  fs.writeFileSync(full, content);
  return full;
}

describe('npm run ingest', () => {
  let dataDir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-ingest-files-'));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-ingest-cli-'));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs the command as a person would, on an embedded database of its own. */
  function ingest(file: string) {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' };
    delete env.DATABASE_URL;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/ingest.ts', file], { cwd: root, env, encoding: 'utf8' });
    const lines = run.stdout.trim().split('\n');
    return { status: run.status, stderr: run.stderr, summary: JSON.parse(lines[lines.length - 1]!) as unknown };
  }

  it('reports progress and rejections on stderr, and ends stdout with the JSON summary, whether it finishes or stops', () => {
    const good = file('cli.xml', extract(record(base('920001')), record(base('920002')), record(base('920003', { CloseDate: '13452024' }))));
    const first = ingest(good);
    expect(first.status).toBe(0);
    expect(first.summary).toEqual({ read: 3, inserted: 2, updated: 0, unchanged: 0, rejected: 1 });
    expect(first.stderr).toContain('rejected 920003: CloseDate is not a valid MMDDYYYY date: "13452024"\n');
    expect(first.stderr).toMatch(/^done: 3 records read, \d+ records\/s \(inserted 2, updated 0, unchanged 0, rejected 1\)$/m);
    expect(ingest(good).summary).toEqual({ read: 3, inserted: 0, updated: 0, unchanged: 2, rejected: 1 });

    const full = extract(record(base('920004')), record(base('920005')));
    const cut = ingest(file('cli-cut.xml', full.slice(0, full.indexOf('920005'))));
    expect(cut.status).toBe(1);
    expect(cut.stderr).toMatch(/^ingest stopped: The file is not a complete, well-formed Grants\.gov XML extract \(unclosed tag: .+ at line \d+, column \d+\); stopped after reading 1 record\./m);
    expect(cut.summary).toEqual({ read: 1, inserted: 1, updated: 0, unchanged: 0, rejected: 0 });

    const missing = ingest(path.join(dir, 'missing.zip'));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/Cannot open .*missing\.zip: no such file/);
    expect(missing.summary).toEqual({ read: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0 });
  }, 120_000);
});
