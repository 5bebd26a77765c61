// A researcher's own grants (what My Grants lists): bookmarked grants and
// applications started from the grant page (Apply Now); what a viewer has
// done with a grant, and who follows a grant through either.
import type { Application } from '@grantbridge/contract/grants';
import { withTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import { recordApplicationStarted } from './applications.repository';
import { createDefaultChecklist } from '../documents/documents.service';
import { getGrant, getGrantSummaries } from '../grants/grants.service';
import {
  countSavedGrantsOf,
  deleteSavedGrant,
  findApplication,
  insertApplicationOnce,
  insertSavedGrant,
  isGrantSaved,
  listApplicationGrantIds,
  listGrantFollowers,
  listSavedGrantIds,
} from './my-grants.repository';
import { acceptsApplications, canStartApplication } from './applications.policy';
import { sponsorCapForGrant } from './sponsor-caps';

async function requireGrant(db: Db, grantId: string) {
  const grant = await getGrant(db, grantId);
  if (!grant) throw new AppError('not_found', 'Grant not found.');
  return grant;
}

export async function setBookmark(db: Db, userId: string, grantId: string, saved: boolean) {
  await requireGrant(db, grantId);
  if (saved) await insertSavedGrant(db, userId, grantId);
  else await deleteSavedGrant(db, userId, grantId);
  return { saved };
}

export async function listSavedGrants(db: Db, userId: string) {
  const ids = await listSavedGrantIds(db, userId);
  const summaries = await getGrantSummaries(db, ids);
  const byId = new Map(summaries.map((g) => [g.id, g]));
  return ids.map((id) => byId.get(id)).filter((g) => g !== undefined);
}

function toApplication(row: NonNullable<Awaited<ReturnType<typeof findApplication>>>): Application {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/**
 * Apply Now: starts a drafting application once; a second call returns the
 * same one. A grant whose deadline has passed takes no new application (one
 * started while it was open stays and is returned).
 */
export async function startApplication(db: Db, actor: Actor, grantId: string) {
  if (!canStartApplication(actor)) {
    throw new AppError('forbidden', "Researchers start applications; the research office works on theirs.");
  }
  const userId = actor.id;
  const grant = await requireGrant(db, grantId);
  const existing = await findApplication(db, userId, grantId);
  if (existing) return { application: toApplication(existing), created: false };
  if (!acceptsApplications(grant)) {
    throw new AppError('validation_failed', 'This opportunity is closed for applications.', {
      errors: [{ path: 'grantId', message: `The grant is ${grant.status}; it takes no new applications.` }],
    });
  }
  // The first history entry goes in with the application, so every application has one.
  const created = await withTransaction(db, async (tx) => {
    const id = await insertApplicationOnce(tx, userId, grantId);
    if (id) {
      await recordApplicationStarted(tx, id, userId);
      await createDefaultChecklist(tx, id);
    }
    return id !== null;
  });
  const row = await findApplication(db, userId, grantId);
  return { application: toApplication(row!), created };
}

export async function getViewerState(db: Db, userId: string, grantId: string) {
  const [saved, application, sponsorCap] = await Promise.all([
    isGrantSaved(db, userId, grantId),
    findApplication(db, userId, grantId),
    sponsorCapForGrant(db, userId, grantId),
  ]);
  return { saved, application: application ? { id: application.id, status: application.status } : null, sponsorCap };
}

/** Saved-grant counts by person id (0 for people who saved none). */
export async function countSavedGrants(db: Db, userIds: string[]): Promise<Map<string, number>> {
  const counted = new Map((await countSavedGrantsOf(db, userIds)).map((r) => [r.userId, r.n]));
  return new Map(userIds.map((id) => [id, counted.get(id) ?? 0]));
}

/** The grants a person has saved or applied to (a suggestion leaves these out). */
export async function grantIdsTakenBy(db: Db, userId: string): Promise<Set<string>> {
  const saved = await listSavedGrantIds(db, userId);
  const applied = (await listApplicationGrantIds(db, userId)).map((r) => r.grantId);
  return new Set([...saved, ...applied]);
}

/**
 * Who follows each of `grantIds`: people who saved it, and the PI and
 * accepted members of an application on it still in progress. For "what
 * changed" notices.
 */
export async function followersOfGrants(db: Db, grantIds: string[]): Promise<Map<string, Set<string>>> {
  const result = new Map<string, Set<string>>();
  if (!grantIds.length) return result;
  const rows = await listGrantFollowers(db, grantIds);
  for (const r of rows) {
    if (!result.has(r.grant_id)) result.set(r.grant_id, new Set());
    result.get(r.grant_id)!.add(r.user_id);
  }
  return result;
}
