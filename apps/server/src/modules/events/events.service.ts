// Domain events, recorded in the transaction of the change they report and
// reacted to after it commits (decision 046). A service calls
// `changeWithEvents`: its work and its events commit together; then the
// handlers that other modules declare for those events run at once, on this
// instance. A handler that throws is logged and tried again later from the
// stored event (only the handlers that have not run), so it never turns a
// saved change into an error and never loses its effect; after a crash, the
// poller finds what was not handled. Handlers must be idempotent: a retry can
// follow a run whose completion was not recorded.
//
// Runs are once across instances: the recording instance holds a lease on its
// events (they are not due for `leaseSeconds`), and the poller claims due
// events with SKIP LOCKED, pushing each back by its backoff before running it.
import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvent, DomainEventType } from '@grantbridge/contract/domain-events';
import { withTransaction, type Db } from '../../db/client';
import type { Config } from '../../config';
import type { Outbox } from '../../jobs/outbox';
import type { RealtimeBus } from '../../plugins/realtime-bus';
import {
  claimDueEvents,
  deleteHandledBefore,
  findRuns,
  insertEvents,
  insertRun,
  markFailed,
  markHandled,
} from './events.repository';

export type HandlerContext = Runtime['context'] & {
  db: Db;
  bus: RealtimeBus;
  log: FastifyBaseLogger;
  eventId: string;
};

/** A reaction to events, declared by the module that reacts. `name` is stored: keep it stable. */
export type EventHandler<T extends DomainEventType = DomainEventType> = {
  name: string;
  on: readonly T[];
  handle: (event: DomainEvent<T>, context: HandlerContext) => Promise<unknown>;
};

/** Declares a handler with its events' types checked. */
export const eventHandler = <T extends DomainEventType>(handler: EventHandler<T>) =>
  handler as unknown as EventHandler;

/** How long the recording instance has to run its events before a poller may. */
const leaseSeconds = 30;

type Runtime = {
  bus: RealtimeBus;
  log: FastifyBaseLogger;
  handlers: EventHandler[];
  /** What handlers need besides the database: the settings, and the mail outbox to wake. */
  context: { config: Config; outbox: Outbox };
};
/** The app that runs events for each database (tests run two apps in one process). */
const runtimes = new WeakMap<Db, Runtime>();

/**
 * Runs `work` in a transaction with the events it records; once it commits,
 * runs their handlers (their failures are logged and retried, never thrown).
 */
export async function changeWithEvents<T>(
  db: Db,
  work: (tx: Db, record: (event: DomainEvent) => void) => Promise<T>,
): Promise<T> {
  const recorded: DomainEvent[] = [];
  let ids: string[] = [];
  const result = await withTransaction(db, async (tx) => {
    const value = await work(tx, (event) => void recorded.push(event));
    ids = await insertEvents(tx, recorded, leaseSeconds);
    return value;
  });
  const runtime = runtimes.get(db);
  if (runtime) {
    for (let i = 0; i < ids.length; i++) {
      await runHandlers(db, runtime, { id: ids[i]!, attempts: 0, ...recorded[i]! }, new Set());
    }
  }
  return result;
}

async function runHandlers(
  db: Db,
  runtime: Runtime,
  event: { id: string; attempts: number } & DomainEvent,
  done: Set<string>,
) {
  let failed: unknown;
  // In the list's order, stopping at a failure: a later handler may build on an earlier one's work
  // (the e-mail of a notice), so a retry runs the rest in order.
  for (const handler of runtime.handlers) {
    if (!handler.on.includes(event.type) || done.has(handler.name)) continue;
    try {
      await handler.handle(event, {
        ...runtime.context,
        db,
        bus: runtime.bus,
        log: runtime.log,
        eventId: event.id,
      });
      await insertRun(db, event.id, handler.name);
    } catch (err) {
      failed = err;
      runtime.log.warn(
        {
          err,
          event: event.type,
          eventId: event.id,
          handler: handler.name,
          attempt: event.attempts + 1,
        },
        'event handler failed; it runs again later',
      );
      break;
    }
  }
  try {
    if (failed)
      await markFailed(db, event.id, failed instanceof Error ? failed.message : String(failed));
    else await markHandled(db, event.id);
  } catch (err) {
    // The event stays due after its lease: the poller runs what has not run.
    runtime.log.warn({ err, eventId: event.id }, 'could not record the outcome of an event');
  }
}

/** Runs the events that are due (failed before, or left by a crashed instance); how many were taken. */
export async function runDueEvents(db: Db, limit = 20): Promise<number> {
  const runtime = runtimes.get(db);
  if (!runtime) return 0;
  const due = await claimDueEvents(db, limit);
  for (const event of due) await runHandlers(db, runtime, event, await findRuns(db, event.id));
  return due.length;
}

export type EventRunner = { start: () => void; stop: () => void; runDue: () => Promise<number> };

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the reactions to domain events recorded on this app's database (started by main.ts). */
    events: EventRunner;
  }
}

/** Makes this app the one that runs events recorded on `db`; `start` polls for due ones. */
export function registerEventRuntime(db: Db, runtime: Runtime, pollMs = 5_000): EventRunner {
  runtimes.set(db, runtime);
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let lastCleanup = 0;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      while ((await runDueEvents(db)) > 0);
      if (Date.now() - lastCleanup > 3600_000) {
        lastCleanup = Date.now();
        await deleteHandledBefore(db, 30);
      }
    } catch (err) {
      runtime.log.error({ err }, 'running due events failed');
    } finally {
      running = false;
    }
  };
  return {
    start: () => {
      if (timer) return;
      timer = setInterval(() => void tick(), pollMs);
      timer.unref();
      void tick();
    },
    stop: () => {
      clearInterval(timer);
      timer = undefined;
      runtimes.delete(db);
    },
    runDue: () => runDueEvents(db),
  };
}
