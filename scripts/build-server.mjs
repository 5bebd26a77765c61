// Builds the server to JavaScript (apps/server/dist/), as `npm start` runs it:
// loading the TypeScript through tsx at run time cost about 4 s of every
// start. esbuild bundles our own code and the contract (packages/contract is
// TypeScript source) into dist/main.mjs; packages in node_modules stay
// imports. Each worker thread's module (src/**/*.worker.ts) is an entry of
// its own, dist/<name>.worker.mjs, which lib/project-paths.ts finds beside
// the bundle. Files the server reads at run time (migrations, database
// functions, data/, the web build) are read where they are in the project.
//
// `node scripts/build-server.mjs` builds; scripts/start.mjs imports it to
// build only when a source is newer than the bundle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
export const serverBundle = path.join(serverDir, 'dist/main.mjs');

/** What the bundle is made of: a newer file (or folder, for a deleted file) here means a rebuild. */
const sources = [
  'apps/server/src',
  'packages/contract/src',
  'apps/server/package.json',
  'packages/contract/package.json',
  'scripts/build-server.mjs',
].map((s) => path.join(root, s));

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Whether the bundle is missing or older than one of its sources. */
export function serverIsStale() {
  if (!fs.existsSync(serverBundle)) return true;
  return fs.statSync(serverBundle).mtimeMs < Math.max(...sources.map(newestMtime));
}

function workerEntries(dir, found = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) workerEntries(file, found);
    else if (entry.name.endsWith('.worker.ts')) found.push(file);
  }
  return found;
}

/** Builds dist/main.mjs and the workers; resolves with the time it took, in ms. */
export async function buildServer() {
  const started = Date.now();
  const { build } = await import('esbuild');
  const outdir = path.join(serverDir, 'dist');
  const workers = {};
  for (const file of workerEntries(path.join(serverDir, 'src'))) {
    const name = path.basename(file, '.ts');
    if (workers[name])
      throw new Error(
        `Two worker modules are named ${name}.ts; the bundle keeps them side by side`,
      );
    workers[name] = file;
  }
  const common = {
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
    plugins: [
      {
        // Packages stay imports, resolved from node_modules at run time, but the
        // contract is TypeScript source and is bundled.
        name: 'packages-external-but-contract',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@grantbridge/contract')
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
  };
  const [server, threads] = await Promise.all([
    // main.ts imports the app with import() so the database opens while it
    // loads: split, that part and the packages it imports are chunks of
    // their own (<name>-<hash>.mjs, beside main.mjs like everything that
    // finds a worker from its import.meta.url) loaded then.
    build({
      ...common,
      entryPoints: { main: path.join(serverDir, 'src/main.ts') },
      splitting: true,
    }),
    // Each worker whole, needing no chunk a later build may remove.
    build({ ...common, entryPoints: workers }),
  ]);
  const outputs = [...threads.outputFiles, ...server.outputFiles];
  // Written beside and renamed into place, so a server starting meanwhile
  // never reads half a file: the workers and chunks first, main.mjs last, so
  // a start that reads the new main.mjs finds what it imports.
  const last = (file) => (path.basename(file.path).startsWith('main.') ? 1 : 0);
  for (const file of outputs.sort((a, b) => last(a) - last(b))) {
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
  // Chunks of earlier builds (their names carry a hash of their content).
  const written = new Set(outputs.map((file) => path.basename(file.path)));
  for (const entry of fs.readdirSync(outdir, { withFileTypes: true })) {
    if (entry.isFile() && !written.has(entry.name) && !entry.name.endsWith('.tmp'))
      fs.rmSync(path.join(outdir, entry.name));
  }
  // The bundle's time is the build's start, so a source saved during the build makes it stale.
  const startedAt = new Date(started);
  fs.utimesSync(serverBundle, startedAt, startedAt);
  return Date.now() - started;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ms = await buildServer();
  console.log(`Built the server (apps/server/dist) in ${(ms / 1000).toFixed(1)} s`);
}
