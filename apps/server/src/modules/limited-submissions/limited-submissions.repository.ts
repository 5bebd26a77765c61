// SQL for limited submissions (decision 061): the calls, their pre-proposals,
// files, reviewers and reviews. Reads the people's names and institutions,
// the catalogue's grant titles and the pipeline's application stages
// (module-boundaries.json): a place is taken by a selected pre-proposal whose
// application is not withdrawn.
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, uuidArray, type Db } from '../../db/client';
import {
  limitedCalls,
  limitedPreProposalFiles,
  limitedPreProposals,
  limitedReviewers,
  limitedReviews,
} from '../../db/schema/limited-submissions';

export type CallRow = {
  id: string;
  institution_id: string;
  grant_id: string;
  cap: number;
  internal_deadline: string;
  abstract_word_limit: number;
  max_pdfs: number;
  created_at: Date | string;
  title: string;
  opportunity_number: string;
  agency: string | null;
  close_date: string | null;
  taken: number;
  pre_proposals: number;
};

/** Places taken: selected pre-proposals whose application is not withdrawn. */
const takenSql = sql`(SELECT count(*)::int FROM limited_pre_proposals p
  LEFT JOIN applications a ON a.id = p.application_id
  WHERE p.call_id = c.id AND p.status = 'selected' AND (a.status IS NULL OR a.status <> 'withdrawn'))`;

const callSelect = sql`SELECT c.id, c.institution_id, c.grant_id, c.cap, to_char(c.internal_deadline, 'YYYY-MM-DD') AS internal_deadline,
    c.abstract_word_limit, c.max_pdfs, c.created_at, g.title, g.opportunity_number, g.agency,
    to_char(g.close_date, 'YYYY-MM-DD') AS close_date, ${takenSql} AS taken,
    (SELECT count(*)::int FROM limited_pre_proposals p WHERE p.call_id = c.id AND p.status <> 'withdrawn') AS pre_proposals
  FROM limited_calls c JOIN grants g ON g.id = c.grant_id`;

export async function insertCall(
  db: Db,
  values: { institutionId: string; grantId: string; cap: number; internalDeadline: string; abstractWordLimit: number; maxPdfs: number; createdBy: string },
) {
  const [row] = await db.insert(limitedCalls).values(values).onConflictDoNothing().returning({ id: limitedCalls.id });
  return row?.id ?? null;
}

export async function listCallsOf(db: Db, institutionId: string) {
  return queryRows<CallRow>(db, sql`${callSelect} WHERE c.institution_id = ${institutionId} ORDER BY c.created_at DESC, c.id`);
}

export async function findCall(db: Db, id: string) {
  const [row] = await queryRows<CallRow>(db, sql`${callSelect} WHERE c.id = ${id}`);
  return row;
}

export async function findCallForGrant(db: Db, institutionId: string, grantId: string) {
  const [row] = await queryRows<CallRow>(db, sql`${callSelect} WHERE c.institution_id = ${institutionId} AND c.grant_id = ${grantId}`);
  return row;
}

export async function findCallsForGrants(db: Db, institutionId: string, grantIds: string[]) {
  if (!grantIds.length) return [];
  return queryRows<CallRow>(db, sql`${callSelect} WHERE c.institution_id = ${institutionId} AND c.grant_id = ANY(${uuidArray(grantIds)})`);
}

/** Locks the call's row for the transaction: one decision on its places at a time, across instances. */
export async function lockCall(tx: Db, id: string) {
  await tx.execute(sql`SELECT id FROM limited_calls WHERE id = ${id} FOR UPDATE`);
}

export async function countTaken(db: Db, callId: string) {
  const [row] = await queryRows<{ taken: number }>(db, sql`SELECT ${takenSql} AS taken FROM limited_calls c WHERE c.id = ${callId}`);
  return row?.taken ?? 0;
}

export type PreProposalRow = {
  id: string;
  call_id: string;
  user_id: string;
  name: string;
  abstract: string;
  status: 'submitted' | 'selected' | 'declined' | 'withdrawn';
  application_id: string | null;
  application_status: string | null;
  created_at: Date | string;
};

const preProposalSelect = sql`SELECT p.id, p.call_id, p.user_id, u.name, p.abstract, p.status, p.application_id,
    a.status AS application_status, p.created_at
  FROM limited_pre_proposals p JOIN users u ON u.id = p.user_id LEFT JOIN applications a ON a.id = p.application_id`;

export async function listPreProposals(db: Db, callId: string) {
  return queryRows<PreProposalRow>(db, sql`${preProposalSelect} WHERE p.call_id = ${callId} ORDER BY p.created_at, p.id`);
}

/** Who has a pre-proposal on the call still waiting for the office's decision. */
export async function listWaitingAuthors(db: Db, callId: string) {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`SELECT user_id FROM limited_pre_proposals WHERE call_id = ${callId} AND status = 'submitted' ORDER BY created_at, id`,
  );
  return rows.map((r) => r.user_id);
}

export async function findPreProposal(db: Db, callId: string, id: string) {
  const [row] = await queryRows<PreProposalRow>(db, sql`${preProposalSelect} WHERE p.call_id = ${callId} AND p.id = ${id}`);
  return row;
}

export async function findPreProposalOf(db: Db, callId: string, userId: string) {
  const [row] = await queryRows<PreProposalRow>(db, sql`${preProposalSelect} WHERE p.call_id = ${callId} AND p.user_id = ${userId}`);
  return row;
}

export async function findMyPreProposals(db: Db, callIds: string[], userId: string) {
  if (!callIds.length) return [];
  return queryRows<PreProposalRow>(db, sql`${preProposalSelect} WHERE p.call_id = ANY(${uuidArray(callIds)}) AND p.user_id = ${userId}`);
}

export async function deletePreProposal(db: Db, id: string) {
  await db.delete(limitedPreProposals).where(eq(limitedPreProposals.id, id));
}

export async function insertPreProposal(db: Db, values: { callId: string; userId: string; abstract: string }) {
  const [row] = await db.insert(limitedPreProposals).values(values).onConflictDoNothing().returning({ id: limitedPreProposals.id });
  return row?.id ?? null;
}

export async function insertPreProposalFile(db: Db, values: { preProposalId: string; fileName: string; size: number; data: Buffer }) {
  await db.insert(limitedPreProposalFiles).values(values);
}

export async function setPreProposalStatus(
  db: Db,
  id: string,
  values: { status: PreProposalRow['status']; applicationId?: string | null; decidedBy?: string | null },
) {
  await db
    .update(limitedPreProposals)
    .set({
      status: values.status,
      ...(values.applicationId !== undefined && { applicationId: values.applicationId }),
      ...(values.decidedBy !== undefined && { decidedBy: values.decidedBy, decidedAt: new Date() }),
    })
    .where(eq(limitedPreProposals.id, id));
}

export async function listFiles(db: Db, preProposalIds: string[]) {
  if (!preProposalIds.length) return [];
  return queryRows<{ id: string; pre_proposal_id: string; file_name: string; size: number }>(
    db,
    sql`SELECT id, pre_proposal_id, file_name, size FROM limited_pre_proposal_files
      WHERE pre_proposal_id = ANY(${uuidArray(preProposalIds)}) ORDER BY created_at, id`,
  );
}

export async function findFile(db: Db, preProposalId: string, fileId: string) {
  const [row] = await db
    .select()
    .from(limitedPreProposalFiles)
    .where(and(eq(limitedPreProposalFiles.preProposalId, preProposalId), eq(limitedPreProposalFiles.id, fileId)));
  return row;
}

export async function listReviews(db: Db, preProposalIds: string[]) {
  if (!preProposalIds.length) return [];
  return queryRows<{
    pre_proposal_id: string;
    reviewer_id: string;
    name: string;
    score: number | null;
    comment: string;
    conflict_of_interest: boolean;
    updated_at: Date | string;
  }>(
    db,
    sql`SELECT r.pre_proposal_id, r.reviewer_id, u.name, r.score, r.comment, r.conflict_of_interest, r.updated_at
      FROM limited_reviews r JOIN users u ON u.id = r.reviewer_id
      WHERE r.pre_proposal_id = ANY(${uuidArray(preProposalIds)}) ORDER BY r.updated_at, r.reviewer_id`,
  );
}

export async function upsertReview(
  db: Db,
  values: { preProposalId: string; reviewerId: string; score: number | null; comment: string; conflictOfInterest: boolean },
) {
  await db
    .insert(limitedReviews)
    .values(values)
    .onConflictDoUpdate({
      target: [limitedReviews.preProposalId, limitedReviews.reviewerId],
      set: { score: values.score, comment: values.comment, conflictOfInterest: values.conflictOfInterest, updatedAt: new Date() },
    });
}

export async function listReviewers(db: Db, callId: string) {
  return queryRows<{ id: string; name: string }>(
    db,
    sql`SELECT u.id, u.name FROM limited_reviewers r JOIN users u ON u.id = r.user_id
      WHERE r.call_id = ${callId} ORDER BY u.name, u.id`,
  );
}

/** The calls (of `callIds`) the person was invited to review. */
export async function reviewerCallIds(db: Db, userId: string, callIds: string[]) {
  if (!callIds.length) return new Set<string>();
  const rows = await db
    .select({ callId: limitedReviewers.callId })
    .from(limitedReviewers)
    .where(and(eq(limitedReviewers.userId, userId), sql`${limitedReviewers.callId} = ANY(${uuidArray(callIds)})`));
  return new Set(rows.map((r) => r.callId));
}

export async function insertReviewer(db: Db, values: { callId: string; userId: string; invitedBy: string }) {
  const rows = await db.insert(limitedReviewers).values(values).onConflictDoNothing().returning({ userId: limitedReviewers.userId });
  return rows.length > 0;
}

export type PersonRow = { id: string; name: string; role: 'researcher' | 'admin'; institution_id: string; status: string };

export async function findPerson(db: Db, id: string) {
  const [row] = await queryRows<PersonRow>(db, sql`SELECT id, name, role, institution_id, status FROM users WHERE id = ${id}`);
  return row;
}

export async function findPersonByEmail(db: Db, email: string) {
  const [row] = await queryRows<PersonRow>(db, sql`SELECT id, name, role, institution_id, status FROM users WHERE email = ${email}`);
  return row;
}
