// The embedded database off the event loop. PGlite is PostgreSQL compiled to
// WebAssembly: a query runs on the thread that called it, so on the main
// thread every query stopped the server from reading requests, answering
// health checks, serving files and moving socket events until it returned
// (with 50 searches in flight a SIGTERM found most requests unread, issue 27).
// Here PGlite runs in a worker thread of its own and the server talks to it
// by messages: the main thread waits for a query as it waits for a socket.
//
// PGlite ships a worker mode, but for browsers: it needs Web Locks and a
// BroadcastChannel leader election across tabs, which Node 20 lacks, and we
// have one process per data dir anyway (the data-dir lock). This is the small
// part we need, the shape of PGlite's own interface: query, exec,
// transaction and close, which is what Drizzle's PGlite driver, pg-boss's
// adapter and the upkeep job call (decision 044).
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import { runsFromBundle, workerModule } from '../lib/project-paths';

type CallBody = { tx?: number } & (
  | { op: 'query'; text: string; params?: unknown[]; rowMode?: 'array' | 'object'; textTypes?: number[] }
  | { op: 'exec'; text: string }
  | { op: 'begin' }
  | { op: 'end'; commit?: boolean }
  | { op: 'dump'; compression?: 'none' | 'gzip' | 'auto' }
  | { op: 'copy'; target: string }
  | { op: 'close' }
);
export type PgliteCall = CallBody & { id: number };
export type PgliteReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { message: string; name: string; fields: Record<string, unknown> } };

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };

/** What the app uses of PGlite, whether in this thread or in its own. */
export type PgliteClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close' | 'dumpDataDir'> & {
  /**
   * Copies the data dir to `target` as it stands between two statements: a
   * consistent copy while the server keeps serving (db/backup.ts). Only the
   * database thread has it (an in-memory PGlite has no files).
   */
  copyDataDir?: (target: string) => Promise<void>;
};

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** An error from the database thread, with PostgreSQL's fields (code, constraint, detail…) as PGlite gives them. */
function rebuild(error: { message: string; name: string; fields: Record<string, unknown> }) {
  const rebuilt = new Error(error.message) as Error & Record<string, unknown>;
  rebuilt.name = error.name;
  Object.assign(rebuilt, error.fields);
  return rebuilt;
}

/**
 * Opens PGlite on `dir` in a worker thread. Answers a client with PGlite's
 * query/exec/transaction/close; parsers passed to query may only keep a
 * type's text as it is (the only ones Drizzle passes), since functions
 * cannot cross to the other thread.
 */
export async function openPgliteThread(dir: string, sharedBuffers: string): Promise<PgliteClient> {
  // From the bundle (`npm start`) the thread runs the built pglite-thread.worker.mjs
  // as it is; from source, the TypeScript through tsx (pglite-thread.entry.cjs).
  const worker = runsFromBundle
    ? new Worker(workerModule('pglite-thread', import.meta.url), { workerData: { dir, sharedBuffers } })
    : new Worker(new URL('./pglite-thread.entry.cjs', import.meta.url), {
        workerData: { dir, sharedBuffers, entryPath: fileURLToPath(workerModule('pglite-thread', import.meta.url)) },
        execArgv: ['--import', tsxLoader],
      });
  let next = 1;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let failure: Error | null = null;
  let readyResolve!: () => void;
  let readyReject!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    readyResolve = resolve;
    readyReject = reject;
  });

  worker.on('message', (reply: PgliteReply) => {
    if (reply.id === 0) {
      if (reply.ok) readyResolve();
      else readyReject(rebuild(reply.error));
      return;
    }
    const call = waiting.get(reply.id);
    if (!call) return;
    waiting.delete(reply.id);
    if (reply.ok) call.resolve(reply.result);
    else call.reject(rebuild(reply.error));
  });
  const fail = (error: Error) => {
    failure = error;
    readyReject(error);
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The database thread stopped (exit code ${code})`)));

  const send = <T>(call: CallBody, id = next++): Promise<T> => {
    if (failure) return Promise.reject(failure);
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...call, id });
    });
  };

  const queryVia = (tx: number | undefined) =>
    (<T>(text: string, params?: unknown[], options?: QueryOptions) =>
      send<Results<T>>({
        op: 'query',
        tx,
        text,
        params,
        rowMode: options?.rowMode,
        textTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
      })) as PGlite['query'];
  const execVia = (tx: number | undefined) =>
    ((text: string) => send<Results[]>({ op: 'exec', tx, text })) as PGlite['exec'];

  await ready;
  return {
    query: queryVia(undefined),
    exec: execVia(undefined),
    async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      const id = next++;
      await send<void>({ op: 'begin' }, id);
      let closed = false;
      const tx: Transaction = {
        query: queryVia(id),
        sql: (() => {
          throw new Error('tx.sql is not available on the database thread; use tx.query');
        }) as Transaction['sql'],
        exec: execVia(id),
        rollback: async () => {
          closed = true;
          await send<void>({ op: 'end', tx: id, commit: false });
        },
        listen: () => Promise.reject(new Error('LISTEN is not available on the database thread')),
        get closed() {
          return closed;
        },
      };
      let result: T;
      try {
        result = await work(tx);
      } catch (error) {
        if (!closed) await send<void>({ op: 'end', tx: id, commit: false }).catch(() => undefined);
        throw error;
      }
      if (!closed) await send<void>({ op: 'end', tx: id, commit: true });
      return result;
    },
    async dumpDataDir(compression?: 'none' | 'gzip' | 'auto') {
      const bytes = await send<Uint8Array<ArrayBuffer>>({ op: 'dump', compression });
      return new Blob([bytes]);
    },
    async copyDataDir(target: string) {
      await send<null>({ op: 'copy', target });
    },
    async close() {
      if (!failure) await send<void>({ op: 'close' }).catch(() => undefined);
      worker.removeAllListeners('exit');
      failure = new Error('The database is closed');
      await worker.terminate();
    },
  } as PgliteClient;
}
