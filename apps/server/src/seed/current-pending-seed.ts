// Current and Pending Support for the demo researcher (issue 29 §3, decision
// 062): Jordan (researcher@example.edu) joins two demo teams, Felix Novak's
// awarded application as a co-investigator (current support) and Malik
// Takeda's application under the sponsor's review as senior/key personnel
// (pending), with award details and person-months entered by the teams. One
// year of the pending one's person-months is left out, so her profile lists
// it as missing before the download. Runs once, after the demo applications.
import { sql } from 'drizzle-orm';
import { currentSupportStage, pendingSupportStages, type SupportRole } from '@grantbridge/contract/current-pending';
import { queryRows, withTransaction, type Db } from '../db/client';
import { getMeta, setMeta } from '../db/meta';
import { findUserIdsByEmail } from '../modules/auth/auth.service';

export const supportResearcher = 'researcher@example.edu';
const day = 24 * 3600 * 1000;

type DemoSupport = {
  pi: string;
  /** A teammate the demo pipeline gave the application, which tells it from the PI's others. */
  teammate: string;
  current: boolean;
  role: 'co_investigator' | 'contributor';
  /** Months from now to the project's start (the first of that month); its length in years. */
  startsIn: number;
  years: number;
  /** Whether the award has a number (in the sponsor's own form, by its agency). */
  numbered: boolean;
  overlap: string;
  /** Person-months in the period's calendar years in turn (the last value for the rest); the PI's, then Jordan's. */
  effort: [SupportRole, number[]][];
  /** Jordan's person-months for the period's last year are left for her to enter. */
  lastYearMissing: boolean;
};

const demo: DemoSupport[] = [
  {
    pi: 'felix.novak@example.edu',
    teammate: 'hana.baptiste@riverside.example.edu',
    current: true,
    role: 'co_investigator',
    startsIn: -4,
    years: 3,
    numbered: true,
    overlap: 'None. The aims, budget and effort do not duplicate any other current or pending support.',
    effort: [
      ['pi', [2, 2, 2, 1]],
      ['co_investigator', [1, 1.5, 1.5, 0.5]],
    ],
    lastYearMissing: false,
  },
  {
    pi: 'malik.takeda@example.edu',
    teammate: 'amara.callahan@lakeshore.example.edu',
    current: false,
    role: 'contributor',
    startsIn: 7,
    years: 2,
    numbered: false,
    overlap: 'Aim 2 builds on the current award’s field data; no scientific or budgetary overlap.',
    effort: [
      ['pi', [1.5, 3, 1.5]],
      ['senior_key', [0.5, 1]],
    ],
    lastYearMissing: true,
  },
];

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** An award number in the form its sponsor gives: NIH's activity code and serial, NSF's seven digits, USDA's. */
export function demoAwardNumber(agencyCode: string | null): string {
  if (agencyCode?.startsWith('HHS-NIH')) return '1R01GM150211-01';
  if (agencyCode?.startsWith('USDA')) return '2026-67013-41235';
  return '2415873';
}

export async function loadDemoCurrentPending(db: Db, now = new Date()): Promise<boolean> {
  if (!(await getMeta(db, 'demo_applications_at')) || (await getMeta(db, 'demo_current_pending_at'))) return false;
  const ids = await findUserIdsByEmail(db, [supportResearcher, ...demo.flatMap((d) => [d.pi, d.teammate])]);
  const jordanId = ids.get(supportResearcher);
  if (!jordanId) return false;
  await withTransaction(db, async (tx) => {
    for (const d of demo) {
      const piId = ids.get(d.pi);
      const teammateId = ids.get(d.teammate);
      if (!piId || !teammateId) continue;
      const stages = d.current ? [currentSupportStage] : [...pendingSupportStages];
      const [application] = await queryRows<{ id: string; agency_code: string | null }>(
        tx,
        sql`SELECT a.id, g.agency_code FROM applications a
          JOIN application_members m ON m.application_id = a.id AND m.user_id = ${teammateId}
          JOIN grants g ON g.id = a.grant_id
          WHERE a.user_id = ${piId} AND a.status = ANY(${`{${stages.join(',')}}`}::text[]) ORDER BY a.created_at LIMIT 1`,
      );
      if (!application) continue;
      await tx.execute(sql`
        INSERT INTO application_members (application_id, user_id, role, status, created_at)
        VALUES (${application.id}, ${jordanId}, ${d.role}, 'active', ${new Date(now.getTime() - 60 * day)}) ON CONFLICT DO NOTHING`);
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + d.startsIn, 1));
      const end = new Date(Date.UTC(start.getUTCFullYear() + d.years, start.getUTCMonth(), 1) - day);
      await tx.execute(sql`
        INSERT INTO application_support (application_id, award_number, project_start, project_end, overlap_statement)
        VALUES (${application.id}, ${d.numbered ? demoAwardNumber(application.agency_code) : null}, ${isoDay(start)}, ${isoDay(end)}, ${d.overlap}) ON CONFLICT DO NOTHING`);
      for (const [i, userId] of [piId, jordanId].entries()) {
        const [role, months] = d.effort[i]!;
        await tx.execute(sql`
          INSERT INTO application_effort (application_id, user_id, support_role) VALUES (${application.id}, ${userId}, ${role})
          ON CONFLICT DO NOTHING`);
        const years = end.getUTCFullYear() - start.getUTCFullYear() + 1;
        for (let n = 0; n < years; n++) {
          if (userId === jordanId && d.lastYearMissing && n === years - 1) continue;
          await tx.execute(sql`
            INSERT INTO application_effort_years (application_id, user_id, year, person_months)
            VALUES (${application.id}, ${userId}, ${start.getUTCFullYear() + n}, ${months[Math.min(n, months.length - 1)]!})
            ON CONFLICT DO NOTHING`);
        }
      }
    }
    await setMeta(tx, 'demo_current_pending_at', now.toISOString());
  });
  return true;
}
