// `npm start`: builds the web app and the server when their sources are newer
// than the builds, then runs the built server (migrations, reference and demo
// data, listen). `--build-only` stops after the builds. START_FROM_SOURCE=1
// runs the server from its TypeScript through tsx instead, as before it was
// built (slower to start; `npm run bench:start -- --from-source` compares).
// With WEB_DIST set, the server serves that web build and apps/web is not built.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverBundle, serverIsStale } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const fromSource = ['1', 'true', 'yes'].includes(process.env.START_FROM_SOURCE ?? '');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages/contract/src'];
const sourceTime = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
const builtTime = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;

if (!process.env.WEB_DIST && builtTime < sourceTime) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (!fromSource && serverIsStale()) {
  console.log('Building the server…');
  try {
    const ms = await buildServer();
    console.log(`Built the server in ${(ms / 1000).toFixed(1)} s`);
  } catch (err) {
    // esbuild has printed what it could not build.
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
if (process.argv.includes('--build-only')) process.exit(0);

const args = fromSource
  ? ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')]
  : ['--enable-source-maps', serverBundle];
const server = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
