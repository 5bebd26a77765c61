// A limited call's pre-proposals (decision 061): a researcher sends one (an
// abstract within the call's word limit, and real PDFs, as many as the call
// allows) before the internal deadline, or withdraws it; invited reviewers
// score it or declare a conflict; the office selects up to the cap or
// declines. Selecting locks the call's row, so two instances cannot both take
// the last place, starts the researcher's application through the
// applications module's front door, and reports the decision as a domain
// event in the same transaction.
import { fileTypeFromBuffer } from 'file-type';
import { todayIso } from '@grantbridge/contract/days';
import { isUuid } from '@grantbridge/contract/ids';
import { maxPreProposalPdfBytes, type PreProposal, type SubmitPreProposalRequest } from '@grantbridge/contract/limited-submissions';
import { withTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { cleanFileName } from '../../lib/file-names';
import type { Actor } from '../../plugins/types';
import { changeApplication, isOpenStage, startApplication } from '../applications/applications.service';
import { changeWithEvents } from '../events/events.service';
import { detailOf } from './call-views';
import {
  countTaken,
  deletePreProposal,
  findCall,
  findFile,
  findPerson,
  findPreProposal,
  findPreProposalOf,
  insertPreProposal,
  insertPreProposalFile,
  listWaitingAuthors,
  lockCall,
  setPreProposalStatus,
  upsertReview,
  type CallRow,
} from './limited-submissions.repository';
import { managesCall, proposes, readsCall, reviews } from './limited-submissions.policy';
import { callNotFound, loadCall } from './load-call';

type Named = Actor & { name: string };
const notFound = () => new AppError('not_found', 'Pre-proposal not found.');
const invalid = (path: string, message: string, detail = message) =>
  new AppError('validation_failed', detail, { errors: [{ path, message }] });

/** The pre-proposal as the actor may see it: reviews only for the office and the reviewers. */
async function viewOf(db: Db, actor: Actor, callId: string, id: string, reads: boolean): Promise<{ preProposal: PreProposal }> {
  const row = (await findCall(db, callId))!;
  const found = (await detailOf(db, actor, row)).preProposals.find((p) => p.id === id)!;
  return { preProposal: reads ? found : { ...found, reviews: [], averageScore: null } };
}

async function loadPreProposal(db: Db, row: CallRow, id: string) {
  const found = isUuid(id) ? await findPreProposal(db, row.id, id) : undefined;
  if (!found) throw notFound();
  return found;
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Each file as bytes, refused unless it is a PDF by its contents and within the size limit. */
async function pdfsOf(files: { fileName: string; contentBase64: string }[], allowed: number) {
  if (files.length > allowed) {
    throw invalid('files', allowed ? `At most ${allowed} PDF${allowed === 1 ? '' : 's'}` : 'This call takes no PDFs', 'Too many files for this call.');
  }
  const out: { fileName: string; data: Buffer }[] = [];
  for (const [i, file] of files.entries()) {
    const data = Buffer.from(file.contentBase64, 'base64');
    if (data.length === 0) throw invalid(`files.${i}`, 'The file is empty');
    if (data.length > maxPreProposalPdfBytes) throw invalid(`files.${i}`, 'A PDF can be at most 5 MB');
    const type = await fileTypeFromBuffer(data);
    if (type?.mime !== 'application/pdf') {
      throw invalid(`files.${i}`, 'Upload a PDF', `“${file.fileName}” is ${type ? `a ${type.ext.toUpperCase()} file` : 'not a PDF'}; pre-proposals take PDFs.`);
    }
    // Control, bidi and invisible characters go, as for every stored file name (issue 27).
    out.push({ fileName: cleanFileName(file.fileName), data });
  }
  return out;
}

export async function submitPreProposal(db: Db, actor: Actor, callId: string, body: Required<SubmitPreProposalRequest>, now = new Date()) {
  const { row, view } = await loadCall(db, actor, callId);
  if (!proposes(actor, view)) throw new AppError('forbidden', 'Researchers send pre-proposals; the research office reviews them.');
  if (todayIso(now) > row.internal_deadline) {
    throw new AppError('conflict', `The internal deadline (${row.internal_deadline}) has passed; no more pre-proposals are taken.`);
  }
  const words = wordCount(body.abstract);
  if (words > row.abstract_word_limit) {
    throw invalid('abstract', `At most ${row.abstract_word_limit} words (this one has ${words})`, 'The abstract is too long.');
  }
  const files = await pdfsOf(body.files, row.max_pdfs);
  const id = await withTransaction(db, async (tx) => {
    const existing = await findPreProposalOf(tx, row.id, actor.id);
    if (existing && existing.status !== 'withdrawn') throw new AppError('conflict', 'You already sent a pre-proposal for this call.');
    if (existing) await deletePreProposal(tx, existing.id);
    const inserted = await insertPreProposal(tx, { callId: row.id, userId: actor.id, abstract: body.abstract });
    if (!inserted) throw new AppError('conflict', 'You already sent a pre-proposal for this call.');
    for (const file of files) await insertPreProposalFile(tx, { preProposalId: inserted, fileName: file.fileName, size: file.data.length, data: file.data });
    return inserted;
  });
  return viewOf(db, actor, row.id, id, false);
}

/** The author withdraws; a selected pre-proposal's place is freed and its application, if still open, withdrawn. */
export async function withdrawPreProposal(db: Db, actor: Named, callId: string, id: string) {
  const { row } = await loadCall(db, actor, callId);
  const found = await loadPreProposal(db, row, id);
  if (found.user_id !== actor.id) throw notFound();
  if (found.status !== 'withdrawn') {
    await setPreProposalStatus(db, found.id, { status: 'withdrawn' });
    if (found.application_id && found.application_status && isOpenStage(found.application_status as never)) {
      await changeApplication(db, actor, found.application_id, { status: 'withdrawn' }).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
    }
  }
  return viewOf(db, actor, row.id, found.id, false);
}

export async function reviewPreProposal(
  db: Db,
  actor: Actor,
  callId: string,
  id: string,
  body: { score: number | null; comment: string; conflictOfInterest: boolean },
) {
  const { row, view, reviewer } = await loadCall(db, actor, callId);
  if (!readsCall(actor, view, reviewer)) throw callNotFound();
  const found = await loadPreProposal(db, row, id);
  if (!reviews(actor, view, reviewer, found.user_id)) {
    throw new AppError('forbidden', 'Invited reviewers review pre-proposals, never their own.');
  }
  await upsertReview(db, {
    preProposalId: found.id,
    reviewerId: actor.id,
    score: body.conflictOfInterest ? null : body.score,
    comment: body.comment,
    conflictOfInterest: body.conflictOfInterest,
  });
  return viewOf(db, actor, row.id, found.id, true);
}

/**
 * Selects (up to the cap: 409 limit_reached past it, nothing changed) or
 * declines a pre-proposal. The call's row is locked for the transaction.
 */
export async function decidePreProposal(db: Db, actor: Named, callId: string, id: string, status: 'selected' | 'declined') {
  const { row, view } = await loadCall(db, actor, callId);
  if (!managesCall(actor, view)) throw callNotFound();
  await changeWithEvents(db, async (tx, record) => {
    await lockCall(tx, row.id);
    const found = await loadPreProposal(tx, row, id);
    if (found.status === status) return;
    if (found.status === 'withdrawn') throw new AppError('conflict', 'The researcher withdrew this pre-proposal.');
    const call = { id: row.id, grantId: row.grant_id, grantTitle: row.title };
    const by = { id: actor.id, name: actor.name };
    if (status === 'declined') {
      if (found.status === 'selected') throw new AppError('conflict', 'It is selected: the researcher withdraws its application to free the place.');
      await setPreProposalStatus(tx, found.id, { status: 'declined', decidedBy: actor.id });
      record({ type: 'limited_submission.decided', data: { by, call, researcherId: found.user_id, status, applicationId: null } });
      return;
    }
    const taken = await countTaken(tx, row.id);
    if (taken >= row.cap) {
      throw new AppError('limit_reached', `All ${row.cap} of the institution's places on this call are taken.`, { meta: { cap: row.cap, taken } });
    }
    const researcher = await findPerson(tx, found.user_id);
    if (!researcher || researcher.status !== 'active') throw new AppError('conflict', 'The researcher is no longer an active member.');
    const { application } = await startApplication(tx, { id: researcher.id, role: 'researcher', institution: { id: researcher.institution_id } }, row.grant_id);
    if (application.status === 'withdrawn') throw new AppError('conflict', 'The researcher withdrew their application on this grant.');
    await setPreProposalStatus(tx, found.id, { status: 'selected', applicationId: application.id, decidedBy: actor.id });
    record({ type: 'limited_submission.decided', data: { by, call, researcherId: found.user_id, status, applicationId: application.id } });
    if (taken + 1 >= row.cap) {
      const waitingIds = await listWaitingAuthors(tx, row.id);
      if (waitingIds.length) record({ type: 'limited_submission.filled', data: { call, cap: row.cap, waitingIds } });
    }
  });
  return viewOf(db, actor, row.id, id, true);
}

/** One PDF of a pre-proposal: its author, the office and the reviewers; not found for anyone else. */
export async function openPreProposalFile(db: Db, actor: Actor, callId: string, id: string, fileId: string) {
  const { row, view, reviewer } = await loadCall(db, actor, callId);
  const found = await loadPreProposal(db, row, id);
  if (found.user_id !== actor.id && !readsCall(actor, view, reviewer)) throw notFound();
  const file = isUuid(fileId) ? await findFile(db, found.id, fileId) : undefined;
  if (!file) throw new AppError('not_found', 'File not found.');
  return { fileName: file.fileName, data: file.data };
}
