// The applications module's front door (eslint.config.js, decision 053), and
// one application as its team and the research office work on it: read it
// (only those who may see it; anyone else is told it does not exist), move
// it between stages by the rules of stages.ts, keep amounts and the internal
// deadline, and list its history. Also the office's settings.
import { isoInstant } from '@grantbridge/contract/days';
import type { ApplicationStatus } from '@grantbridge/contract/grants';
import { isUuid } from '@grantbridge/contract/ids';
import type { ApplicationDetail, UpdateApplicationRequest } from '@grantbridge/contract/pipeline';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import {
  findApplicationById,
  findApplicationsByIds,
  findOpenReturn,
  listEvents,
  listMembers,
  updateApplication,
  type ApplicationRow,
} from './applications.repository';
import { getPipelineSettings, setInternalDeadlineLeadTime } from '../institutions/institutions.service';
import { changeWithEvents } from '../events/events.service';
import { findTeamConversationId } from '../messaging/messaging.service';
import { internalDeadlineFor } from './deadlines';
import { documentsOf } from '../documents/documents.service';
import { tasksOf } from './tasks';
import {
  applicationRoleOf,
  canEditAmounts,
  canManageInstitution,
  canSetInternalDeadline,
  stageRolesOf,
  type ApplicationViewerRole,
} from './applications.policy';
import { nextSteps, stepFor } from './stages';

const notFound = () => new AppError('not_found', 'Application not found.');
/** A timestamp from raw SQL (the drivers answer a string or a Date) as ISO 8601. */
const iso = isoInstant;

/** The application and how `actor` stands to it; not found for anyone who may not see it. */
export async function loadForViewer(db: Db, actor: Actor, id: string) {
  if (!isUuid(id)) throw notFound();
  const row = await findApplicationById(db, id);
  if (!row) throw notFound();
  const members = await listMembers(db, id);
  const role = applicationRoleOf(actor, {
    piId: row.pi_id,
    piInstitutionId: row.pi_institution_id,
    activeMemberIds: members.filter((m) => m.status === 'active').map((m) => m.user_id),
  });
  if (!role) throw notFound();
  return { row, members, role };
}

/** How `actor` stands to the application ('pi', 'member', 'admin'); not found for anyone who may not see it. */
export async function applicationRoleFor(db: Db, actor: Actor, id: string): Promise<ApplicationViewerRole> {
  return (await loadForViewer(db, actor, id)).role;
}

/** What an application is, whoever asks (no viewer check): for the team's conversation and invitations. */
export type ApplicationHead = {
  id: string;
  status: ApplicationStatus;
  piId: string;
  piName: string;
  piInstitutionName: string;
  grantId: string;
  grantTitle: string;
  sponsorDeadline: string | null;
};

/** The heads of the applications of `ids` that exist, by id. */
export async function applicationHeads(db: Db, ids: string[]): Promise<Map<string, ApplicationHead>> {
  const rows = await findApplicationsByIds(db, ids);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        status: row.status,
        piId: row.pi_id,
        piName: row.pi_name,
        piInstitutionName: row.pi_institution_name,
        grantId: row.grant_id,
        grantTitle: row.grant_title,
        sponsorDeadline: row.close_date,
      },
    ]),
  );
}

const internalDeadlineOf = (row: ApplicationRow) => internalDeadlineFor(row.close_date, row.lead_days, row.internal_deadline);

function toDetail(
  row: ApplicationRow,
  members: Awaited<ReturnType<typeof listMembers>>,
  role: ApplicationViewerRole,
  extra: {
    teamConversationId: string | null;
    returned: ApplicationDetail['returned'];
    documents: ApplicationDetail['documents'];
    tasks: ApplicationDetail['tasks'];
  },
): ApplicationDetail {
  return {
    id: row.id,
    status: row.status,
    grant: { id: row.grant_id, title: row.grant_title, opportunityNumber: row.opportunity_number, agency: row.agency },
    amountRequested: row.amount_requested,
    amountAwarded: row.amount_awarded,
    sponsorDeadline: row.close_date,
    internalDeadline: internalDeadlineOf(row),
    internalDeadlineSet: row.internal_deadline !== null,
    members: [
      {
        userId: row.pi_id,
        name: row.pi_name,
        title: row.pi_title,
        institution: { id: row.pi_institution_id, name: row.pi_institution_name },
        role: 'pi',
        status: 'active',
      },
      ...members.map((m) => ({
        userId: m.user_id,
        name: m.name,
        title: m.title,
        institution: { id: m.institution_id, name: m.institution_name },
        role: m.role,
        status: m.status,
      })),
    ],
    documents: extra.documents,
    tasks: extra.tasks,
    teamConversationId: extra.teamConversationId,
    returned: extra.returned,
    viewer: { role, nextSteps: nextSteps(row.status, stageRolesOf(role)) },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export async function getApplication(db: Db, actor: Actor, id: string) {
  const { row, members, role } = await loadForViewer(db, actor, id);
  const teamConversationId = await findTeamConversationId(db, id);
  const documents = await documentsOf(db, id);
  const tasks = await tasksOf(db, id);
  const open = row.status === 'drafting' ? await findOpenReturn(db, id) : undefined;
  const returned = open ? { reason: open.reason, by: open.actor_name, at: iso(open.created_at) } : null;
  return toDetail(row, members, role, { teamConversationId, returned, documents, tasks });
}

const statusLabel = (status: ApplicationStatus) => status.replace(/_/g, ' ').toUpperCase();

/** Checks a stage change against the rules: 409 for no such step, 403 for someone else's step. */
function checkStep(row: ApplicationRow, role: ApplicationViewerRole, to: ApplicationStatus, body: UpdateApplicationRequest) {
  const roles = stageRolesOf(role);
  const verdict = stepFor(row.status, to, roles);
  if (verdict === 'invalid') {
    const allowed = nextSteps(row.status, ['pi', 'admin']);
    throw new AppError(
      'invalid_transition',
      allowed.length
        ? `An application in ${statusLabel(row.status)} can move to ${allowed.map(statusLabel).join(', ')}, not ${statusLabel(to)}.`
        : `An application in ${statusLabel(row.status)} is finished; it moves no further.`,
      { meta: { from: row.status, to, allowed, allowedForYou: nextSteps(row.status, roles) } },
    );
  }
  if (verdict === 'forbidden') {
    throw new AppError('forbidden', `Only ${to === 'submitted' || row.status === 'internal_review' ? "the institution's research office" : 'the PI'} can move it to ${statusLabel(to)}.`);
  }
  if (to === 'awarded' && (body.amountAwarded ?? row.amount_awarded) == null) {
    throw new AppError('validation_failed', 'Say how much was awarded.', {
      errors: [{ path: 'amountAwarded', message: 'Enter the amount awarded' }],
    });
  }
  if (row.status === 'internal_review' && to === 'drafting' && !body.reason) {
    throw new AppError('validation_failed', 'Say why it goes back, so the team knows what to change.', {
      errors: [{ path: 'reason', message: 'Give a reason for returning it' }],
    });
  }
}

/**
 * Moves an application, changes its amounts or deadline, or shares its award;
 * reports the move (`application.stage_changed`) and the sharing
 * (`award.shared`) as events in the same transaction.
 */
export async function changeApplication(db: Db, actor: Actor & { name: string }, id: string, body: UpdateApplicationRequest) {
  const { row, role } = await loadForViewer(db, actor, id);
  const moving = body.status !== undefined && body.status !== row.status;
  if (moving) checkStep(row, role, body.status!, body);
  const editsAmounts = body.amountRequested !== undefined || body.amountAwarded !== undefined;
  if (editsAmounts && !canEditAmounts(role)) throw new AppError('forbidden', 'Only the PI and the research office change the amounts.');
  if (body.internalDeadline !== undefined && !canSetInternalDeadline(role)) {
    throw new AppError('forbidden', "Only the institution's research office sets the internal deadline.");
  }
  if (body.shareInFeed) {
    if (role !== 'pi') throw new AppError('forbidden', 'Only the PI shares an award.');
    if ((moving ? body.status : row.status) !== 'awarded') {
      throw new AppError('validation_failed', 'Only an award can be shared.', {
        errors: [{ path: 'shareInFeed', message: 'Record the award first' }],
      });
    }
    const onlySharing = Object.entries(body).every(([key, value]) => key === 'shareInFeed' || value === undefined);
    if (onlySharing) {
      return changeWithEvents(db, async (tx, record) => {
        const application = await getApplication(tx, actor, id);
        record({ type: 'award.shared', data: { application } });
        return { application, before: row.status };
      });
    }
  }
  return changeWithEvents(db, async (tx, record) => {
    const applied = await updateApplication(
      tx,
      id,
      row.status,
      {
        status: moving ? body.status : undefined,
        amountRequested: body.amountRequested,
        amountAwarded: body.amountAwarded,
        internalDeadline: body.internalDeadline,
      },
      moving ? { actorId: actor.id, reason: body.reason || null } : null,
    );
    if (!applied) throw new AppError('conflict', 'Someone changed this application a moment ago. Reload it and try again.');
    const application = await getApplication(tx, actor, id);
    const by = { id: actor.id, name: actor.name };
    if (moving)
      record({
        type: 'application.stage_changed',
        data: { by, before: row.status, application, reason: body.reason || null },
      });
    if (body.shareInFeed) record({ type: 'award.shared', data: { application } });
    return { application, before: row.status };
  });
}

export async function getApplicationEvents(db: Db, actor: Actor, id: string) {
  await loadForViewer(db, actor, id);
  return (await listEvents(db, id)).map((e) => ({
    id: e.id,
    from: e.from_status,
    to: e.to_status,
    reason: e.reason,
    actor: e.actor_id ? { id: e.actor_id, name: e.actor_name ?? '' } : null,
    createdAt: iso(e.created_at),
  }));
}

export async function getInstitutionSettings(db: Db, actor: Actor) {
  if (!canManageInstitution(actor, actor.institution.id)) throw new AppError('forbidden', 'Only administrators manage the institution.');
  const settings = await getPipelineSettings(db, actor.institution.id);
  if (!settings) throw new AppError('not_found', 'Institution not found.');
  return settings;
}

export async function updateInstitutionSettings(db: Db, actor: Actor, days: number) {
  if (!canManageInstitution(actor, actor.institution.id)) throw new AppError('forbidden', 'Only administrators manage the institution.');
  const settings = await setInternalDeadlineLeadTime(db, actor.institution.id, days);
  if (!settings) throw new AppError('not_found', 'Institution not found.');
  return settings;
}

// What other modules may use of the applications module (eslint.config.js):
// the team's (who sees an application, its detail, its heads, whether it is
// still open), the calendar's rules (deadlines), My Grants and its counts, the
// reminders, the lists, the nightly check of the activity counts, and the
// counts against sponsors' application caps (decision 060).
export { isOpenStage } from './stages';
export { internalDeadlineFor } from './deadlines';
export { getMyApplications, getInstitutionApplications } from './application-lists';
export {
  countSavedGrants,
  followersOfGrants,
  getViewerState,
  grantIdsTakenBy,
  listSavedGrants,
  setBookmark,
} from './my-grants';
export { deadlinesWithin, tasksDueBy } from './reminders';
export { reconcileResearcherActivityYears } from './activity-years';
export { sponsorCapsOf, researchersNearSponsorCaps } from './sponsor-caps';
// Limited submissions (decision 061) start a selected pre-proposal's application as Apply Now does.
export { startApplication } from './my-grants';
