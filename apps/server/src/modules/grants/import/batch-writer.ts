// Writes the importer's batches, each in a transaction of its own: the next
// batch is parsed while one is written, and on a PostgreSQL server several
// are written at once. A batch the database refuses for a value in it is
// written again a record at a time, so only the record at fault is rejected.
import type { Db } from '../../../db/client';
import { withEmbeddings, type GrantRow } from './enrich-record';
import { opportunityNumberKey } from './extract-records';
import {
  analyzeGrantKeys,
  cacheProgramVectors,
  prepareGrantBatch,
  upsertGrantBatch,
  type ProgramText,
  type UpsertCounts,
} from './import.repository';

/** The database's own error under the query wrapper (drizzle wraps it, with the whole batch in its message). */
export function databaseErrorOf(err: unknown): { code?: string; message: string } {
  const cause = (err as { cause?: unknown })?.cause;
  const inner = (cause && typeof cause === 'object' && 'code' in cause ? cause : err) as {
    code?: unknown;
    message?: unknown;
  };
  return {
    code: typeof inner.code === 'string' ? inner.code : undefined,
    message: String(inner.message ?? err).slice(0, 300),
  };
}

/**
 * Whether a failed write was refused for a value in it (SQLSTATE class 22,
 * data exception, or 54, a limit such as a search vector over 1 MB or an
 * index entry over its page size) rather than for the database itself.
 */
function isValueError(err: unknown) {
  const code = databaseErrorOf(err).code;
  return code !== undefined && (code.startsWith('22') || code.startsWith('54'));
}

export type BatchWriterOptions = {
  /** Batches written at once. */
  concurrency: number;
  /** Counts of what is committed, added to as each batch commits. */
  counts: UpsertCounts;
  onCommitted: () => void;
  /** A record the database refused, with its reason. */
  onRefused: (id: string, reason: string) => void;
};

export class BatchWriter {
  private readonly inFlight: { done: Promise<void>; keys: Set<string> }[] = [];
  private failure: unknown = null;
  private analyzedAt = 0;
  /**
   * Program texts already handed to the trigger's cache during this import,
   * by title then objectives (the listing's own strings, so lookups are cheap).
   */
  private readonly programsSeen = new Map<string | null, Set<string | null>>();

  constructor(
    private readonly db: Db,
    private readonly options: BatchWriterOptions,
  ) {}

  /** The first failure of a batch, once one has failed. */
  get failed(): unknown {
    return this.failure;
  }

  /** Starts writing a batch, once it may: after fewer than `concurrency` are in flight, and after any batch it shares an opportunity with. */
  async write(rows: GrantRow[]) {
    const programs: ProgramText[] = [];
    for (const r of rows) {
      if (r.programTitle === null && r.objectives === null) continue;
      let seen = this.programsSeen.get(r.programTitle);
      if (!seen) this.programsSeen.set(r.programTitle, (seen = new Set()));
      if (seen.has(r.objectives)) continue;
      seen.add(r.objectives);
      programs.push(r);
    }
    // Rows meet stored ones by key or by opportunity number (import.repository.ts), so both count.
    const keys = new Set<string>();
    for (const r of rows) {
      keys.add(r.sourceKey);
      if (r.opportunityNumber) keys.add(opportunityNumberKey(r.opportunityNumber));
    }
    // This thread's share of the batch (embeddings, its JSON) is done before
    // waiting for the batches in flight, so it overlaps their time in the
    // database: done after the wait, with one batch at a time (PGlite), the
    // database sat idle through it (decision 067).
    const prepared = prepareGrantBatch(withEmbeddings(rows));
    // An opportunity still being written by another batch waits for it, so the file's order holds.
    const clash = this.inFlight.some((f) => [...keys].some((k) => f.keys.has(k)));
    await this.settle(clash ? 0 : this.options.concurrency - 1);
    // The lookup keys' statistics are refreshed each time the import has doubled what it added.
    const { counts } = this.options;
    if (counts.inserted >= 2 * this.analyzedAt + 2000) {
      this.analyzedAt = counts.inserted;
      await analyzeGrantKeys(this.db);
    }
    const done = cacheProgramVectors(this.db, programs)
      .then(() => upsertGrantBatch(this.db, prepared))
      .catch((err: unknown) => (isValueError(err) ? this.upsertOneByOne(rows) : Promise.reject(err)))
      .then(
        (written) => {
          counts.inserted += written.inserted;
          counts.updated += written.updated;
          counts.unchanged += written.unchanged;
          this.options.onCommitted();
        },
        (err: unknown) => {
          this.failure ??= err;
        },
      );
    this.inFlight.push({ keys, done });
  }

  /** Waits until at most `count` batches are in flight; throws the first failure. */
  async settle(count = 0) {
    while (this.inFlight.length > count) {
      const first = this.inFlight.shift()!;
      await first.done;
    }
    if (this.failure) throw this.failure;
  }

  /** Waits for every batch in flight, failed or not, so the counts say what was committed. */
  async drain() {
    await Promise.all(this.inFlight.map((f) => f.done));
  }

  private async upsertOneByOne(rows: GrantRow[]) {
    const written = { inserted: 0, updated: 0, unchanged: 0 };
    for (const row of rows) {
      try {
        const one = await upsertGrantBatch(this.db, [row]);
        written.inserted += one.inserted;
        written.updated += one.updated;
        written.unchanged += one.unchanged;
      } catch (err) {
        if (!isValueError(err)) throw err;
        this.options.onRefused(row.sourceId ?? row.opportunityNumber, `the database refused it: ${databaseErrorOf(err).message}`);
      }
    }
    return written;
  }
}
