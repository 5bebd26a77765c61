// Sending a newsletter: its grants are worked out and frozen, its audience
// fixed as recipients (each with a random token, kept only as a hash), and one
// e-mail per recipient written to the outbox, all in the transaction that
// marks it sent. A second sender (another instance's scheduler, a double
// click) waits on the row, finds it sent and writes nothing, so each person
// gets it once; the outbox sends it once and retries while SMTP is down.
import crypto from 'node:crypto';
import { paths } from '@grantbridge/contract/app-paths';
import type { NewsletterAudience } from '@grantbridge/contract/newsletters';
import { appUrl, type Config } from '../../config';
import { withTransaction, type Db } from '../../db/client';
import { enqueueEmails, type OutboxMessage } from '../../jobs/outbox';
import type { Actor } from '../../plugins/types';
import { findInstitutionById } from '../institutions/institutions.service';
import { audienceMembers } from './newsletter-audience';
import { newsletterGrants } from './newsletter-contents';
import { renderNewsletter } from './newsletter-email';
import { findDueNewsletters, findNewsletter, insertRecipients, markNewsletterSent, type NewsletterRow } from './newsletters.repository';

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

export function audienceOf(row: Pick<NewsletterRow, 'audienceKind' | 'audienceName'>): NewsletterAudience {
  return row.audienceKind === 'everyone' ? { kind: 'everyone' } : { kind: row.audienceKind, name: row.audienceName ?? '' };
}

/** RFC 8058: a mail client's one-click unsubscribe POSTs to the link. */
function unsubscribeHeaders(url: string) {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export const redirectPath = (token: string, grantId: string) => `/api/v1/newsletters/r/${token}/${grantId}`;
export const unsubscribePath = (token: string) => `/api/v1/newsletters/unsubscribe/${token}`;
const batch = 500;

/**
 * Sends the newsletter if it is still in one of the `from` states (the
 * scheduler sends only what is still scheduled); undefined when it was not
 * (sent already, by this or another instance, or its schedule cancelled).
 * Without `mail` it is recorded as sent and nothing is queued (the demo's
 * newsletter: its people are fictional, their addresses not to be written to).
 */
export async function deliverNewsletter(
  db: Db,
  config: Config,
  id: string,
  from: ('draft' | 'scheduled')[],
  now = new Date(),
  options: { mail: boolean } = { mail: true },
): Promise<NewsletterRow | undefined> {
  const row = await findNewsletter(db, id);
  if (!row || !(from as string[]).includes(row.status)) return undefined;
  const actor: Actor = { id: row.authorId ?? '00000000-0000-0000-0000-000000000000', role: 'admin', institution: { id: row.institutionId } };
  const [grants, people, institution] = await Promise.all([
    newsletterGrants(db, actor, row, now),
    audienceMembers(db, row.institutionId, audienceOf(row)),
    findInstitutionById(db, row.institutionId),
  ]);
  const site = appUrl(config);
  const content = { title: row.title, intro: row.intro, institution: institution?.name ?? 'your institution', grants };
  const recipients: { newsletterId: string; userId: string; tokenHash: string }[] = [];
  const messages: OutboxMessage[] = [];
  for (const person of people) {
    const token = crypto.randomBytes(24).toString('base64url');
    const unsubscribeUrl = `${site}${unsubscribePath(token)}`;
    const mail = await renderNewsletter(content, {
      grantUrl: (grantId) => `${site}${redirectPath(token, grantId)}`,
      unsubscribeUrl,
      readUrl: `${site}${paths.researcher.newsletter(row.id)}`,
    });
    recipients.push({ newsletterId: row.id, userId: person.id, tokenHash: sha256(token) });
    messages.push({ to: person.email, ...mail, headers: unsubscribeHeaders(unsubscribeUrl) });
  }
  return withTransaction(db, async (tx) => {
    const sent = await markNewsletterSent(tx, row.id, from, now, grants, recipients.length);
    if (!sent) return undefined;
    for (let i = 0; i < recipients.length; i += batch) {
      await insertRecipients(tx, recipients.slice(i, i + batch));
      if (options.mail) await enqueueEmails(tx, messages.slice(i, i + batch));
    }
    return sent;
  });
}

/** The scheduled newsletters whose time has come, each sent once; how many this run sent. */
export async function sendDueNewsletters(db: Db, config: Config, now = new Date()): Promise<number> {
  let sent = 0;
  for (const { id } of await findDueNewsletters(db, now)) {
    if (await deliverNewsletter(db, config, id, ['scheduled'], now)) sent += 1;
  }
  return sent;
}
