// One app instance for `npm run bench:realtime`, in its own process so the
// load generator and its 1,000 sockets do not share the server's thread (as
// clients on other machines would not). Opens the database the parent seeded
// (BENCH_PGLITE_DIR, or DATABASE_URL), listens on a free port, prints
// `{"url": …}` as one line on stdout, and closes on SIGTERM.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

async function main() {
  const pgliteDir = process.env.BENCH_PGLITE_DIR;
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-bench-rt-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'none'),
    LOG_LEVEL: 'warn',
    ...(process.env.SESSION_CACHE_MS ? { SESSION_CACHE_MS: process.env.SESSION_CACHE_MS } : {}),
  });
  const traced = new Map<string, { n: number; ms: number }>();
  if (process.env.BENCH_TRACE_SQL && database.pglite) {
    const client = database.pglite as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
    for (const name of ['query', 'exec']) {
      const original = client[name]!.bind(client);
      client[name] = async (...args: unknown[]) => {
        const t0 = performance.now();
        try {
          return await original(...args);
        } finally {
          const key = String(args[0]).replace(/\s+/g, ' ').slice(0, 110);
          const e = traced.get(key) ?? { n: 0, ms: 0 };
          e.n++;
          e.ms += performance.now() - t0;
          traced.set(key, e);
        }
      };
    }
  }
  const app = await buildApp(config, { database });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ url })}\n`);
  const stop = async () => {
    for (const [k, v] of [...traced].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15)) {
      console.error(`${v.n}\t${v.ms.toFixed(0)} ms\t${k}`);
    }
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
