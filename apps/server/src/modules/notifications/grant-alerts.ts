// After an import: the catalogue's change log (grant_changes) is read from
// where the last run stopped, in order. Inserted grants, and grants that
// became posted, are matched against every saved search with alerts on; a
// change to the dates, amounts, eligibility or status of a grant someone
// saved or applies to tells them what changed, old → new. The run holds its
// cursor row locked, so with several instances one reads each change; each
// notice has a dedupe key, so a change is never told twice, and re-importing
// the same file (which changes nothing) tells nothing.
import { withTransaction, type Db } from '../../db/client';
import { formatDay, formatMoney } from '../../lib/format';
import type { RealtimeBus } from '../../plugins/realtime-bus';
import { getGrantSummaries, lastGrantChangeId, readGrantChanges, type GrantChange } from '../grants/grants.service';
import { followersOfGrants } from '../applications/applications.service';
import { listAlertingSearches, matchSavedSearches } from '../search/search.service';
import { advanceCursor, insertCursorIfMissing, lockCursorRow } from './notifications.repository';
import { publishNotices, storeNotices, type Notice, type StoredNotice } from './notifications.service';

const cursorName = 'grant_changes';
const batchSize = 5000;
const storeChunk = 2000;

const fieldNames: Record<string, string> = {
  postDate: 'Posted',
  closeDate: 'Closing date',
  awardCeiling: 'Award ceiling',
  awardFloor: 'Award floor',
  totalFunding: 'Total funding',
  eligibilityCodes: 'Who may apply',
  status: 'Status',
};

function show(field: string, value: unknown): string {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return 'none';
  if (field.endsWith('Date')) return formatDay(String(value));
  if (field === 'awardCeiling' || field === 'awardFloor' || field === 'totalFunding') return formatMoney(Number(value));
  if (Array.isArray(value)) return `codes ${value.join(', ')}`;
  return String(value);
}

/** "Closing date: 1 May 2026 → 15 June 2026; Award ceiling: $500,000 → $750,000" */
export function describeChanges(changes: GrantChange['changes']): string {
  return Object.entries(changes)
    .filter(([field]) => fieldNames[field])
    .map(([field, [from, to]]) => `${fieldNames[field]}: ${show(field, from)} → ${show(field, to)}`)
    .join('; ');
}

/** Became open for applications: a new grant, or one whose status moved to posted. */
const isNewlyOpen = (c: GrantChange) => c.kind === 'inserted' || (c.changes.status && c.changes.status[1] === 'posted');

/** The cursor, created at the newest change when it does not exist yet (the catalogue then in place is not news). */
async function lockCursor(db: Db): Promise<number> {
  await insertCursorIfMissing(db, cursorName, await lastGrantChangeId(db));
  const row = await lockCursorRow(db, cursorName);
  return Number(row!.last_id);
}

/** Marks the catalogue as it is now as seen (after the shipped grants load: they are not news). */
export async function markCatalogueSeen(db: Db) {
  const last = await lastGrantChangeId(db);
  await insertCursorIfMissing(db, cursorName, last);
}

async function noticesFor(db: Db, changes: GrantChange[], now: Date): Promise<Notice[]> {
  const opened = [...new Set(changes.filter(isNewlyOpen).map((c) => c.grantId))];
  const changed = changes.filter((c) => c.kind === 'updated' && describeChanges(c.changes));
  const summaries = new Map((await getGrantSummaries(db, [...new Set([...opened, ...changed.map((c) => c.grantId)])], now)).map((g) => [g.id, g]));
  const notices: Notice[] = [];
  const searches = opened.length ? await listAlertingSearches(db) : [];
  for (const { search, grantIds } of await matchSavedSearches(db, searches, opened, now)) {
    for (const grantId of grantIds) {
      const grant = summaries.get(grantId);
      if (!grant) continue;
      notices.push({
        userId: search.userId,
        kind: 'saved_search.match',
        title: `New match for “${search.name}”: ${grant.title}`,
        body: [grant.agency, grant.closeDate ? `closes ${formatDay(grant.closeDate)}` : 'no closing date', grant.awardCeiling ? `up to ${formatMoney(grant.awardCeiling)}` : null]
          .filter(Boolean)
          .join(' · '),
        target: { kind: 'grant', id: grantId },
        dedupeKey: `match:${search.id}:${grantId}`,
        email: search.alertCadence,
      });
    }
  }
  const followers = await followersOfGrants(db, [...new Set(changed.map((c) => c.grantId))]);
  for (const change of changed) {
    const grant = summaries.get(change.grantId);
    for (const userId of followers.get(change.grantId) ?? []) {
      notices.push({
        userId,
        kind: 'saved_grant.changed',
        title: `“${grant?.title ?? 'A grant you follow'}” changed`,
        body: describeChanges(change.changes),
        target: { kind: 'grant', id: change.grantId },
        dedupeKey: `changed:${change.id}`,
      });
    }
  }
  return notices;
}

/**
 * Reads every change not yet read and tells whom it concerns; returns how
 * many changes were read and notices stored. Safe to run at any time, on any
 * instance, as often as wanted.
 */
export async function processGrantChanges(db: Db, bus: RealtimeBus, now = new Date()) {
  let read = 0;
  let told = 0;
  for (;;) {
    const result = await withTransaction(db, async (tx) => {
      const after = await lockCursor(tx);
      const changes = await readGrantChanges(tx, after, batchSize);
      if (!changes.length) return null;
      // Stored a few thousand at a time; only each person's newest is kept, for the live event.
      const notices = await noticesFor(tx, changes, now);
      const stored: StoredNotice[] = [];
      let count = 0;
      for (let i = 0; i < notices.length; i += storeChunk) {
        const rows = await storeNotices(tx, notices.slice(i, i + storeChunk));
        count += rows.length;
        const newest = new Map(rows.filter((r) => r.in_app).map((r) => [r.user_id, r]));
        for (const row of newest.values()) stored.push(row);
      }
      notices.length = 0;
      await advanceCursor(tx, cursorName, changes[changes.length - 1]!.id);
      return { count: changes.length, stored, told: count };
    });
    if (!result) break;
    read += result.count;
    told += result.told;
    await publishNotices(db, bus, result.stored);
    if (result.count < batchSize) break;
  }
  return { read, told };
}
