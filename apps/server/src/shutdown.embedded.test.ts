// A rolling deploy's SIGTERM drops nothing: the real server, as a process, on
// an embedded database, under a burst of requests; SIGTERM in the middle. The
// health check says "going away" at once, every request already sent is
// answered, and the process exits cleanly. (With searches and uploads in
// flight, on either database: shutdown.test.ts.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, sleep, startServerProcess } from '../test/processes';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-shutdown-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('SIGTERM under load', () => {
  it('answers every request already sent, reports not-ready at once, and exits 0', async () => {
    const port = await freePort();
    const serverProcess = await startServerProcess(port, {
      LOG_LEVEL: 'warn',
      DATA_DIR: dir,
      DATABASE_URL: '',
      // Long enough that a busy machine's slow timers still send all 150 inside it.
      SHUTDOWN_DRAIN_MS: '8000',
      WEB_DIST: path.join(dir, 'no-web'),
    });
    const { process: server, exited } = serverProcess;
    expect(serverProcess.output()).toContain('GrantBridge is running');
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

