// `npm run bench:start`: how long `npm start` takes until GET /api/health
// answers 200, from the moment the command is spawned: a first start on an
// empty database, then a warm start on the same data (the second start),
// median of 5 of each. PGlite always (a new DATA_DIR each run); PostgreSQL too
// with --database-url or TEST_DATABASE_URL (a new database each run, created
// and dropped here). The server is built before each timed start when stale,
// so no build is counted (a start that built anyway, a source saved
// meanwhile, is run again); the web app is served from a copy of
// apps/web/dist made once (WEB_DIST), so others' work on it builds nothing.
//
//   npm run bench:start -- [--runs 5] [--database-url postgres://…] [--only pglite|postgres]
//                          [--from-source | --compare | --against <checkout>]
//
// --from-source times the server run from TypeScript through tsx
// (START_FROM_SOURCE=1); --compare times both, alternating, so they meet the
// same load; --against times `npm start` of another checkout of the project
// (one sharing these node_modules, e.g. `git archive` of an older commit with
// node_modules linked) alternating with this one's.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { projectRoot } from '../lib/project-paths';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'database-url': { type: 'string' },
    only: { type: 'string' },
    'from-source': { type: 'boolean', default: false },
    compare: { type: 'boolean', default: false },
    against: { type: 'string' },
  },
});
const runs = Number(options.runs);
const postgresUrl = options['database-url'] ?? process.env.TEST_DATABASE_URL;
type Mode = 'built' | 'source' | 'other';
const modes: Mode[] = options.against
  ? ['other', 'built']
  : options.compare
    ? ['source', 'built']
    : options['from-source']
      ? ['source']
      : ['built'];
const other = options.against ? path.resolve(options.against) : undefined;
const checkoutOf = (mode: Mode) => (mode === 'other' ? other! : projectRoot);
const modeName = (mode: Mode) =>
  mode === 'built'
    ? 'built (dist/main.mjs)'
    : mode === 'source'
      ? 'from source (tsx)'
      : `${other} (npm start)`;
type Kind = 'pglite' | 'postgres';
const kinds: Kind[] = (['pglite', 'postgres'] as const).filter(
  (kind) => (!options.only || options.only === kind) && (kind === 'pglite' || postgresUrl),
);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The start's environment: this one's, without settings that would point it elsewhere, and `extra`. */
function childEnv(mode: Mode, extra: Record<string, string>) {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'HOST', 'PORT', 'START_FROM_SOURCE'])
    delete env[name];
  env.WEB_DIST = webDist;
  // The timing ends at the health check; the stop need not wait for load balancers.
  env.SHUTDOWN_DRAIN_MS = '0';
  if (mode === 'source') env.START_FROM_SOURCE = '1';
  return { ...env, ...extra };
}

/** The web app the starts serve: a copy of the current build, or a build of its own. */
function webBuild() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-bench-start-web-'));
  const built = path.join(projectRoot, 'apps/web/dist');
  if (fs.existsSync(path.join(built, 'index.html'))) {
    fs.cpSync(built, dir, { recursive: true });
    return dir;
  }
  const build = spawnSync(
    'npm',
    ['run', 'build', '-w', 'apps/web', '--', '--outDir', dir, '--emptyOutDir'],
    {
      cwd: projectRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (build.status !== 0) throw new Error('the web build failed');
  return dir;
}
const webDist = webBuild();

/** Builds the server, when stale, outside the timing (again after a pause if a source is caught half-saved). */
async function buildFirst(mode: Mode) {
  const start = path.join(checkoutOf(mode), 'scripts/start.mjs');
  // An older start.mjs without --build-only would start the server instead.
  if (!fs.readFileSync(start, 'utf8').includes('--build-only')) return;
  for (let attempt = 1; ; attempt++) {
    const build = spawnSync(process.execPath, [start, '--build-only'], {
      cwd: checkoutOf(mode),
      env: childEnv(mode, {}),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (build.status === 0) return;
    if (attempt === 5) throw new Error('the server build failed');
    await sleep(30_000);
  }
}

type Timed = { seconds: number; built: boolean };

/** Spawns `npm start`, times it until /api/health answers 200, then stops the whole process group. */
async function timeStart(mode: Mode, env: Record<string, string>): Promise<Timed> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: checkoutOf(mode),
    env: childEnv(mode, { ...env, PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  try {
    for (;;) {
      if (exited) throw new Error(`the start exited before answering:\n${output}`);
      if (performance.now() - started > 300_000)
        throw new Error(`no answer after 300 s:\n${output}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
          signal: AbortSignal.timeout(2000),
        });
        if (response.status === 200) break;
      } catch {
        // not listening yet
      }
      await sleep(25);
    }
    return {
      seconds: (performance.now() - started) / 1000,
      built: /Building the (server|web app)/.test(output),
    };
  } finally {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    await Promise.race([gone, sleep(30_000)]);
    // The data dir is free only once every process of the group has ended.
    for (let i = 0; ; i++) {
      try {
        process.kill(-child.pid!, i < 300 ? 0 : 'SIGKILL');
      } catch {
        break;
      }
      await sleep(100);
    }
  }
}

/** A start timed without a build in it (one more try when a source changed meanwhile). */
async function timedStart(mode: Mode, env: Record<string, string>) {
  for (let attempt = 0; ; attempt++) {
    await buildFirst(mode);
    const timed = await timeStart(mode, env);
    if (!timed.built || attempt === 2) return timed;
    console.log('    (a build ran inside that start: timing it again)');
  }
}

/** A fresh database for one run: its start environment, and how to remove it. */
async function freshDatabase(
  kind: Kind,
  run: number,
): Promise<{ env: Record<string, string>; remove: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-bench-start-'));
  if (kind === 'pglite') {
    return {
      env: { DATA_DIR: dataDir },
      remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `gb_bench_start_${process.pid}_${run}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    remove: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const summary = (xs: number[]) =>
  `${median(xs).toFixed(1)} s (${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)})`;

async function main() {
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number from 1');
  if (!postgresUrl && options.only !== 'pglite')
    console.log('No --database-url or TEST_DATABASE_URL: PostgreSQL is skipped.');
  const loads = [load()];
  console.log(
    `bench:start, ${runs} runs; ${os.cpus().length} CPUs, Node ${process.version}; load average ${loads[0]}`,
  );
  const results = new Map<string, { first: number[]; warm: number[] }>();
  for (let run = 1; run <= runs; run++) {
    for (const kind of kinds) {
      for (const mode of modes) {
        const key = `${kind}|${mode}`;
        const result = results.get(key) ?? { first: [], warm: [] };
        results.set(key, result);
        const database = await freshDatabase(kind, run);
        try {
          const first = await timedStart(mode, database.env);
          const warm = await timedStart(mode, database.env);
          result.first.push(first.seconds);
          result.warm.push(warm.seconds);
          console.log(
            `  run ${run} ${kind} ${modeName(mode)}: ` +
              `first ${first.seconds.toFixed(1)} s, warm ${warm.seconds.toFixed(1)} s (load ${load()})`,
          );
        } finally {
          await database.remove();
        }
      }
    }
    loads.push(load());
  }
  console.log(
    `\nTime from spawning \`npm start\` until GET /api/health answers 200; median (min–max) of ${runs}.`,
  );
  console.log(
    `Load average (1, 5, 15 min) at the start: ${loads[0]}; at the end: ${loads.at(-1)}.\n`,
  );
  console.log('| database | server | first start (empty database) | warm start |');
  console.log('| --- | --- | --- | --- |');
  for (const [key, { first, warm }] of results) {
    const [kind, mode] = key.split('|');
    console.log(
      `| ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${modeName(mode as Mode)} | ${summary(first)} | ${summary(warm)} |`,
    );
  }
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(webDist, { recursive: true, force: true }));
