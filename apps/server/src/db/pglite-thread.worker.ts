// The embedded database's own thread (see pglite-thread.ts): opens PGlite on
// the data dir and runs what the main thread asks, one message per call.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgliteModule } from './pglite-module';
import type { PgliteCall, PgliteReply } from './pglite-thread';

const { dir, sharedBuffers } = workerData as { dir: string; sharedBuffers: string };
const port = parentPort!;

/** Parsers that keep a type's text as it is (Drizzle asks for these on dates and intervals). */
const keepText = (oids: number[] | undefined) =>
  oids ? Object.fromEntries(oids.map((oid) => [oid, (value: string) => value])) : undefined;

function describeError(error: unknown): PgliteReply & { ok: false } {
  const e = error as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const key of ['code', 'severity', 'detail', 'hint', 'position', 'where', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine']) {
    if (e?.[key] !== undefined) fields[key] = e[key];
  }
  return { id: 0, ok: false, error: { message: String(e?.message ?? error), name: String(e?.name ?? 'Error'), fields } };
}

async function main() {
  const wasmModule = await pgliteModule(sharedBuffers);
  const db = await PGlite.create(dir, wasmModule ? { wasmModule } : {});
  /** Open transactions by id, each waiting for its end. */
  const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
  /** Each transaction's settling (its COMMIT or ROLLBACK), by id. */
  const endings = new Map<number, Promise<void>>();

  const run = async (call: PgliteCall): Promise<unknown> => {
    switch (call.op) {
      case 'query': {
        const target = call.tx ? transactions.get(call.tx)?.tx : db;
        if (!target) throw new Error('The transaction has ended');
        return target.query(call.text, call.params, { rowMode: call.rowMode, parsers: keepText(call.textTypes) });
      }
      case 'exec': {
        const target = call.tx ? transactions.get(call.tx)?.tx : db;
        if (!target) throw new Error('The transaction has ended');
        return target.exec(call.text);
      }
      case 'begin': {
        // Answers once the transaction holds PGlite; it then waits for 'end'.
        let started!: () => void;
        const ready = new Promise<void>((resolve) => (started = resolve));
        const finished = db.transaction(async (tx) => {
          const commit = await new Promise<boolean>((end) => {
            transactions.set(call.id, { tx, end });
            started();
          });
          if (!commit) await tx.rollback();
        });
        endings.set(call.id, finished.finally(() => transactions.delete(call.id)));
        await Promise.race([ready, finished]);
        return null;
      }
      case 'end': {
        const open = transactions.get(call.tx!);
        const finished = endings.get(call.tx!);
        endings.delete(call.tx!);
        open?.end(call.commit ?? false);
        // The COMMIT (or ROLLBACK) runs as the transaction's callback returns: its error is the caller's.
        await finished;
        return null;
      }
      case 'dump': {
        const blob = await db.dumpDataDir(call.compression);
        return new Uint8Array(await blob.arrayBuffer());
      }
      case 'copy': {
        // A backup (db/backup.ts). The checkpoint writes every changed page
        // out, so the copy has little WAL to replay when it is opened; like any
        // statement it waits for an open transaction to end, so the copy
        // comes between transactions.
        await db.exec('CHECKPOINT');
        // PostgreSQL here writes its files only while this thread runs one of
        // its statements, and the copy is synchronous: no statement runs
        // during it, so the files are copied as they stood at one instant,
        // what a crash at that instant would leave, which PostgreSQL opens
        // with every committed transaction and nothing else. The server's
        // main thread keeps serving; queries wait here for the copy, as long
        // as copying the folder takes on this disk (a reflink where the
        // filesystem has them).
        fs.cpSync(dir, call.target, { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
        return null;
      }
      case 'close':
        await db.close();
        return null;
    }
  };

  port.on('message', (call: PgliteCall) => {
    run(call).then(
      (result) => port.postMessage({ id: call.id, ok: true, result } satisfies PgliteReply),
      (error) => port.postMessage({ ...describeError(error), id: call.id }),
    );
  });
  port.postMessage({ id: 0, ok: true, result: 'ready' } satisfies PgliteReply);
}

main().catch((error) => port.postMessage({ ...describeError(error), id: 0 }));
