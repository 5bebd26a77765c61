// One researcher as their research office sees them (GET
// /admin/researchers/:id): profile, the applications they lead, their teams
// with people elsewhere, deadlines and alerts, tasks, and metrics for this
// fiscal year against the one before, counted as the dashboard counts, and
// their count against sponsors' application caps this calendar year.
import { fiscalYearOf, previousPeriod, type AdminResearcher } from '@grantbridge/contract/admin';
import type { NearSponsorCapResponse } from '@grantbridge/contract/sponsor-caps';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import { canReadResearcherReport } from './admin.policy';
import { requireReports, toPipelineRow, utcToday } from './admin.service';
import { inProgressStatuses, isoTime, type Period } from './period';
import * as researcher from './researcher-report.repository';
import { researchersNearSponsorCaps, sponsorCapsOf } from '../applications/applications.service';

const notFound = () => new AppError('not_found', 'Researcher not found.');

export async function getResearcherReport(db: Db, actor: Actor, id: string, now = new Date()): Promise<AdminResearcher> {
  requireReports(actor);
  const person = await researcher.findPerson(db, id);
  if (!person || !canReadResearcherReport(actor, { institutionId: person.institution_id, role: person.role })) throw notFound();
  const today = utcToday(now);
  const period: Period = fiscalYearOf(today);
  const previous = { ...previousPeriod(period), label: 'previous' };
  const scope = { institutionId: actor.institution.id, department: null };
  const [rows, current, before, totals, collaborations, recent, tasks, sponsorCaps] = await Promise.all([
    researcher.ledApplications(db, scope, id, 200),
    researcher.decisions(db, id, period),
    researcher.decisions(db, id, previous),
    researcher.totals(db, id, Number(today.slice(0, 4))),
    researcher.collaborations(db, id, actor.institution.id),
    researcher.recentNotifications(db, id, 8),
    researcher.assignedTasks(db, id, 20),
    sponsorCapsOf(db, id, now),
  ]);
  const pipeline = rows.map(toPipelineRow);
  const open = new Set<string>(inProgressStatuses);
  const deadlines = pipeline
    .filter((p) => open.has(p.status))
    .flatMap((p) => [
      ...(p.internalDeadline ? [{ day: p.internalDeadline, what: 'Internal deadline', applicationId: p.id, grantTitle: p.grant.title }] : []),
      ...(p.sponsorDeadline ? [{ day: p.sponsorDeadline, what: 'Sponsor deadline', applicationId: p.id, grantTitle: p.grant.title }] : []),
    ])
    .filter((d) => d.day >= today)
    .sort((a, b) => a.day.localeCompare(b.day))
    .slice(0, 8);
  const rate = (d: researcher.DecisionRow) => (d.awarded + d.rejected > 0 ? d.awarded / (d.awarded + d.rejected) : null);
  const teams = new Map<string, AdminResearcher['collaborations'][number]>();
  for (const c of collaborations) {
    const team = teams.get(c.application_id) ?? { applicationId: c.application_id, grantTitle: c.grant_title, role: c.role, status: c.my_status, people: [] };
    team.people.push({ id: c.person_id, name: c.person_name, institution: c.person_institution, status: c.person_status });
    teams.set(c.application_id, team);
  }
  return {
    period,
    profile: {
      id: person.id,
      name: person.name,
      email: person.email,
      title: person.title,
      department: person.department,
      status: person.status,
      lastSignInAt: person.last_sign_in_at ? isoTime(person.last_sign_in_at) : null,
      researchAreas: person.research_areas ?? [],
      about: person.about,
      joinedAt: isoTime(person.created_at),
    },
    pipeline,
    collaborations: [...teams.values()],
    notifications: {
      deadlines,
      recent: recent.map((n) => ({ id: n.id, kind: n.kind, title: n.title, createdAt: isoTime(n.created_at) })),
    },
    metrics: {
      successRate: { value: rate(current), previous: rate(before) },
      submitted: { value: current.submitted, previous: before.submitted },
      awarded: { value: current.awarded, previous: before.awarded },
      fundingThisPeriod: { value: current.funding, previous: before.funding },
      fundingTotal: totals.funding,
      publicationsThisPeriod: { value: totals.pubs_this, previous: totals.pubs_last },
      publicationsTotal: totals.publications,
      hasData: totals.applications > 0 || totals.publications > 0,
    },
    tasks: tasks.map((t) => ({
      id: t.id,
      title: t.title,
      status: t.status,
      priority: t.priority,
      dueDate: t.due_date,
      applicationId: t.application_id,
      grantTitle: t.grant_title,
    })),
    sponsorCaps,
  };
}

/** The office's list of its researchers at or one below a sponsor's application cap this year (GET /admin/sponsor-caps). */
export async function getNearSponsorCaps(db: Db, actor: Actor, now = new Date()): Promise<NearSponsorCapResponse> {
  requireReports(actor);
  return researchersNearSponsorCaps(db, actor.institution.id, now);
}

