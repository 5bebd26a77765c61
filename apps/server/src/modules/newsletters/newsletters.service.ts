// Funding newsletters (issue 29 §5, decision 063): the research office's
// drafts, preview, sending and counts; the newsletters a researcher received;
// the e-mail's click redirect and one-click unsubscribe. The module's front door.
import { paths } from '@grantbridge/contract/app-paths';
import type {
  Newsletter,
  NewsletterAudience,
  NewsletterDraft,
  NewsletterPreview,
  NewsletterStats,
  ReceivedNewsletter,
  ReceivedNewsletterList,
  UpdateNewsletter,
} from '@grantbridge/contract/newsletters';
import { appUrl, type Config } from '../../config';
import type { Db } from '../../db/client';
import type { NewsletterSource } from '../../db/schema/newsletters';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import { getGrantSummaries } from '../grants/grants.service';
import { findInstitutionById } from '../institutions/institutions.service';
import { listSavedSearches } from '../search/search.service';
import { audienceChoices, audienceMembers } from './newsletter-audience';
import { newsletterGrants } from './newsletter-contents';
import { renderNewsletter } from './newsletter-email';
import { audienceOf, deliverNewsletter, sha256 } from './newsletter-sending';
import { canManageNewsletter, canReadNewsletter } from './newsletters.policy';
import {
  findNewsletter,
  findNewsletterCounts,
  findNewslettersOf,
  findReceivedNewsletters,
  findRecipient,
  findRecipientByToken,
  insertClick,
  insertNewsletter,
  setUnsubscribed,
  updateUnsentNewsletter,
  type NewsletterWithClicks,
} from './newsletters.repository';

export { sendDueNewsletters } from './newsletter-sending';
export { audienceChoices };

const notFound = () => new AppError('not_found', 'Newsletter not found.');
const invalid = (path: string, message: string) => new AppError('validation_failed', message, { errors: [{ path, message }] });

function toNewsletter(row: NewsletterWithClicks): Newsletter {
  return {
    id: row.id,
    title: row.title,
    intro: row.intro,
    audience: audienceOf(row),
    sources: row.sources.map(({ savedSearchId, name, query }) => ({ savedSearchId, name, query })),
    grantIds: row.grantIds,
    perSearch: row.perSearch,
    status: row.status,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    recipients: row.recipientCount,
    clicks: row.clicks,
  };
}

async function managed(db: Db, actor: Actor, id: string) {
  const row = await findNewsletter(db, id);
  if (!row || !canManageNewsletter(actor, row)) throw notFound();
  return row;
}

/** The admin's own saved searches by id, copied; an id that is not one of theirs is a bad field. */
async function sourcesFor(db: Db, actor: Actor, ids: string[]): Promise<NewsletterSource[]> {
  if (!ids.length) return [];
  const mine = new Map((await listSavedSearches(db, actor.id)).map((s) => [s.id, s]));
  return ids.map((id, i) => {
    const search = mine.get(id);
    if (!search) throw invalid(`savedSearchIds.${i}`, 'Choose one of your saved searches');
    return { savedSearchId: id, name: search.name, query: search.query, filters: search.filters };
  });
}

async function checkGrants(db: Db, ids: string[]) {
  const found = new Set((await getGrantSummaries(db, ids)).map((g) => g.id));
  const missing = ids.findIndex((id) => !found.has(id));
  if (missing >= 0) throw invalid(`grantIds.${missing}`, 'No such grant in the catalogue');
}

async function checkAudience(db: Db, actor: Actor, audience: NewsletterAudience) {
  if (audience.kind === 'everyone') return;
  const choices = await audienceChoices(db, actor.institution.id);
  const names = (audience.kind === 'department' ? choices.departments : choices.areas).map((c) => c.name.toLowerCase());
  if (!names.includes(audience.name.trim().toLowerCase())) {
    throw invalid('audience.name', audience.kind === 'department' ? 'No researcher of yours is in that department' : 'No researcher of yours works in that area');
  }
}

const audienceColumns = (audience: NewsletterAudience) => ({
  audienceKind: audience.kind,
  audienceName: audience.kind === 'everyone' ? null : audience.name.trim(),
});

export async function listNewsletters(db: Db, actor: Actor) {
  return { newsletters: (await findNewslettersOf(db, actor.institution.id)).map(toNewsletter) };
}

export async function getNewsletter(db: Db, actor: Actor, id: string) {
  return toNewsletter(await managed(db, actor, id));
}

export async function createNewsletter(db: Db, actor: Actor, input: NewsletterDraft) {
  const sources = await sourcesFor(db, actor, input.savedSearchIds);
  await checkGrants(db, input.grantIds);
  await checkAudience(db, actor, input.audience);
  const row = await insertNewsletter(db, {
    institutionId: actor.institution.id,
    authorId: actor.id,
    title: input.title,
    intro: input.intro,
    ...audienceColumns(input.audience),
    sources,
    grantIds: input.grantIds,
    perSearch: input.perSearch,
  });
  return toNewsletter({ ...row, clicks: 0 });
}

export async function updateNewsletter(db: Db, actor: Actor, id: string, input: UpdateNewsletter) {
  const current = await managed(db, actor, id);
  if (current.status === 'sent') throw new AppError('conflict', 'This newsletter has been sent; it can no longer change.');
  const changes = {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.intro !== undefined && { intro: input.intro }),
    ...(input.perSearch !== undefined && { perSearch: input.perSearch }),
    ...(input.grantIds !== undefined && { grantIds: input.grantIds }),
    ...(input.savedSearchIds !== undefined && { sources: await sourcesFor(db, actor, input.savedSearchIds) }),
    ...(input.audience !== undefined && audienceColumns(input.audience)),
  };
  if (input.grantIds) await checkGrants(db, input.grantIds);
  if (input.audience) await checkAudience(db, actor, input.audience);
  const row = await updateUnsentNewsletter(db, id, changes);
  if (!row) throw new AppError('conflict', 'This newsletter has been sent; it can no longer change.');
  return toNewsletter({ ...row, clicks: current.clicks });
}

/** The e-mail as a recipient would get it now (once sent, with the grants that went), its grant links to the grant pages. */
export async function previewNewsletter(db: Db, config: Config, actor: Actor, id: string, now = new Date()): Promise<NewsletterPreview> {
  const row = await managed(db, actor, id);
  const [grants, people, institution] = await Promise.all([
    row.sentGrants ?? newsletterGrants(db, actor, row, now),
    row.status === 'sent' ? Promise.resolve(null) : audienceMembers(db, row.institutionId, audienceOf(row)),
    findInstitutionById(db, row.institutionId),
  ]);
  const site = appUrl(config);
  const mail = await renderNewsletter(
    { title: row.title, intro: row.intro, institution: institution?.name ?? 'your institution', grants },
    { grantUrl: (grantId) => `${site}${paths.researcher.grant(grantId)}`, unsubscribeUrl: `${site}${paths.researcher.settings}`, readUrl: `${site}${paths.researcher.newsletter(row.id)}` },
  );
  return { ...mail, recipients: people ? people.length : row.recipientCount, grants };
}

export async function sendNewsletter(db: Db, config: Config, actor: Actor, id: string, now = new Date()) {
  const row = await managed(db, actor, id);
  if (row.status === 'sent') throw new AppError('conflict', 'This newsletter has been sent already.');
  const sent = await deliverNewsletter(db, config, id, ['draft', 'scheduled'], now);
  if (!sent) throw new AppError('conflict', 'This newsletter has been sent already.');
  return toNewsletter({ ...sent, clicks: 0 });
}

/** The demo's newsletter, recorded as sent `at` without e-mail (seed/newsletters-seed.ts). */
export async function recordNewsletterSent(db: Db, config: Config, actor: Actor, id: string, at: Date) {
  await managed(db, actor, id);
  const sent = await deliverNewsletter(db, config, id, ['draft'], at, { mail: false });
  if (!sent) throw new AppError('conflict', 'This newsletter has been sent already.');
  return toNewsletter({ ...sent, clicks: 0 });
}

export async function scheduleNewsletter(db: Db, actor: Actor, id: string, at: string, now = new Date()) {
  const row = await managed(db, actor, id);
  if (row.status === 'sent') throw new AppError('conflict', 'This newsletter has been sent already.');
  const when = new Date(at);
  if (when.getTime() <= now.getTime()) throw invalid('at', 'Choose a time in the future');
  const updated = await updateUnsentNewsletter(db, id, { status: 'scheduled', scheduledAt: when });
  if (!updated) throw new AppError('conflict', 'This newsletter has been sent already.');
  return toNewsletter({ ...updated, clicks: row.clicks });
}

export async function cancelSchedule(db: Db, actor: Actor, id: string) {
  const row = await managed(db, actor, id);
  if (row.status !== 'scheduled') throw new AppError('conflict', row.status === 'sent' ? 'This newsletter has been sent already.' : 'This newsletter is not scheduled.');
  const updated = await updateUnsentNewsletter(db, id, { status: 'draft', scheduledAt: null });
  if (!updated) throw new AppError('conflict', 'This newsletter has been sent already.');
  return toNewsletter({ ...updated, clicks: row.clicks });
}

export async function newsletterStats(db: Db, actor: Actor, id: string): Promise<NewsletterStats> {
  const row = await managed(db, actor, id);
  const { perGrant, totals } = await findNewsletterCounts(db, id, row.institutionId);
  const byGrant = new Map(perGrant.map((g) => [g.grant_id, g]));
  return {
    recipients: row.recipientCount,
    clicks: totals.clicks,
    people: totals.people,
    unsubscribed: totals.unsubscribed,
    grants: (row.sentGrants ?? []).map((g) => ({ grantId: g.id, title: g.title, clicks: byGrant.get(g.id)?.clicks ?? 0, people: byGrant.get(g.id)?.people ?? 0 })),
  };
}

export async function listReceivedNewsletters(db: Db, actor: Actor): Promise<ReceivedNewsletterList> {
  const rows = await findReceivedNewsletters(db, actor.id);
  return {
    newsletters: rows.map((r) => ({ id: r.id, title: r.title, intro: r.intro, sentAt: r.sentAt!.toISOString(), grantCount: r.sentGrants?.length ?? 0 })),
  };
}

export async function getReceivedNewsletter(db: Db, actor: Actor, id: string): Promise<ReceivedNewsletter> {
  const row = await findNewsletter(db, id);
  const recipient = row ? await findRecipient(db, id, actor.id) : undefined;
  if (!row || !canReadNewsletter(actor, row, !!recipient)) throw notFound();
  return { id: row.id, title: row.title, intro: row.intro, sentAt: row.sentAt!.toISOString(), grants: row.sentGrants ?? [] };
}

/** A grant opened from the reading view: counted for the person it went to. */
export async function openGrantInApp(db: Db, actor: Actor, id: string, grantId: string) {
  const row = await findNewsletter(db, id);
  const recipient = row ? await findRecipient(db, id, actor.id) : undefined;
  if (!row || !recipient || !row.sentGrants?.some((g) => g.id === grantId)) throw notFound();
  await insertClick(db, recipient.id, grantId, 'app');
}

/** The e-mail's grant link: counts the click and answers where the grant's page is; 404 for a token or grant not of a newsletter. */
export async function followGrantLink(db: Db, token: string, grantId: string): Promise<string> {
  const recipient = await findRecipientByToken(db, sha256(token));
  if (!recipient || !recipient.sentGrants?.some((g) => g.id === grantId)) throw new AppError('not_found', 'This link is not valid.');
  await insertClick(db, recipient.id, grantId, 'email');
  return paths.researcher.grant(grantId);
}

/** One-click unsubscribe (or back on) from the institution's newsletters; the same answer however often. */
export async function applyNewsletterUnsubscribe(db: Db, token: string, action: 'unsubscribe' | 'resubscribe') {
  const recipient = await findRecipientByToken(db, sha256(token));
  if (!recipient) throw new AppError('not_found', 'This unsubscribe link is not valid.');
  const unsubscribed = action === 'unsubscribe';
  await setUnsubscribed(db, recipient.userId, recipient.institutionId, unsubscribed);
  const institution = await findInstitutionById(db, recipient.institutionId);
  return { institution: institution?.name ?? 'your institution', unsubscribed };
}
