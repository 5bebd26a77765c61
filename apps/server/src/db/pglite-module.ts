// PGlite's WebAssembly build starts PostgreSQL with `shared_buffers=128MB`
// written into the binary as a command-line option, so neither
// postgresql.conf nor ALTER SYSTEM can lower it, and PGlite has no option for
// it. PostgreSQL touches its shared buffers as it reads, so an embedded
// server settled at about 375 MB resident before it did any work of ours.
// This compiles PGlite's own module once per process with that one option
// rewritten in place (same bytes around it, a shorter value padded with the
// string's terminator), which PGlite accepts as `wasmModule`. If a PGlite
// upgrade moves or changes the option, nothing is patched: PGlite's own
// module is used and a warning says so (decision 036).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGliteOptions } from '@electric-sql/pglite';

type WasmModule = NonNullable<PGliteOptions['wasmModule']>;
// The server's TypeScript libraries leave out the DOM's WebAssembly types; Node has the global.
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }).WebAssembly;

const OPTION = 'shared_buffers=128MB';

/** Shared buffers for an embedded database: small, since the operating system caches the files anyway. */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB';

let compiled: Promise<WasmModule | undefined> | undefined;
let compiledFor: string | undefined;

/** `bytes` with the built-in shared_buffers option set to `size`, or undefined when it is not found exactly once. */
export function withSharedBuffers(bytes: Uint8Array, size: string): Uint8Array | undefined {
  if (!/^[1-9][0-9]{0,2}MB$/.test(size)) throw new Error(`shared_buffers must look like 16MB, not ${size}`);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const from = Buffer.from(`${OPTION}\0`);
  const at = buffer.indexOf(from);
  if (at < 0 || buffer.indexOf(from, at + 1) >= 0) return undefined;
  const patched = Buffer.from(buffer);
  const to = Buffer.alloc(from.length); // the rest stays \0: the C string ends where the value does
  Buffer.from(`shared_buffers=${size}`).copy(to);
  to.copy(patched, at);
  return patched;
}

function pgliteWasmPath() {
  const require = createRequire(import.meta.url);
  // The package's exports hide package.json; its entry point sits beside the module.
  return path.join(path.dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm');
}

/** PGlite's module with the given shared buffers, compiled once per process; undefined means "use PGlite's own". */
export function pgliteModule(size: string, warn: (message: string) => void = console.warn) {
  if (compiled && compiledFor === size) return compiled;
  compiledFor = size;
  compiled = (async () => {
    const patched = withSharedBuffers(await fs.promises.readFile(pgliteWasmPath()), size);
    if (!patched) {
      warn(`PGlite's built-in ${OPTION} was not found; the embedded database keeps 128MB of shared buffers`);
      return undefined;
    }
    return wasm.compile(patched);
  })();
  return compiled;
}
