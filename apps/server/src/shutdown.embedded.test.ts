// A rolling deploy's SIGTERM drops nothing: the real server, as a process, on
// an embedded database, under a burst of requests; SIGTERM in the middle. The
// health check says "going away" at once, every request already sent is
// answered, and the process exits cleanly. (With searches and uploads in
// flight, on either database: shutdown.test.ts.)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, sleep } from '../test/processes';

const main = path.resolve(path.dirname(new URL(import.meta.url).pathname), 'main.ts');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-shutdown-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('SIGTERM under load', () => {
  it('answers every request already sent, reports not-ready at once, and exits 0', async () => {
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DATABASE_URL: '',
        // Long enough that a busy machine's slow timers still send all 150 inside it.
        SHUTDOWN_DRAIN_MS: '8000',
        WEB_DIST: path.join(dir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) =>
      server.once('exit', (code) => resolve(code)),
    );
    let output = '';
    server.stdout.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const deadline = Date.now() + 60_000;
    while (!output.includes('GrantBridge is running') && Date.now() < deadline) await sleep(100);
    expect(output).toContain('GrantBridge is running');
    const base = `http://127.0.0.1:${port}`;

    // 150 requests over about 1.5 s (more on a busy machine), each on its own connection; SIGTERM after the 40th.
    const outcomes: Promise<string>[] = [];
    const started = Date.now();
    let health: Promise<number> | undefined;
    for (let i = 0; i < 150; i++) {
      if (i === 40) {
        server.kill('SIGTERM');
        await sleep(50);
        health = fetch(`${base}/api/health`).then((r) => r.status);
      }
      outcomes.push(
        fetch(`${base}/api/v1/institutions?q=univ&limit=20`, { headers: { connection: 'close' } })
          .then(async (r) => `${r.status} ${(await r.text()).length > 0 ? 'body' : 'empty'}`)
          .catch(
            (err: Error & { cause?: { code?: string } }) =>
              `failed ${err.cause?.code ?? err.message}`,
          ),
      );
      await sleep(8);
    }
    // Every request was sent within the drain period (8 s; about 1.5 s on a quiet machine).
    expect(Date.now() - started).toBeLessThan(7500);
    const results = await Promise.all(outcomes);
    const counts = results.reduce<Record<string, number>>(
      (acc, r) => ((acc[r] = (acc[r] ?? 0) + 1), acc),
      {},
    );
    expect(counts).toEqual({ '200 body': 150 });
    expect(await health).toBe(503);
    expect(await exited).toBe(0);
  }, 90_000);
});

