// The embedded database runs in a thread of its own (decision 044, issue 27):
// while a long query runs, this thread's timers still fire, so the server
// reads requests, answers health checks and moves socket events meanwhile.
// On the calling thread PGlite would hold the event loop for the whole query
// and not one tick would come.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('PGlite in its own thread', () => {
  it('leaves the event loop free while a long query runs', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-thread-'));
    dirs.push(dir);
    const database = await openDatabase({ pgliteDir: dir });
    try {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 20);
      const started = Date.now();
      const [row] = await queryRows<{ n: string }>(
        database.db,
        sql`SELECT sum(a * b)::text AS n FROM generate_series(1, 3000) a, generate_series(1, 3000) b`,
      );
      const took = Date.now() - started;
      clearInterval(timer);
      expect(row!.n).toBe(String(((3000 * 3001) / 2) ** 2));
      // The query is long enough to count: a blocked loop would show 0 ticks.
      expect(took).toBeGreaterThan(300);
      expect(ticks).toBeGreaterThanOrEqual(Math.min(10, Math.floor(took / 20 / 4)));
    } finally {
      await database.close();
    }
  });
});
