// The events module's queries: domain_events and their handlers' runs.
import { sql } from 'drizzle-orm';
import type { DomainEvent } from '@grantbridge/contract/domain-events';
import { queryRows, type Db } from '../../db/client';

export type StoredEvent = { id: string; attempts: number } & DomainEvent;

/** Stores events (in the caller's transaction), not due for `leaseSeconds`: the recording instance runs them first. */
export async function insertEvents(
  db: Db,
  events: DomainEvent[],
  leaseSeconds: number,
): Promise<string[]> {
  if (!events.length) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO domain_events (type, data, next_attempt_at)
        SELECT e.type, e.data, now() + make_interval(secs => ${leaseSeconds})
        FROM jsonb_to_recordset(${JSON.stringify(events)}::jsonb) AS e(type text, data jsonb)
        RETURNING id`,
  );
  return rows.map((r) => r.id);
}

/**
 * Takes up to `limit` events that are due, for this instance alone: each is
 * pushed back by its backoff before anyone runs it, so another instance
 * polling at the same moment skips it (SKIP LOCKED) and later finds it not due.
 */
export async function claimDueEvents(db: Db, limit: number): Promise<StoredEvent[]> {
  return queryRows<StoredEvent>(
    db,
    sql`UPDATE domain_events d
        SET attempts = d.attempts + 1,
            next_attempt_at = now() + make_interval(secs => least(600, 5 * power(2, d.attempts)))
        WHERE d.id IN (
          SELECT id FROM domain_events
          WHERE handled_at IS NULL AND next_attempt_at <= now()
          ORDER BY next_attempt_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING d.id, d.type, d.data, d.attempts`,
  );
}

export async function findRuns(db: Db, eventId: string): Promise<Set<string>> {
  const rows = await queryRows<{ handler: string }>(
    db,
    sql`SELECT handler FROM domain_event_runs WHERE event_id = ${eventId}`,
  );
  return new Set(rows.map((r) => r.handler));
}

export async function insertRun(db: Db, eventId: string, handler: string) {
  await db.execute(
    sql`INSERT INTO domain_event_runs (event_id, handler) VALUES (${eventId}, ${handler}) ON CONFLICT DO NOTHING`,
  );
}

export async function markHandled(db: Db, eventId: string) {
  await db.execute(
    sql`UPDATE domain_events SET handled_at = now(), last_error = NULL WHERE id = ${eventId}`,
  );
}

/** A handler failed: try again after a backoff that grows with each attempt. */
export async function markFailed(db: Db, eventId: string, error: string) {
  await db.execute(
    sql`UPDATE domain_events
        SET last_error = ${error.slice(0, 500)},
            next_attempt_at = greatest(next_attempt_at, now() + make_interval(secs => least(600, 5 * power(2, attempts))))
        WHERE id = ${eventId}`,
  );
}

/** Handled events are kept a while (to look at), then removed. */
export async function deleteHandledBefore(db: Db, days: number) {
  await db.execute(
    sql`DELETE FROM domain_events WHERE handled_at < now() - make_interval(days => ${days})`,
  );
}
