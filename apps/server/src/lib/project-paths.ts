// Where the server finds the files it ships with (the data/ folder, the
// migrations and database functions, the web build) and its worker threads,
// the same whether it runs from its TypeScript source (tsx, the tests) or from
// the bundle `npm start` builds (apps/server/dist/, scripts/build-server.mjs).
// A path relative to one file's own location would be right in one of the
// two only, since the bundle is one file in another folder; the project root
// is found instead by walking up to the folder that holds apps/server.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'apps', 'server', 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No GrantBridge project folder above ${from}`);
  }
}

/** The project's root folder (the one with package.json, apps/ and data/). */
export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The server's source folder, where the migrations and the database functions are read from in both cases. */
export const serverSourceDir = path.join(projectRoot, 'apps', 'server', 'src');

/** Whether this code runs from the bundle rather than from its TypeScript source. */
export const runsFromBundle = !import.meta.url.endsWith('.ts');

/**
 * A worker thread's module, `<name>.worker`, next to the calling module
 * (`from`: its import.meta.url): the TypeScript source when running from
 * source, the built `<name>.worker.mjs` beside the bundle otherwise.
 */
export function workerModule(name: string, from: string): URL {
  return new URL(`./${name}.worker.${runsFromBundle ? 'mjs' : 'ts'}`, from);
}
