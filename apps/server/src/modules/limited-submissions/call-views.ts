// What a limited call looks like to the office and its reviewers (decision 061):
// its places, its pre-proposals with their PDFs and reviews, its reviewers.
import { isoInstant } from '@grantbridge/contract/days';
import type { LimitedCallDetail, LimitedCallSummary } from '@grantbridge/contract/limited-submissions';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/types';
import { listFiles, listPreProposals, listReviewers, listReviews, type CallRow } from './limited-submissions.repository';
import { managesCall } from './limited-submissions.policy';
import { viewOf } from './load-call';

export function toSummary(row: CallRow): LimitedCallSummary {
  return {
    id: row.id,
    grant: { id: row.grant_id, title: row.title, opportunityNumber: row.opportunity_number, agency: row.agency, closeDate: row.close_date },
    cap: row.cap,
    placesTaken: row.taken,
    placesLeft: Math.max(0, row.cap - row.taken),
    internalDeadline: row.internal_deadline,
    abstractWordLimit: row.abstract_word_limit,
    maxPdfs: row.max_pdfs,
    preProposals: row.pre_proposals,
    createdAt: isoInstant(row.created_at),
  };
}

const average = (scores: number[]) => (scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10 : null);

export async function detailOf(db: Db, actor: Actor, row: CallRow): Promise<LimitedCallDetail> {
  const preProposals = await listPreProposals(db, row.id);
  const ids = preProposals.map((p) => p.id);
  const [files, reviews, reviewers] = await Promise.all([listFiles(db, ids), listReviews(db, ids), listReviewers(db, row.id)]);
  return {
    ...toSummary(row),
    preProposals: preProposals.map((p) => {
      const own = reviews.filter((r) => r.pre_proposal_id === p.id);
      return {
        id: p.id,
        researcher: { id: p.user_id, name: p.name },
        abstract: p.abstract,
        status: p.status,
        application: p.application_id && p.application_status ? { id: p.application_id, status: p.application_status } : null,
        files: files.filter((f) => f.pre_proposal_id === p.id).map((f) => ({ id: f.id, fileName: f.file_name, size: f.size })),
        reviews: own.map((r) => ({
          reviewer: { id: r.reviewer_id, name: r.name },
          score: r.score,
          comment: r.comment,
          conflictOfInterest: r.conflict_of_interest,
          updatedAt: isoInstant(r.updated_at),
        })),
        averageScore: average(own.filter((r) => !r.conflict_of_interest && r.score !== null).map((r) => r.score!)),
        createdAt: isoInstant(p.created_at),
      };
    }),
    reviewers,
    viewer: { role: managesCall(actor, viewOf(row)) ? 'admin' : 'reviewer', id: actor.id },
  };
}

