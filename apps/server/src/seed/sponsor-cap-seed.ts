// A demo researcher near NIH's cap of six applications a year (issue 29 §2):
// Isaac Holloway at Example State University is brought to five NIH
// applications counted this calendar year (the ones the demo history gave him,
// and real NIH research grants of the catalogue closing this year, R01 or
// R21, in a fixed order), so his grant pages say "This would be your sixth"
// and the office's list names him. Runs once, after the demo history.
import { sql } from 'drizzle-orm';
import type { ApplicationStatus } from '@grantbridge/contract/grants';
import { queryRows, withTransaction, type Db } from '../db/client';
import { getMeta, setMeta } from '../db/meta';
import { findUserIdsByEmail } from '../modules/auth/auth.service';
import { sponsorCapsOf } from '../modules/applications/applications.service';
import { createDefaultChecklist } from '../modules/documents/documents.service';

export const nearCapResearcher = 'isaac.holloway@example.edu';
const target = 5;
/** Where each added application is now, in turn, and the stages it went through after drafting. */
const paths: ApplicationStatus[][] = [
  ['internal_review', 'submitted'],
  ['internal_review', 'submitted', 'under_review'],
  ['internal_review', 'submitted', 'rejected'],
  ['internal_review', 'submitted', 'under_review'],
  ['internal_review', 'submitted'],
];
const day = 24 * 3600 * 1000;

export async function loadDemoSponsorCap(db: Db, now = new Date()): Promise<boolean> {
  if (!(await getMeta(db, 'demo_history_at')) || (await getMeta(db, 'demo_sponsor_cap_at'))) return false;
  const ids = await findUserIdsByEmail(db, [nearCapResearcher, 'admin@example.edu']);
  const piId = ids.get(nearCapResearcher);
  const adminId = ids.get('admin@example.edu');
  if (!piId || !adminId) return false;
  const used = (await sponsorCapsOf(db, piId, now)).find((s) => s.sponsor === 'NIH')?.used ?? 0;
  const year = now.getUTCFullYear();
  const grants = await queryRows<{ id: string; close_date: string }>(
    db,
    sql`SELECT g.id, to_char(g.close_date, 'YYYY-MM-DD') AS close_date FROM grants g
      WHERE g.agency_code LIKE 'HHS-NIH%' AND g.close_date BETWEEN ${`${year}-01-01`}::date AND ${`${year}-12-31`}::date
        AND (g.title LIKE '%(R01%' OR g.title LIKE '%(R21%')
        AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.grant_id = g.id AND a.user_id = ${piId})
      ORDER BY g.close_date, g.opportunity_number, g.id
      LIMIT ${Math.max(0, target - used)}`,
  );
  await withTransaction(db, async (tx) => {
    for (const [i, grant] of grants.entries()) {
      const path = paths[i % paths.length]!;
      const status = path.at(-1)!;
      // Sent a week before the sponsor's deadline (or yesterday, for a deadline still ahead); started a month before that.
      const submitted = new Date(Math.min(Date.parse(`${grant.close_date}T15:00:00Z`) - 7 * day, now.getTime() - day));
      const started = new Date(submitted.getTime() - 30 * day);
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`INSERT INTO applications (user_id, grant_id, status, amount_requested, created_at, updated_at, submitted_at)
          VALUES (${piId}, ${grant.id}, ${status}, ${250_000 + i * 50_000}, ${started}, ${submitted}, ${submitted})
          ON CONFLICT DO NOTHING RETURNING id`,
      );
      if (!row) continue;
      await createDefaultChecklist(tx, row.id);
      await tx.execute(sql`UPDATE application_documents SET status = 'completed' WHERE application_id = ${row.id}`);
      let from: ApplicationStatus | null = null;
      for (const [step, to] of (['drafting', ...path] as ApplicationStatus[]).entries()) {
        const at = step === 0 ? started : new Date(submitted.getTime() - (path.indexOf('submitted') - step + 1) * day);
        const actor = to === 'submitted' ? adminId : piId;
        await tx.execute(sql`
          INSERT INTO application_events (application_id, actor_id, from_status, to_status, created_at)
          VALUES (${row.id}, ${actor}, ${from}, ${to}, ${at})`);
        from = to;
      }
    }
    await setMeta(tx, 'demo_sponsor_cap_at', now.toISOString());
  });
  return true;
}
