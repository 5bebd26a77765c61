// CPU-heavy work off the event loop. Parsing an uploaded file or scoring a
// password can take seconds on hostile input; on the main thread that is
// seconds in which no request is read, no health check answered and no
// socket event moved, for every user. A pool (piscina) runs such a task in a
// worker thread with a deadline and a memory ceiling: past either, the worker
// is ended and the caller gets a WorkerLimitError to turn into a clear answer.
//
// Pools are made on first use and idle workers end after a while, so a
// server that never parses a file never starts a thread. The app closes them
// all on shutdown (closeWorkerPools).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import Piscina from 'piscina';

export class WorkerLimitError extends Error {
  constructor(readonly limit: 'time' | 'memory' | 'busy') {
    super(
      limit === 'time'
        ? 'The task ran past its deadline'
        : limit === 'memory'
          ? 'The task ran out of memory'
          : 'Too many tasks are waiting',
    );
  }
}

export type WorkerPoolOptions = {
  /** Threads at most (each one a V8 isolate of a few tens of MB). */
  maxThreads?: number;
  /** Heap ceiling of each worker, MB. */
  memoryMb?: number;
  /** Tasks waiting beyond this are refused at once rather than queued. */
  maxQueue?: number;
};

export type WorkerPool<Task, Result> = { run(task: Task, deadlineMs: number): Promise<Result> };

const live = new Set<() => Promise<void>>();

// Workers load TypeScript the way the server does (node --import tsx), also
// when the parent is a test runner that transforms code its own way.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export function workerPool<Task, Result>(file: URL, options: WorkerPoolOptions = {}): WorkerPool<Task, Result> {
  let pool: Piscina<Task, Result> | null = null;
  const close = async () => {
    const closing = pool;
    pool = null;
    live.delete(close);
    await closing?.destroy();
  };
  const open = () => {
    pool ??= new Piscina<Task, Result>({
      filename: file.href,
      minThreads: 0,
      maxThreads: options.maxThreads ?? 2,
      idleTimeout: 30_000,
      maxQueue: options.maxQueue ?? 64,
      execArgv: file.pathname.endsWith('.ts') ? ['--import', tsxLoader] : [],
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb ?? 256 },
    });
    live.add(close);
    return pool;
  };
  return {
    async run(task, deadlineMs) {
      try {
        return await open().run(task, { signal: AbortSignal.timeout(deadlineMs) });
      } catch (error) {
        const { name, code } = error as { name?: string; code?: string };
        if (name === 'AbortError' || name === 'TimeoutError') throw new WorkerLimitError('time');
        if (code === 'ERR_WORKER_OUT_OF_MEMORY') throw new WorkerLimitError('memory');
        if ((error as Error).message === 'Task queue is at limit') throw new WorkerLimitError('busy');
        throw error;
      }
    },
  };
}

/** Ends every pool's workers (the app's onClose hook). */
export async function closeWorkerPools(): Promise<void> {
  await Promise.all([...live].map((close) => close()));
}
