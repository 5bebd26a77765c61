// Alert e-mails through the outbox (so a down SMTP server loses nothing):
// instant ones as soon as they are stored, and one digest per person per
// period at their hour in their time zone, grouping every kind. Each run
// claims what it sends in the transaction that queues the mail (rows marked
// e-mailed, the digest's slot recorded), so with several instances every
// notice is mailed once. Every message carries List-Unsubscribe and
// List-Unsubscribe-Post (RFC 8058) with a link of its own.
import { areaPaths, notificationSettingsPath } from '@grantbridge/contract/app-paths';
import { defaultDigestHour, defaultKindPreferences, notificationKinds, type EmailCadence, type NotificationKind } from '@grantbridge/contract/notifications';
import { timeZoneForState } from '@grantbridge/contract/time-zones';
import { appUrl, type Config } from '../../config';
import { withTransaction, type Db } from '../../db/client';
import { enqueueEmail, enqueueEmails } from '../../jobs/outbox';
import { listSavedSearches, savedSearchesById } from '../search/search.service';
import type { SavedSearch } from '@grantbridge/contract/grants';
import { digestEmail, digestItemsPerKind, instantEmail, type DigestGroup } from './emails';
import { dailySlot, localTime, weeklySlot, zonedInstant } from './local-time';
import {
  claimDigestSlot,
  findDigestRecipients,
  findKindEmails,
  findKindEmailsOf,
  lockDigestNotices,
  lockPendingInstantNotices,
  markNotificationsEmailed,
  type DigestRecipientRow,
  type PendingInstantRow,
} from './notifications.repository';
import { createUnsubscribeToken, createUnsubscribeTokens, type UnsubscribeScope } from './unsubscribe';

function headersFor(url: string) {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

async function kindCadences(db: Db, userId: string): Promise<Map<string, string>> {
  const rows = await findKindEmails(db, userId);
  return new Map(rows.map((r) => [r.kind, r.email]));
}

/** What an instant e-mail's unsubscribe link turns off: its saved search's alerts, else its kind's e-mails. */
function instantScope(n: PendingInstantRow, searches: Map<string, SavedSearch>, cadences: Map<string, string>): UnsubscribeScope {
  const searchId = n.kind === 'saved_search.match' ? n.dedupe_key?.split(':')[1] : undefined;
  const search = searchId ? searches.get(searchId) : undefined;
  if (search) return { type: 'search', searchId: search.id, name: search.name, cadence: search.alertCadence };
  const cadence = cadences.get(n.kind) ?? defaultCadence(n.kind);
  return { type: 'kind', kind: n.kind, cadence: (cadence === 'off' ? 'instant' : cadence) as EmailCadence };
}

async function kindCadencesOf(db: Db, userIds: string[]): Promise<Map<string, Map<string, string>>> {
  const rows = await findKindEmailsOf(db, userIds);
  const result = new Map<string, Map<string, string>>();
  for (const r of rows) {
    if (!result.has(r.user_id)) result.set(r.user_id, new Map());
    result.get(r.user_id)!.set(r.kind, r.email);
  }
  return result;
}

const instantBatch = 500;

/** Mails every instant notice not yet mailed, a batch per transaction; how many were queued. */
export async function sendInstantEmails(db: Db, config: Config): Promise<number> {
  const site = appUrl(config);
  let queued = 0;
  for (;;) {
    const count = await withTransaction(db, async (tx) => {
      const rows = await lockPendingInstantNotices(tx, instantBatch);
      if (!rows.length) return 0;
      const userIds = [...new Set(rows.map((r) => r.user_id))];
      const [searches, cadences] = await Promise.all([savedSearchesById(tx, userIds), kindCadencesOf(tx, userIds)]);
      const tokens = await createUnsubscribeTokens(
        tx,
        rows.map((n) => ({ userId: n.user_id, scope: instantScope(n, searches, cadences.get(n.user_id) ?? new Map()) })),
      );
      const messages = await Promise.all(
        rows.map(async (n, i) => {
          const unsubscribeUrl = `${site}/api/v1/unsubscribe/${tokens[i]}`;
          const mail = await instantEmail({
            name: n.name,
            kind: n.kind,
            item: { title: n.title, body: n.body, link: `${site}${n.link}` },
            unsubscribeUrl,
            settingsUrl: `${site}${notificationSettingsPath(n.role)}`,
          });
          return { to: n.email, ...mail, headers: headersFor(unsubscribeUrl) };
        }),
      );
      await enqueueEmails(tx, messages);
      await markNotificationsEmailed(tx, rows.map((r) => r.id));
      return rows.length;
    });
    queued += count;
    if (count < instantBatch) return queued;
  }
}

async function sendDigest(tx: Db, config: Config, person: DigestRecipientRow, period: 'daily' | 'weekly', slot: string, slotAt: Date): Promise<boolean> {
  // Only what arrived before the slot's hour: later notices wait for the next digest.
  const rows = await lockDigestNotices(tx, person.user_id, period, slotAt);
  if (!rows.length) return false;
  // Claim this person's slot: a second instance (or a second run) finds it taken.
  const claimed = await claimDigestSlot(tx, person.user_id, period, slot);
  if (!claimed.length) return false;
  const site = appUrl(config);
  const area = areaPaths(person.role);
  const groups: DigestGroup[] = [];
  for (const kind of notificationKinds) {
    const items = rows.filter((r) => r.kind === kind);
    if (!items.length) continue;
    groups.push({
      kind,
      items: items.slice(0, digestItemsPerKind).map((r) => ({ title: r.title, body: r.body, link: `${site}${r.link}` })),
      more: Math.max(0, items.length - digestItemsPerKind),
    });
  }
  const cadences = await kindCadences(tx, person.user_id);
  const searches = (await listSavedSearches(tx, person.user_id)).filter((s) => s.alertCadence === period);
  const scope: UnsubscribeScope = {
    type: 'digest',
    period,
    kinds: notificationKinds.filter((k) => (cadences.get(k) ?? defaultCadence(k)) === period),
    searches: searches.map((s) => ({ id: s.id, name: s.name })),
  };
  const token = await createUnsubscribeToken(tx, person.user_id, scope);
  const unsubscribeUrl = `${site}/api/v1/unsubscribe/${token}`;
  const mail = await digestEmail({
    name: person.name,
    period,
    groups,
    seeAllUrl: `${site}${area.notifications}`,
    unsubscribeUrl,
    settingsUrl: `${site}${notificationSettingsPath(person.role)}`,
  });
  await enqueueEmail(tx, { to: person.email, ...mail, headers: headersFor(unsubscribeUrl) });
  await markNotificationsEmailed(tx, rows.map((r) => r.id));
  return true;
}

const defaultCadence = (kind: NotificationKind) => defaultKindPreferences[kind].email;

/** Sends each digest whose slot has come (at `now`) and was not sent yet; how many were queued. */
export async function sendDigests(db: Db, config: Config, now: Date): Promise<number> {
  let sent = 0;
  for (const period of ['daily', 'weekly'] as const) {
    for (const person of await findDigestRecipients(db, period)) {
      const zone = person.time_zone ?? timeZoneForState(person.state);
      const hour = person.digest_hour ?? defaultDigestHour;
      const local = localTime(now, zone);
      const slot = period === 'daily' ? dailySlot(local, hour) : weeklySlot(local, hour);
      const slotAt = zonedInstant(slot, hour, zone);
      if (await withTransaction(db, (tx) => sendDigest(tx, config, person, period, slot, slotAt))) sent++;
    }
  }
  return sent;
}
