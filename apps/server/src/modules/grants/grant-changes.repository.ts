// SQL for the catalogue's change log (grant_changes, written by a trigger on
// every insert and every update that changes what people follow), read in
// order by the notifications module after each import.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

export type GrantChange = {
  id: number;
  grantId: string;
  kind: 'inserted' | 'updated';
  /** { field: [old, new] }: postDate, closeDate, awardCeiling, awardFloor, totalFunding, eligibilityCodes, status. */
  changes: Record<string, [unknown, unknown]>;
};

/** Changes after `afterId`, oldest first. */
export async function readGrantChanges(db: Db, afterId: number, limit: number): Promise<GrantChange[]> {
  const rows = await queryRows<{ id: string | number; grant_id: string; kind: 'inserted' | 'updated'; changes: Record<string, [unknown, unknown]> }>(
    db,
    sql`SELECT id, grant_id, kind, changes FROM grant_changes WHERE id > ${afterId} ORDER BY id LIMIT ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), grantId: r.grant_id, kind: r.kind, changes: r.changes }));
}

/**
 * When an import last changed the catalogue, as far as the database says:
 * imports record no run of their own, but each grant inserted and each update
 * to a followed field writes a change row, and the newest row is found by its
 * key; with an empty change log (a catalogue loaded before it existed), the
 * grants' newest updated_at. Null: no grant at all. Read at each metrics scrape.
 */
export async function lastCatalogueChangeAt(db: Db): Promise<Date | null> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    db,
    sql`SELECT coalesce(
          (SELECT created_at FROM grant_changes ORDER BY id DESC LIMIT 1),
          (SELECT max(updated_at) FROM grants)) AS at`,
  );
  return row?.at ? new Date(row.at) : null;
}

/** The newest change's id (0 when there is none). */
export async function lastGrantChangeId(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: string | number | null }>(db, sql`SELECT max(id) AS id FROM grant_changes`);
  return Number(row?.id ?? 0);
}
