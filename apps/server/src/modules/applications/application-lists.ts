// The lists of applications: mine (those I lead or am an active member of),
// the research office's of its institution a page at a time, and other
// institutions' applications the office's researchers have joined.
import { isoInstant } from '@grantbridge/contract/days';
import type { ApplicationStatus } from '@grantbridge/contract/grants';
import type { ApplicationItem } from '@grantbridge/contract/pipeline';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import {
  listApplicationsOf,
  listInstitutionApplications,
  listPartneredApplications,
  type ApplicationListRow,
} from './applications.repository';
import { internalDeadlineFor } from './deadlines';

function toItem(row: ApplicationListRow): ApplicationItem {
  return {
    id: row.id,
    grantId: row.grant_id,
    grantTitle: row.grant_title,
    opportunityNumber: row.opportunity_number,
    status: row.status,
    closeDate: row.close_date,
    sponsorDeadline: row.close_date,
    internalDeadline: internalDeadlineFor(row.close_date, row.lead_days, row.internal_deadline),
    amountRequested: row.amount_requested,
    amountAwarded: row.amount_awarded,
    pi: { id: row.pi_id, name: row.pi_name, department: row.pi_department },
    role: row.role,
    documents: { completed: row.documents_completed, total: row.documents_total },
    createdAt: isoInstant(row.created_at),
    updatedAt: isoInstant(row.updated_at),
  };
}

/** GET /applications: the user's own and those they are an active member of. */
export async function getMyApplications(db: Db, actor: Actor) {
  return (await listApplicationsOf(db, actor.id)).map(toItem);
}

/** GET /admin/applications: the office's view of its institution's applications, a page at a time. */
export async function getInstitutionApplications(
  db: Db,
  actor: Actor,
  query: { status?: ApplicationStatus; grantId?: string; page: number; pageSize: number },
) {
  if (actor.role !== 'admin') throw new AppError('forbidden', 'Only administrators see the institution’s applications.');
  const { page, pageSize, ...filter } = query;
  const { rows, total } = await listInstitutionApplications(db, actor.institution.id, filter, { page, pageSize });
  return { applications: rows.map(toItem), total, page, pageSize };
}

/** Other institutions' applications my researchers work on: that they are on them, not the contents. */
export async function getPartneredApplications(db: Db, actor: Actor) {
  if (actor.role !== 'admin') throw new AppError('forbidden', 'Only administrators see this.');
  const rows = await listPartneredApplications(db, actor.institution.id);
  const byApplication = new Map<string, ReturnType<typeof toPartnered>>();
  for (const row of rows) {
    const entry = byApplication.get(row.id) ?? toPartnered(row);
    entry.members.push({ id: row.member_id, name: row.member_name, role: row.member_role });
    byApplication.set(row.id, entry);
  }
  return [...byApplication.values()];
}

function toPartnered(row: Awaited<ReturnType<typeof listPartneredApplications>>[number]) {
  return {
    id: row.id,
    grantTitle: row.grant_title,
    status: row.status,
    sponsorDeadline: row.close_date,
    pi: { name: row.pi_name, institution: row.pi_institution_name },
    members: [] as { id: string; name: string; role: 'co_investigator' | 'contributor' }[],
  };
}
