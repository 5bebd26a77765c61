// The current-pending module's front door (decision 062): Current and
// Pending (Other) Support. An application's award details (the PI's to
// enter) and each team member's role and person-months per year (the PI for
// anyone, a member for themself; the institution's admin reads), and the
// signed-in researcher's document: awarded applications are current
// support, those with the sponsor pending. Who sees an application is the
// applications module's answer (loadForViewer): anyone else gets 404.
import type {
  ApplicationSupportResponse,
  CurrentPendingResponse,
  EffortInput,
  SupportDetailsInput,
  SupportEntry,
} from '@grantbridge/contract/current-pending';
import { currentSupportStage } from '@grantbridge/contract/current-pending';
import { isUuid } from '@grantbridge/contract/ids';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import { loadForViewer } from '../applications/applications.service';
import {
  findSupport,
  listEffort,
  listEffortYears,
  listSupportEntries,
  saveEffort,
  saveSupport,
} from './current-pending.repository';
import { canEditEffort, canEditSupport, missingOf, periodYears, roleOf, yearsWithMonths } from './current-pending.policy';

/** An application's award details and its team's (the PI's and active members') effort, as `actor` may see them. */
export async function getApplicationSupport(db: Db, actor: Actor, applicationId: string): Promise<ApplicationSupportResponse> {
  const { row, members, role } = await loadForViewer(db, actor, applicationId);
  return supportView(db, actor, { id: row.id, piId: row.pi_id, piName: row.pi_name, members, role });
}

async function supportView(
  db: Db,
  actor: Actor,
  app: {
    id: string;
    piId: string;
    piName: string;
    members: { user_id: string; name: string; status: string }[];
    role: 'pi' | 'member' | 'admin';
  },
): Promise<ApplicationSupportResponse> {
  const support = await findSupport(db, app.id);
  const years = periodYears(support?.project_start ?? null, support?.project_end ?? null);
  const roles = new Map((await listEffort(db, app.id)).map((e) => [e.user_id, e.support_role]));
  const entered = await listEffortYears(db, [app.id]);
  const people = [
    { userId: app.piId, name: app.piName },
    ...app.members.filter((m) => m.status === 'active').map((m) => ({ userId: m.user_id, name: m.name })),
  ];
  return {
    support: {
      awardNumber: support?.award_number ?? null,
      projectStart: support?.project_start ?? null,
      projectEnd: support?.project_end ?? null,
      overlapStatement: support?.overlap_statement ?? null,
    },
    years,
    effort: people.map((p) => ({
      ...p,
      role: roleOf(roles.get(p.userId) ?? null, p.userId === app.piId),
      personMonths: yearsWithMonths(
        years,
        entered.filter((e) => e.user_id === p.userId).map((e) => ({ year: e.year, personMonths: e.person_months })),
      ),
      editable: canEditEffort(app.role, actor.id, p.userId),
    })),
    canEditSupport: canEditSupport(app.role),
  };
}

/** The PI enters the award's number, the project period and the overlap statement. */
export async function updateApplicationSupport(db: Db, actor: Actor, applicationId: string, body: SupportDetailsInput) {
  const { row, members, role } = await loadForViewer(db, actor, applicationId);
  if (!canEditSupport(role)) throw new AppError('forbidden', 'Only the PI enters the award details.');
  await saveSupport(db, row.id, {
    award_number: body.awardNumber || null,
    project_start: body.projectStart,
    project_end: body.projectEnd,
    overlap_statement: body.overlapStatement || null,
  });
  return supportView(db, actor, { id: row.id, piId: row.pi_id, piName: row.pi_name, members, role });
}

/** A person's role and person-months on the application: the PI's for anyone on the team, a member's for themself. */
export async function updateEffort(db: Db, actor: Actor, applicationId: string, userId: string, body: EffortInput) {
  const { row, members, role } = await loadForViewer(db, actor, applicationId);
  const onTeam = userId === row.pi_id || members.some((m) => m.user_id === userId && m.status === 'active');
  if (!isUuid(userId) || !onTeam) throw new AppError('not_found', 'Team member not found.');
  if (!canEditEffort(role, actor.id, userId)) {
    throw new AppError('forbidden', 'Only the PI, or the person themself, enters their role and person-months.');
  }
  await saveEffort(db, row.id, userId, body.role, body.personMonths);
  return supportView(db, actor, { id: row.id, piId: row.pi_id, piName: row.pi_name, members, role });
}

/** The researcher's Current and Pending Support: current entries first, each with what it lacks. */
export async function currentAndPendingOf(
  db: Db,
  person: Actor & { name: string; institution: { id: string; name?: string | null } },
): Promise<CurrentPendingResponse> {
  const rows = await listSupportEntries(db, person.id);
  const entered = await listEffortYears(db, rows.map((r) => r.id), person.id);
  const entries: SupportEntry[] = rows.map((r) => {
    const kind = r.status === currentSupportStage ? 'current' : 'pending';
    const personMonths = yearsWithMonths(
      periodYears(r.project_start, r.project_end),
      entered.filter((e) => e.application_id === r.id).map((e) => ({ year: e.year, personMonths: e.person_months })),
    );
    const facts = {
      kind,
      awardNumber: kind === 'current' ? r.award_number : null,
      amount: kind === 'current' ? r.amount_awarded : r.amount_requested,
      projectStart: r.project_start,
      projectEnd: r.project_end,
      personMonths,
      role: roleOf(r.support_role, r.pi_id === person.id),
      overlapStatement: r.overlap_statement,
    } as const;
    return {
      applicationId: r.id,
      status: r.status,
      title: r.title,
      sponsor: r.agency,
      opportunityNumber: r.opportunity_number,
      ...facts,
      missing: missingOf(facts),
    };
  });
  entries.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'current' ? -1 : 1));
  return { person: { name: person.name, institution: person.institution.name ?? null }, entries };
}
