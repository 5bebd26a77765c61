// The limited-submissions module's front door (decision 061): the office's
// limited calls (mark a grant limited, list them, read one with its
// pre-proposals and reviews, invite reviewers), and the line a researcher
// sees on a grant page and in search results. Pre-proposals' own actions
// (send, withdraw, review, decide) are in pre-proposals.ts.
import { todayIso } from '@grantbridge/contract/days';
import { isUuid } from '@grantbridge/contract/ids';
import type { CreateLimitedCallRequest, LimitedSubmissionLine } from '@grantbridge/contract/limited-submissions';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import { changeWithEvents } from '../events/events.service';
import { getGrant, isOpenStatus } from '../grants/grants.service';
import {
  findCall,
  findCallsForGrants,
  findMyPreProposals,
  findPerson,
  insertCall,
  insertReviewer,
  listCallsOf,
  reviewerCallIds,
  type CallRow,
} from './limited-submissions.repository';
import { invitable, managesCall, readsCall } from './limited-submissions.policy';
import { callNotFound, loadCall, viewOf } from './load-call';
import { detailOf, toSummary } from './call-views';

const notFound = callNotFound;
const invalid = (path: string, message: string, detail = message) =>
  new AppError('validation_failed', detail, { errors: [{ path, message }] });

export async function createCall(db: Db, actor: Actor, body: Required<CreateLimitedCallRequest>, now = new Date()) {
  if (actor.role !== 'admin') throw new AppError('forbidden', 'Only the research office marks a grant as limited.');
  const grant = await getGrant(db, body.grantId, now);
  if (!grant) throw invalid('grantId', 'Choose a grant from the catalogue', 'No grant in the catalogue has that id.');
  if (!isOpenStatus(grant.status)) throw invalid('grantId', 'This grant takes no applications', 'The grant is closed for applications.');
  if (body.internalDeadline < todayIso(now)) {
    throw invalid('internalDeadline', 'The internal deadline is in the past', 'Choose an internal deadline from today on.');
  }
  const id = await insertCall(db, {
    institutionId: actor.institution.id,
    grantId: grant.id,
    cap: body.cap,
    internalDeadline: body.internalDeadline,
    abstractWordLimit: body.abstractWordLimit,
    maxPdfs: body.maxPdfs,
    createdBy: actor.id,
  });
  if (!id) throw new AppError('conflict', 'This grant is already limited at your institution.');
  return { call: toSummary((await findCall(db, id))!) };
}

export async function listCalls(db: Db, actor: Actor) {
  if (actor.role !== 'admin') throw new AppError('forbidden', 'Only the research office lists limited calls.');
  return { calls: (await listCallsOf(db, actor.institution.id)).map(toSummary) };
}

/** One call with its pre-proposals and reviews: the office and the invited reviewers; not found for anyone else. */
export async function getCall(db: Db, actor: Actor, id: string) {
  const { row, view, reviewer } = await loadCall(db, actor, id);
  if (!readsCall(actor, view, reviewer)) throw notFound();
  return { call: await detailOf(db, actor, row) };
}

export async function inviteReviewer(db: Db, actor: Actor & { name: string }, id: string, userId: string) {
  const { row, view } = await loadCall(db, actor, id);
  if (!managesCall(actor, view)) throw notFound();
  const person = isUuid(userId) ? await findPerson(db, userId) : undefined;
  if (!person || !invitable(person, view)) {
    throw invalid('userId', 'Choose an active researcher of your institution', 'Reviewers are active researchers of your institution.');
  }
  await changeWithEvents(db, async (tx, record) => {
    const added = await insertReviewer(tx, { callId: row.id, userId: person.id, invitedBy: actor.id });
    if (added) {
      record({
        type: 'limited_submission.reviewer_invited',
        data: { by: { id: actor.id, name: actor.name }, call: { id: row.id, grantId: row.grant_id, grantTitle: row.title }, reviewerId: person.id },
      });
    }
  });
  return { call: await detailOf(db, actor, (await findCall(db, row.id))!) };
}

function lineOf(row: CallRow, actor: Actor, mine: LimitedSubmissionLine['mine'], reviewer: boolean, today: string): LimitedSubmissionLine {
  return {
    callId: row.id,
    cap: row.cap,
    placesLeft: Math.max(0, row.cap - row.taken),
    internalDeadline: row.internal_deadline,
    open: today <= row.internal_deadline,
    abstractWordLimit: row.abstract_word_limit,
    maxPdfs: row.max_pdfs,
    mine,
    canReview: readsCall(actor, viewOf(row), reviewer),
  };
}

/** The limited line of each of `grantIds` that is limited at the actor's institution (search results). */
export async function limitedLinesFor(db: Db, actor: Actor, grantIds: string[], now = new Date()) {
  const rows = await findCallsForGrants(db, actor.institution.id, grantIds.filter(isUuid));
  const lines = new Map<string, LimitedSubmissionLine>();
  if (!rows.length) return lines;
  const callIds = rows.map((r) => r.id);
  const [mine, reviewing] = await Promise.all([findMyPreProposals(db, callIds, actor.id), reviewerCallIds(db, actor.id, callIds)]);
  const today = todayIso(now);
  for (const row of rows) {
    const own = mine.find((p) => p.call_id === row.id);
    lines.set(row.grant_id, lineOf(row, actor, own ? { id: own.id, status: own.status } : null, reviewing.has(row.id), today));
  }
  return lines;
}

/** The limited line of one grant for the actor's institution; null when it is not limited there. */
export async function limitedLineFor(db: Db, actor: Actor, grantId: string, now = new Date()) {
  if (!isUuid(grantId)) return null;
  return (await limitedLinesFor(db, actor, [grantId], now)).get(grantId) ?? null;
}

/** The grant page's line, from the viewer's id (the grant page's viewer state is built from it). */
export async function limitedLineForUser(db: Db, userId: string, grantId: string) {
  const person = await findPerson(db, userId);
  if (!person) return null;
  return limitedLineFor(db, { id: person.id, role: person.role, institution: { id: person.institution_id } }, grantId);
}

/** The grant's limited call at the actor's institution, for the researcher's line (GET /grants/:id/limited-submission). */
export async function grantLimitedSubmission(db: Db, actor: Actor, grantId: string) {
  const grant = await getGrant(db, grantId);
  if (!grant) throw new AppError('not_found', 'Grant not found.');
  return { limitedSubmission: await limitedLineFor(db, actor, grant.id) };
}

// Pre-proposals' actions, for the routes and the demo seed.
export { decidePreProposal, openPreProposalFile, reviewPreProposal, submitPreProposal, withdrawPreProposal } from './pre-proposals';

/** Search results with the limited line of each grant limited at the searcher's institution. */
export async function withLimitedLines<T extends { results: { grant: { id: string } }[] }>(db: Db, actor: Actor, response: T): Promise<T> {
  const lines = await limitedLinesFor(db, actor, response.results.map((r) => r.grant.id));
  if (!lines.size) return response;
  return { ...response, results: response.results.map((r) => (lines.has(r.grant.id) ? { ...r, limitedSubmission: lines.get(r.grant.id) } : r)) };
}
