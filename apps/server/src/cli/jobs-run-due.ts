// `npm run jobs:run-due -- [--at <ISO time>]`: runs whatever scheduled work
// would be due at that time (default now) and exits: alerts for what imports
// changed, deadline and task reminders, unread-message notices, instant
// e-mails and the digests whose hour has come, then sends the mail queued.
// Operators use it to replay a missed run; tests use it instead of waiting.
// On PGlite the server must be stopped (one process opens the data directory).
import pino from 'pino';
import { pgliteDirFor } from '../app';
import { loadConfig } from '../config';
import { migrateDatabase, openDatabase, type Database } from '../db/client';
import { createOutbox } from '../jobs/outbox';
import { runDueWork } from '../modules/notifications/due-work';
import { createMemoryBus, createPostgresBus, type RealtimeBus } from '../plugins/realtime-bus';

export function parseAt(args: string[], now = new Date()): Date {
  const i = args.indexOf('--at');
  if (i === -1) return now;
  const value = args[i + 1];
  const at = value ? new Date(value) : new Date(NaN);
  if (Number.isNaN(at.getTime())) throw new Error(`--at needs a date and time, e.g. --at 2026-12-01T08:00:00-05:00 (got ${value ?? 'nothing'})`);
  return at;
}

async function main() {
  const log = pino({ level: process.env.LOG_LEVEL ?? 'info' }, pino.destination(2));
  let database: Database | null = null;
  let bus: RealtimeBus | null = null;
  try {
    const at = parseAt(process.argv.slice(2));
    const config = loadConfig();
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config), pgliteSharedBuffers: config.pgliteSharedBuffers, markFirstStart: true });
    await migrateDatabase(database);
    database.finishFirstStart?.();
    if (database.kind === 'postgres' && database.pool) {
      // Notices reach the open tabs of every server instance.
      const pgBus = createPostgresBus(database.pool, log);
      await pgBus.ready;
      bus = pgBus;
    } else {
      bus = createMemoryBus();
    }
    const summary = await runDueWork({ db: database.db, bus, config, log }, at);
    const outbox = createOutbox(database.db, config, log);
    let mail = { sent: 0, failed: 0 };
    for (;;) {
      const round = await outbox.drain();
      mail = { sent: mail.sent + round.sent, failed: mail.failed + round.failed };
      if (round.sent + round.failed === 0 || round.failed > 0) break;
    }
    process.stdout.write(`${JSON.stringify({ at: at.toISOString(), ...summary, mailSent: mail.sent, mailFailed: mail.failed })}\n`);
  } catch (err) {
    process.stderr.write(`jobs:run-due failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  } finally {
    await bus?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
  }
}

if (process.argv[1]?.endsWith('jobs-run-due.ts')) void main();
