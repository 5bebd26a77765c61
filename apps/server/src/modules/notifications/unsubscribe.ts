// One-click unsubscribe (RFC 8058): every alert e-mail carries a link of its
// own that, without signing in, turns off what sent it: a kind's e-mails, a
// saved search's alerts, or a digest (the kinds and saved searches that fed
// it). Nothing is deleted: the saved search and the saved grant stay, and the
// same link turns it back on. "Stop every e-mail" turns every kind's e-mail off.
import crypto from 'node:crypto';
import { notificationKindLabels, notificationKinds, type EmailCadence, type NotificationKind } from '@grantbridge/contract/notifications';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { renameSavedSearch } from '../search/search.service';
import { insertUnsubscribeLink, insertUnsubscribeLinks, markUnsubscribeLinkUsed, upsertKindEmail } from './notifications.repository';

export type UnsubscribeScope =
  | { type: 'kind'; kind: NotificationKind; cadence: EmailCadence }
  | { type: 'search'; searchId: string; name: string; cadence: EmailCadence }
  | { type: 'digest'; period: 'daily' | 'weekly'; kinds: NotificationKind[]; searches: { id: string; name: string }[] };

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/** New links' tokens, one per scope, in one statement; each URL is `${appUrl}/api/v1/unsubscribe/<token>`. */
export async function createUnsubscribeTokens(db: Db, links: { userId: string; scope: UnsubscribeScope }[]): Promise<string[]> {
  if (!links.length) return [];
  const tokens = links.map(() => crypto.randomBytes(24).toString('base64url'));
  await insertUnsubscribeLinks(
    db,
    links.map((l, i) => ({ tokenHash: sha256(tokens[i]!), userId: l.userId, scope: l.scope })),
  );
  return tokens;
}

/** A new link's token; the URL is `${appUrl}/api/v1/unsubscribe/<token>`. */
export async function createUnsubscribeToken(db: Db, userId: string, scope: UnsubscribeScope): Promise<string> {
  const token = crypto.randomBytes(24).toString('base64url');
  await insertUnsubscribeLink(db, sha256(token), userId, scope);
  return token;
}

export function describeScope(scope: UnsubscribeScope): string {
  switch (scope.type) {
    case 'kind':
      return `e-mails about “${notificationKindLabels[scope.kind].label}”`;
    case 'search':
      return `alerts for your saved search “${scope.name}”`;
    case 'digest':
      return `your ${scope.period} digest e-mail`;
  }
}

async function setKindEmail(db: Db, userId: string, kind: NotificationKind, email: EmailCadence) {
  // The in-app setting stays as it was (the product's default when never changed).
  await upsertKindEmail(db, userId, kind, email);
}

async function setSearchCadence(db: Db, userId: string, searchId: string, cadence: EmailCadence) {
  try {
    await renameSavedSearch(db, userId, searchId, { alertCadence: cadence });
  } catch (err) {
    // A saved search deleted since: nothing to turn off or on.
    if (!(err instanceof AppError && err.code === 'not_found')) throw err;
  }
}

export type UnsubscribeAction = 'unsubscribe' | 'resubscribe' | 'all';

/** Applies `action` for the link's owner; 404 for a token that is not one of ours. */
export async function applyUnsubscribe(db: Db, token: string, action: UnsubscribeAction) {
  const row = await markUnsubscribeLinkUsed(db, sha256(token));
  if (!row) throw new AppError('not_found', 'This unsubscribe link is not valid.');
  const { user_id: userId, scope } = row;
  if (action === 'all') {
    for (const kind of notificationKinds) await setKindEmail(db, userId, kind, 'off');
    return { description: 'every e-mail from GrantBridge', unsubscribed: true };
  }
  const on = action === 'resubscribe';
  if (scope.type === 'kind') {
    await setKindEmail(db, userId, scope.kind, on ? scope.cadence : 'off');
  } else if (scope.type === 'search') {
    await setSearchCadence(db, userId, scope.searchId, on ? scope.cadence : 'off');
  } else {
    for (const kind of scope.kinds) await setKindEmail(db, userId, kind, on ? scope.period : 'off');
    for (const search of scope.searches) await setSearchCadence(db, userId, search.id, on ? scope.period : 'off');
  }
  return { description: describeScope(scope), unsubscribed: !on };
}
