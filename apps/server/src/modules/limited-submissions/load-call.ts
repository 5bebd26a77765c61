// One limited call as a request meets it: not found unless it is the actor's
// institution's (decision 061), with whether the actor was invited to review it.
import { isUuid } from '@grantbridge/contract/ids';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import { findCall, reviewerCallIds, type CallRow } from './limited-submissions.repository';
import { seesCall } from './limited-submissions.policy';

export const callNotFound = () => new AppError('not_found', 'Limited call not found.');

export type CallView = { institutionId: string };
export const viewOf = (row: CallRow): CallView => ({ institutionId: row.institution_id });

/** The call, if `actor` may know it exists (their institution's); not found otherwise. */
export async function loadCall(db: Db, actor: Actor, id: string) {
  if (!isUuid(id)) throw callNotFound();
  const row = await findCall(db, id);
  if (!row || !seesCall(actor, viewOf(row))) throw callNotFound();
  const reviewer = (await reviewerCallIds(db, actor.id, [id])).has(id);
  return { row, view: viewOf(row), reviewer };
}
