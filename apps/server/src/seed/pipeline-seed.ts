// Demo applications (fictional people), loaded once after the demo people:
// one in every stage, with teams across the demo institutions and a history
// that went the way the stages allow. Each PI's grant is the open grant that
// fits their profile best, chosen by the same search the product uses.
import { sql } from 'drizzle-orm';
import type { ApplicationStatus } from '@grantbridge/contract/grants';
import { queryRows, withTransaction, type Db } from '../db/client';
import { getMeta, setMeta } from '../db/meta';
import { findUserIdsByEmail } from '../modules/auth/auth.service';
import { createDefaultChecklist } from '../modules/documents/documents.service';
import { findGrantsForAreas } from '../modules/search/search.service';

type Member = [email: string, role: 'co_investigator' | 'contributor', status: 'active' | 'pending'];
type DemoApplication = {
  pi: string;
  /** The stages it went through after drafting, in order (the last is where it is). */
  path: ApplicationStatus[];
  amountRequested: number;
  amountAwarded?: number;
  members: Member[];
  /** A return to drafting on the way, with the office's reason. */
  returned?: string;
  daysAgo: number;
};

const admin = 'admin@example.edu';
const demoApplications: DemoApplication[] = [
  {
    pi: 'researcher@example.edu',
    path: [],
    amountRequested: 1_500_000,
    members: [['avery.castellano@riverside.example.edu', 'co_investigator', 'active']],
    daysAgo: 12,
  },
  {
    pi: 'lucas.halvorsen@example.edu',
    path: ['internal_review'],
    amountRequested: 420_000,
    members: [
      ['elena.ashworth@riverside.example.edu', 'co_investigator', 'active'],
      ['isaac.holloway@example.edu', 'contributor', 'pending'],
    ],
    daysAgo: 20,
  },
  {
    pi: 'kenji.sadeghi@example.edu',
    path: ['internal_review', 'drafting', 'internal_review', 'submitted'],
    returned: 'Please add the letters of support and fix the indirect cost rate in the budget.',
    amountRequested: 750_000,
    members: [['samuel.adeyemi@northfield.example.edu', 'co_investigator', 'active']],
    daysAgo: 45,
  },
  {
    pi: 'malik.takeda@example.edu',
    path: ['internal_review', 'submitted', 'under_review'],
    amountRequested: 300_000,
    members: [['amara.callahan@lakeshore.example.edu', 'contributor', 'active']],
    daysAgo: 70,
  },
  {
    pi: 'felix.novak@example.edu',
    path: ['internal_review', 'submitted', 'under_review', 'awarded'],
    amountRequested: 500_000,
    amountAwarded: 450_000,
    members: [['hana.baptiste@riverside.example.edu', 'co_investigator', 'active']],
    daysAgo: 120,
  },
  {
    pi: 'andre.whitfield@example.edu',
    path: ['internal_review', 'submitted', 'rejected'],
    amountRequested: 900_000,
    members: [],
    daysAgo: 100,
  },
  {
    // A partner's new draft that invites the demo researcher (a team invitation waiting for an answer).
    pi: 'samuel.adeyemi@northfield.example.edu',
    path: [],
    amountRequested: 600_000,
    members: [['researcher@example.edu', 'co_investigator', 'pending']],
    daysAgo: 2,
  },
  {
    pi: 'avery.castellano@riverside.example.edu',
    path: ['withdrawn'],
    amountRequested: 200_000,
    members: [['researcher@example.edu', 'contributor', 'active']],
    daysAgo: 30,
  },
];

/** Who takes each step: the office submits or returns; the PI does the rest. */
const actorFor = (from: ApplicationStatus, to: ApplicationStatus) =>
  from === 'internal_review' || (to !== 'internal_review' && to !== 'withdrawn' && from !== 'drafting') ? 'office' : 'pi';

export async function loadDemoApplications(db: Db): Promise<boolean> {
  if (!(await getMeta(db, 'demo_people_extras_at')) || (await getMeta(db, 'demo_applications_at'))) return false;
  const emails = [admin, ...demoApplications.flatMap((a) => [a.pi, ...a.members.map((m) => m[0])])];
  const ids = await findUserIdsByEmail(db, emails);
  const adminId = ids.get(admin)!;
  const used = new Set<string>();
  const day = 24 * 3600 * 1000;
  await withTransaction(db, async (tx) => {
    for (const demo of demoApplications) {
      const piId = ids.get(demo.pi);
      if (!piId) continue;
      const [profile] = await queryRows<{ research_areas: string[] }>(
        tx,
        sql`SELECT research_areas FROM researcher_profiles WHERE user_id = ${piId}`,
      );
      const profileAreas = profile?.research_areas ?? [];
      const grant = (await findGrantsForAreas(tx, profileAreas, 6)).find((g) => !used.has(g.id));
      if (!grant) continue;
      used.add(grant.id);
      const started = new Date(Date.now() - demo.daysAgo * day);
      const status = demo.path.at(-1) ?? 'drafting';
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`
        INSERT INTO applications (user_id, grant_id, status, amount_requested, amount_awarded, created_at, updated_at,
          submitted_at, awarded_at)
        VALUES (${piId}, ${grant.id}, ${status}, ${demo.amountRequested}, ${demo.amountAwarded ?? null}, ${started}, ${started},
          ${demo.path.includes('submitted') ? started : null}, ${status === 'awarded' ? started : null})
        ON CONFLICT DO NOTHING RETURNING id`,
      );
      if (!row) continue;
      // The checklist as far along as the stage: a draft has a few items done, a submitted one all.
      await createDefaultChecklist(tx, row.id);
      const done = status === 'drafting' ? 2 : status === 'internal_review' || status === 'withdrawn' ? 5 : 6;
      await tx.execute(sql`
        UPDATE application_documents SET status = CASE
          WHEN position < ${done} THEN 'completed' WHEN position = ${done} THEN 'in_progress' ELSE 'pending' END
        WHERE application_id = ${row.id}`);
      let from: ApplicationStatus | null = null;
      const steps: ApplicationStatus[] = ['drafting', ...demo.path];
      for (const [i, to] of steps.entries()) {
        const at = new Date(started.getTime() + i * 3 * day);
        const actor = from === null ? piId : actorFor(from, to) === 'office' ? adminId : piId;
        const reason = from === 'internal_review' && to === 'drafting' ? (demo.returned ?? null) : null;
        await tx.execute(sql`
          INSERT INTO application_events (application_id, actor_id, from_status, to_status, reason, created_at)
          VALUES (${row.id}, ${actor}, ${from}, ${to}, ${reason}, ${at})`);
        from = to;
      }
      // A few tasks, the team's own: the first member's, and the PI's.
      const firstMember = demo.members.find((m) => m[2] === 'active');
      const helperId = (firstMember && ids.get(firstMember[0])) ?? piId;
      const open = status === 'drafting' || status === 'internal_review';
      const tasks: [title: string, priority: string, assignee: string, dueInDays: number, done: boolean][] = [
        ['Draft the project description', 'high', piId, 10, !open || status === 'internal_review'],
        ['Collect biosketches from the team', 'medium', helperId, 14, !open],
        ['Review the budget with the research office', 'high', piId, 21, !open],
        ['Ask partners for letters of support', 'low', helperId, 28, !open],
      ];
      for (const [title, priority, assignee, dueInDays, done] of tasks) {
        await tx.execute(sql`
          INSERT INTO application_tasks (application_id, title, priority, assignee_id, created_by, due_date, status, completed_at)
          VALUES (${row.id}, ${title}, ${priority}, ${assignee}, ${piId}, current_date + ${dueInDays}::int,
            ${done ? 'completed' : 'pending'}, ${done ? started : null})`);
      }
      for (const [email, role, memberStatus] of demo.members) {
        const userId = ids.get(email);
        if (!userId) continue;
        await tx.execute(sql`
          INSERT INTO application_members (application_id, user_id, role, status, created_at)
          VALUES (${row.id}, ${userId}, ${role}, ${memberStatus}, ${started}) ON CONFLICT DO NOTHING`);
      }
    }
    await setMeta(tx, 'demo_applications_at', new Date().toISOString());
  });
  return true;
}
