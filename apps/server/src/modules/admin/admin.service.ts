// The research office's reports: the dashboard, the Grant Status page, its
// export and a researcher's detail, each computed from the pipeline, people
// and catalogue with the counting rules in the contract (admin.ts), so a
// figure is the same on every page (decision 037).
import { addIsoDays, todayIso } from '@grantbridge/contract/days';
import {
  pipelinePageSize,
  type AdminOverview,
  type AdminOverviewQuery,
  type AdminPipeline,
  type AdminPipelineApplications,
  type AdminPipelineApplicationsQuery,
  type AdminPipelineQuery,
  type PipelineRow,
  type PipelineStatusFilter,
} from '@grantbridge/contract/admin';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import { internalDeadlineFor } from '../applications/applications.service';
import { canReadInstitutionReports } from './admin.policy';
import { createPerDatabaseCache } from './opportunity-cache';
import * as overview from './overview.repository';
import * as report from './pipeline-report.repository';
import { isoDay, isoTime, resolvePeriod, type Period, type Scope } from './period';

const person = (id: string, name: string, department: string | null) => ({ id, name, department });

export function requireReports(actor: Actor) {
  if (!canReadInstitutionReports(actor)) throw new AppError('forbidden', 'Only the research office sees the institution’s figures.');
}

function scopeOf(actor: Actor, department: string | undefined): Scope {
  return { institutionId: actor.institution.id, department: department ?? null };
}

export const utcToday = (now: Date) => todayIso(now);

type Opportunities = Awaited<ReturnType<typeof overview.openOpportunities>>;
/** Per institution and day: its research areas, and what was found from them per department ('' for all). */
const opportunityCache = createPerDatabaseCache<{ sets: overview.DepartmentAreaSet[]; found: Map<string, Promise<Opportunities>> }>();
const elsewhereCache = createPerDatabaseCache<Awaited<ReturnType<typeof report.fitElsewhere>>>();

/**
 * The open opportunities of a scope on a day, from the institution's research
 * areas read at most once a minute per app instance: looking at another
 * department within that minute reads no profiles.
 */
async function openOpportunities(db: Db, scope: Scope, now: Date): Promise<Opportunities> {
  const institution = await opportunityCache.get(db, `${scope.institutionId}|${utcToday(now)}`, async () => ({
    sets: await overview.departmentAreaSets(db, scope.institutionId),
    found: new Map(),
  }));
  const key = scope.department ?? '';
  let found = institution.found.get(key);
  if (!found) {
    const people = scope.department === null ? institution.sets : institution.sets.filter((s) => s.department === scope.department);
    found = overview.openOpportunities(db, people, now, 10);
    institution.found.set(key, found);
    found.catch(() => institution.found.delete(key));
  }
  return found;
}

function slices(rows: overview.AwardSliceRow[], key: 'agency' | 'department') {
  const by = new Map<string, { name: string; amount: number; awards: number }>();
  for (const row of rows) {
    const slice = by.get(row[key]) ?? { name: row[key], amount: 0, awards: 0 };
    slice.amount += row.amount;
    slice.awards += row.awards;
    by.set(row[key], slice);
  }
  return [...by.values()].sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name));
}

export async function getOverview(db: Db, actor: Actor, query: AdminOverviewQuery, now = new Date()): Promise<AdminOverview> {
  requireReports(actor);
  const today = utcToday(now);
  const period = resolvePeriod(query, today);
  const scope = scopeOf(actor, query.department);
  const [awards, pending, people, opportunities, timeline, activity, departments] = await Promise.all([
    overview.awardSlices(db, scope, period),
    overview.pendingCounts(db, scope),
    overview.researcherCounts(db, scope, now),
    openOpportunities(db, scope, now),
    overview.timeline(db, scope, period, 40),
    overview.professorActivity(db, scope, period, 100),
    overview.departments(db, actor.institution.id),
  ]);
  return {
    period,
    department: scope.department,
    departments,
    stats: {
      totalFundingAchieved: awards.reduce((sum, r) => sum + r.amount, 0),
      openOpportunities: opportunities.total,
      pendingApplications: pending.pendingReview + pending.applied,
      activeResearchers: people.active,
    },
    researchersTotal: people.total,
    opportunities: opportunities.top.map((o) => ({
      grant: { id: o.id, title: o.title, agency: o.agency, closeDate: o.close_date },
      researchers: o.researchers,
    })),
    timeline: timeline.map((t) => ({
      applicationId: t.id,
      grantTitle: t.grant_title,
      researcher: person(t.pi_id, t.pi_name, t.pi_department),
      status: t.status,
      startedOn: isoDay(t.created_at)!,
      submittedOn: isoDay(t.submitted_at),
      awardedOn: isoDay(t.awarded_at),
      internalDeadline: internalDeadlineFor(t.close_date, t.lead_days, t.internal_deadline),
      sponsorDeadline: t.close_date,
      amount: t.amount,
    })),
    fundingByAgency: slices(awards, 'agency'),
    fundingByDepartment: slices(awards, 'department'),
    professorActivity: activity.map((a) => ({
      researcher: person(a.id, a.name, a.department),
      lastSignInAt: a.last_sign_in_at ? isoTime(a.last_sign_in_at) : null,
      saved: a.saved,
      started: a.started,
      submitted: a.submitted,
      awarded: a.awarded,
    })),
    professorActivityTotal: activity[0]?.total ?? people.total,
  };
}

export function toPipelineRow(r: report.ReportRow): PipelineRow {
  return {
    id: r.id,
    grant: { id: r.grant_id, title: r.grant_title, agency: r.agency, closeDate: r.close_date, opportunityNumber: r.opportunity_number },
    researcher: person(r.pi_id, r.pi_name, r.pi_department),
    status: r.status,
    amountRequested: r.amount_requested,
    amountAwarded: r.amount_awarded,
    internalDeadline: internalDeadlineFor(r.close_date, r.lead_days, r.internal_deadline),
    sponsorDeadline: r.close_date,
    documents: { completed: r.documents_completed, total: r.documents_total },
    lastChange: isoTime(r.updated_at),
  };
}

const soonDays = 14;

export async function getPipeline(db: Db, actor: Actor, query: AdminPipelineQuery, now = new Date()): Promise<AdminPipeline> {
  requireReports(actor);
  const today = utcToday(now);
  const period = resolvePeriod(query, today);
  const scope = scopeOf(actor, query.department);
  const status = query.status ?? 'all';
  // The four counts include the total of a status filter they name; the others are counted.
  const counted = { awarded: 'awarded', pending_review: 'pendingReview', applied: 'applied', rejected: 'rejected' } as const;
  const [counts, page, ownTotal, saved, opportunities, invitations, inProgress, events, waiting, departments] = await Promise.all([
    report.pipelineCounts(db, scope, period),
    listPage(db, scope, status, period),
    status in counted || status === 'pending' ? Promise.resolve(null) : report.countRows(db, scope, status, period),
    report.mostSavedGrants(db, scope, 10),
    openOpportunities(db, scope, now),
    report.pendingInvitations(db, scope, 20),
    report.inProgressRows(db, scope, 50),
    report.recentEvents(db, scope, 20),
    report.waitingForReview(db, scope, 20),
    overview.departments(db, actor.institution.id),
  ]);
  const total =
    ownTotal ?? (status === 'pending' ? counts.pendingReview + counts.applied : counts[counted[status as keyof typeof counted]]);
  // Like the open opportunities, what fits people elsewhere moves with the catalogue and profiles only.
  const elsewhere = opportunities.top.length
    ? await elsewhereCache.get(db, `${actor.institution.id}|${today}`, () => report.fitElsewhere(db, actor.institution.id, now))
    : new Map<string, number>();
  const progress = inProgress.map(toPipelineRow);
  const soon = addIsoDays(today, soonDays);
  const alerts: AdminPipeline['alerts'] = [
    ...waiting.map((w) => ({
      kind: 'waiting_review' as const,
      applicationId: w.id,
      grantTitle: w.grant_title,
      researcher: person(w.pi_id, w.pi_name, w.pi_department),
      day: isoDay(w.since)!,
    })),
    ...progress
      .filter((p) => p.status === 'drafting' || p.status === 'internal_review')
      .filter((p) => p.internalDeadline !== null && p.internalDeadline >= today && p.internalDeadline <= soon)
      .map((p) => ({
        kind: 'internal_deadline' as const,
        applicationId: p.id,
        grantTitle: p.grant.title,
        researcher: p.researcher,
        day: p.internalDeadline!,
      })),
  ];
  return {
    period,
    department: scope.department,
    departments,
    counts,
    status,
    applications: page.applications,
    applicationsTotal: total,
    applicationsNext: page.next,
    savedGrants: saved.map((s) => ({
      grant: { id: s.id, title: s.title, agency: s.agency, closeDate: s.close_date },
      count: s.count,
      savedBy: s.savers ?? [],
    })),
    collaborations: {
      opportunities: opportunities.top
        .map((o) => ({
          grant: { id: o.id, title: o.title, agency: o.agency, closeDate: o.close_date },
          here: o.researchers,
          elsewhere: elsewhere.get(o.id) ?? 0,
        }))
        .filter((o) => o.elsewhere > 0),
      pendingInvitations: invitations.map((i) => ({
        applicationId: i.application_id,
        grantTitle: i.grant_title,
        pi: person(i.pi_id, i.pi_name, i.pi_department),
        invitee: { id: i.invitee_id, name: i.invitee_name, institution: i.invitee_institution },
        invitedAt: isoTime(i.invited_at),
      })),
    },
    inProgress: progress,
    recentActivity: events.map((e) => ({
      at: isoTime(e.at),
      applicationId: e.application_id,
      grantTitle: e.grant_title,
      researcher: person(e.pi_id, e.pi_name, e.pi_department),
      fromStatus: e.from_status,
      toStatus: e.to_status,
      reason: e.reason,
    })),
    alerts,
  };
}

/** A list cursor (`pipelineCursorSchema`): the moment the list is ordered by, `_`, the id of the last row shown. */
const listCursor = {
  write: (key: report.Keyset) => `${key.at}_${key.id}`,
  read: (cursor: string): report.Keyset => ({ at: cursor.slice(0, cursor.indexOf('_')), id: cursor.slice(cursor.indexOf('_') + 1) }),
};

/** A page of the applications a status filter picks: awards and declines latest decided first, the others last changed first. */
async function listPage(db: Db, scope: Scope, status: PipelineStatusFilter, period: Period, after?: report.Keyset) {
  const rows =
    status === 'awarded' || status === 'rejected'
      ? await report.decidedRows(db, scope, status, period, pipelinePageSize + 1, after)
      : await report.reportRows(db, scope, report.statusCondition(status, period), pipelinePageSize + 1, after);
  const shown = rows.slice(0, pipelinePageSize);
  const last = shown.at(-1);
  return {
    applications: shown.map(toPipelineRow),
    next: rows.length > pipelinePageSize && last ? listCursor.write({ at: last.order_key, id: last.id }) : null,
  };
}

/** The Grant Status list's page after `query.after` (where the previous page ended). */
export async function getPipelineApplications(
  db: Db,
  actor: Actor,
  query: AdminPipelineApplicationsQuery,
  now = new Date(),
): Promise<AdminPipelineApplications> {
  requireReports(actor);
  const period = resolvePeriod(query, utcToday(now));
  return listPage(db, scopeOf(actor, query.department), query.status ?? 'all', period, listCursor.read(query.after));
}

/** Every application the filter picks, in batches of `batch` (keyset on last change), for the CSV. */
export async function* pipelineExportRows(db: Db, actor: Actor, query: AdminPipelineQuery, now = new Date(), batch = 1000) {
  requireReports(actor);
  const period: Period = resolvePeriod(query, utcToday(now));
  const scope = scopeOf(actor, query.department);
  const where = report.statusCondition(query.status ?? 'all', period);
  let after: report.Keyset | undefined;
  for (;;) {
    const rows = await report.reportRows(db, scope, where, batch, after);
    for (const row of rows) yield toPipelineRow(row);
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.order_key, id: last.id };
  }
}
