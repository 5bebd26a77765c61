// After a command-line import (`npm run ingest`, `npm run catalogue:refresh`):
// the alerts for what it changed, now, rather than at a server's next run.
import pino from 'pino';
import type { Database } from '../db/client';
import { processGrantChanges } from '../modules/notifications/grant-alerts';
import { createMemoryBus, createPostgresBus } from '../plugins/realtime-bus';

/** Matches the import's changes against saved searches and saved grants and stores the notices; says how many on stderr. */
export async function sendImportAlerts(database: Database) {
  try {
    // On PostgreSQL the notices also reach the open tabs of the servers beside this import.
    const bus = database.kind === 'postgres' && database.pool ? createPostgresBus(database.pool, pino({ level: 'warn' }, pino.destination(2))) : createMemoryBus();
    if ('ready' in bus) await bus.ready;
    const { read, told } = await processGrantChanges(database.db, bus).finally(() => bus.close());
    process.stderr.write(`alerts: ${told} notice${told === 1 ? '' : 's'} for ${read} change${read === 1 ? '' : 's'}\n`);
  } catch (err) {
    process.stderr.write(`alerts not yet sent (the server sends them at its next run): ${err instanceof Error ? err.message : String(err)}\n`);
  }
}
