// The demo's funding newsletter (issue 29 §5): Example State University's
// research office sent one to everyone five days ago, with a handful of real
// open grants of the catalogue (three from the office's saved search
// "Climate and environment", five picked by hand), and a few researchers opened grants from it,
// so the office's counts show. It is composed and sent through the newsletters
// service; no e-mail is queued (the demo people are fictional). Runs once,
// after the demo history.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import type { Config } from '../config';
import { getMeta, setMeta } from '../db/meta';
import { findUserIdsByEmail } from '../modules/auth/auth.service';
import { findInstitutionForEmail } from '../modules/institutions/institutions.service';
import { createNewsletter, openGrantInApp, recordNewsletterSent } from '../modules/newsletters/newsletters.service';

export const demoNewsletterTitle = 'Funding opportunities this month';
const office = 'admin@example.edu';
/** Who opened which of the grants (by position in the newsletter). */
const opened: [string, number[]][] = [
  ['researcher@example.edu', [0, 2]],
  ['isaac.holloway@example.edu', [0]],
  ['lucas.halvorsen@example.edu', [1, 0]],
  ['kenji.sadeghi@example.edu', [3]],
];
const day = 24 * 3600 * 1000;

export async function loadDemoNewsletters(db: Db, config: Config, now = new Date()): Promise<boolean> {
  if (!(await getMeta(db, 'demo_history_at')) || (await getMeta(db, 'demo_newsletter_at'))) return false;
  const ids = await findUserIdsByEmail(db, [office, ...opened.map(([email]) => email)]);
  const adminId = ids.get(office);
  const institution = await findInstitutionForEmail(db, office);
  if (!adminId || !institution) return false;
  const sentAt = new Date(now.getTime() - 5 * day);
  // Open grants closing a month or more after it went, with an amount stated, from different agencies.
  const grants = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM (
        SELECT DISTINCT ON (g.agency_code) g.id, g.close_date, g.opportunity_number FROM grants g
        WHERE g.status = 'posted' AND g.close_date >= ${new Date(sentAt.getTime() + 30 * day).toISOString().slice(0, 10)}::date
          AND g.award_ceiling >= 50000 AND g.agency_code IS NOT NULL AND g.agency IS NOT NULL
        ORDER BY g.agency_code, g.close_date, g.opportunity_number) picked
      ORDER BY close_date, opportunity_number LIMIT 5`,
  );
  if (grants.length === 0) return false;
  const actor = { id: adminId, role: 'admin' as const, institution: { id: institution.id } };
  // A saved search of the office's that the newsletter draws from (and the composer offers).
  const [search] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO saved_searches (user_id, name, query, filters, alert_cadence)
      VALUES (${adminId}, 'Climate and environment', 'climate', '{}'::jsonb, 'off') RETURNING id`,
  );
  const draft = await createNewsletter(db, actor, {
    title: demoNewsletterTitle,
    intro:
      'A handful of open calls the research office thinks are worth a look this month, across agencies. ' +
      'Each one links to its page in GrantBridge, where you can save it or start an application.\n\n' +
      'Planning to apply? Tell us early: we help with budgets, letters and internal deadlines.',
    audience: { kind: 'everyone' },
    savedSearchIds: [search!.id],
    grantIds: grants.map((g) => g.id),
    perSearch: 3,
  });
  const sent = await recordNewsletterSent(db, config, actor, draft.id, sentAt);
  for (const [email, positions] of opened) {
    const userId = ids.get(email);
    if (!userId) continue;
    for (const position of positions) {
      const grant = grants[position];
      if (grant) await openGrantInApp(db, { id: userId, role: 'researcher', institution: { id: institution.id } }, sent.id, grant.id);
    }
  }
  await setMeta(db, 'demo_newsletter_at', now.toISOString());
  return true;
}
