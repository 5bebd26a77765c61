// Bringing people in: an administrator invites someone at their institution
// (an e-mailed link that works once, for 7 days; only its hash is stored),
// the invitee accepts with a name and password and is signed in, and the
// administrator sees everyone (and every pending invitation) in one directory.
import { paths } from '@grantbridge/contract/app-paths';
import type { Role, User } from '@grantbridge/contract/auth';
import type { CreateInvitationRequest, Invitation } from '@grantbridge/contract/people';
import { isUuid } from '@grantbridge/contract/ids';
import { appUrl, type Config } from '../../config';
import { withTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { enqueueEmail, type OutboxMessage } from '../../jobs/outbox';
import { hashToken, newToken, sameHash } from '../../lib/tokens';
import type { Actor } from '../../plugins/types';
import { createResearcherProfile } from '../researchers/researchers.service';
import { createAccount, findUserIdsByEmail, getAccount, openSession, setAccountStatus } from '../auth/auth.service';
import { changeWithEvents } from '../events/events.service';
import { findInstitutionById, findInstitutionForEmail } from '../institutions/institutions.service';
import { canChangeStatus, canManagePeople } from './people.policy';
import {
  closeInvitation,
  findInvitationById,
  findInvitationByTokenHash,
  findPendingInvitationByEmail,
  insertInvitation,
  listPendingInvitations,
  renewInvitation,
  type InvitationRow,
} from './people.repository';
import { assertStrongPassword } from '../../lib/password-strength';

export const invitationLifetimeMs = 7 * 24 * 60 * 60_000;

export function toInvitation(row: InvitationRow, now = new Date()): Invitation {
  const expired = row.status === 'pending' && row.expiresAt <= now;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    title: row.title,
    department: row.department,
    role: row.role,
    status: expired ? 'expired' : row.status,
    expiresAt: row.expiresAt.toISOString(),
    lastSentAt: row.lastSentAt.toISOString(),
    sentCount: row.sentCount,
  };
}

/**
 * Why an address may not be invited by `institution`, or null when it may: it
 * must be at one of the institution's domains or a subdomain of one, and no
 * other institution may own a more specific domain of it (riverside.example.edu
 * is Riverside's, not example.edu's: issue 27). `owners` caches domain → owner.
 */
export async function addressRefusal(
  db: Db,
  institution: { id: string; name: string; domains: string[] },
  email: string,
  owners = new Map<string, Promise<{ id: string; name: string } | undefined>>(),
): Promise<string | null> {
  if (!emailInDomains(email, institution.domains)) return `${email} is not an address of ${institution.name}`;
  const domain = email.split('@')[1]!.toLowerCase();
  if (!owners.has(domain)) owners.set(domain, findInstitutionForEmail(db, email));
  const owner = await owners.get(domain);
  if (owner && owner.id !== institution.id) return `${email} is an address of ${owner.name}, not of ${institution.name}`;
  return null;
}

/** Whether the address is at one of the domains, or a subdomain of one (cs.example.edu for example.edu). */
export function emailInDomains(email: string, domains: readonly string[]): boolean {
  const domain = email.split('@')[1]?.toLowerCase();
  if (!domain) return false;
  return domains.some((d) => domain === d.toLowerCase() || domain.endsWith(`.${d.toLowerCase()}`));
}

function assertManages(actor: Actor, institutionId: string) {
  if (!canManagePeople(actor, institutionId)) throw new AppError('not_found', 'No such invitation.');
}

/** The invitation e-mail, with the link that holds `token`. */
export function invitationEmail(
  config: Config,
  row: Pick<InvitationRow, 'email' | 'name' | 'role'>,
  token: string,
  institution: string,
): OutboxMessage {
  const role = row.role === 'admin' ? 'an administrator' : 'a researcher';
  return {
    to: row.email,
    subject: `You are invited to GrantBridge at ${institution}`,
    text:
      `Hello ${row.name},\n\n` +
      `Your research office has invited you to join ${institution} on GrantBridge as ${role}: ` +
      'grants that fit your research, collaborators at other institutions, and your applications in one place.\n\n' +
      `Accept the invitation and choose a password here (the link works once, for 7 days):\n\n` +
      `${appUrl(config)}${paths.acceptInviteWith(token)}\n\n` +
      'If you were not expecting this, ignore this e-mail.\n\nGrantBridge',
  };
}

async function sendInvitationEmail(db: Db, config: Config, row: InvitationRow, token: string, institution: string) {
  await enqueueEmail(db, invitationEmail(config, row, token, institution));
}

/**
 * Invites a person; a second invitation to an address already invited sends
 * the first again with a new link (`created` false) rather than making two.
 */
export async function createInvitation(
  db: Db,
  config: Config,
  actor: Actor,
  input: CreateInvitationRequest & { role: Role; researchAreas: string[] },
  now = new Date(),
): Promise<{ invitation: Invitation; created: boolean }> {
  if (actor.role !== 'admin') throw new AppError('forbidden', 'Only administrators invite people.');
  const institution = await findInstitutionById(db, actor.institution.id);
  if (!institution) throw new AppError('not_found', 'Your institution was not found.');
  const email = input.email.trim().toLowerCase();
  const refusal = await addressRefusal(db, institution, email);
  if (refusal) {
    throw new AppError(
      'email_outside_institution',
      `${refusal} (${institution.domains.join(', ') || 'no domains on record'}).`,
      { errors: [{ path: 'email', message: `Use an address at ${institution.domains.join(' or ')}` }] },
    );
  }
  if ((await findUserIdsByEmail(db, [email])).size > 0) {
    throw new AppError('already_registered', `${email} already has a GrantBridge account.`);
  }
  const pending = await findPendingInvitationByEmail(db, email);
  if (pending) {
    if (pending.institutionId !== institution.id) {
      throw new AppError('conflict', `${email} has a pending invitation from another institution.`);
    }
    return { invitation: await resend(db, config, pending, institution.name, now), created: false };
  }
  const token = newToken();
  const row = await withTransaction(db, async (tx) => {
    const inserted = await insertInvitation(tx, {
      institutionId: institution.id,
      email,
      name: input.name,
      title: input.title ?? null,
      department: input.department ?? null,
      role: input.role,
      researchAreas: input.researchAreas,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + invitationLifetimeMs),
      invitedBy: actor.id,
      lastSentAt: now,
    });
    if (inserted) await sendInvitationEmail(tx, config, inserted, token, institution.name);
    return inserted;
  });
  if (!row) {
    // Another request invited the same address a moment ago: that invitation stands.
    const winner = await findPendingInvitationByEmail(db, email);
    if (!winner) throw new AppError('conflict', 'The invitation changed meanwhile. Try again.');
    return { invitation: toInvitation(winner, now), created: false };
  }
  return { invitation: toInvitation(row, now), created: true };
}

async function resend(db: Db, config: Config, row: InvitationRow, institution: string, now: Date) {
  const token = newToken();
  const renewed = await withTransaction(db, async (tx) => {
    const updated = await renewInvitation(tx, row.id, {
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + invitationLifetimeMs),
      now,
    });
    if (updated) await sendInvitationEmail(tx, config, updated, token, institution);
    return updated;
  });
  if (!renewed) throw new AppError('conflict', 'This invitation is no longer pending.');
  return toInvitation(renewed, now);
}

/** The invitation of the actor's institution, or 404 for anyone else's (and for ids that are not ids). */
async function ownInvitation(db: Db, actor: Actor, id: string) {
  const row = isUuid(id) ? await findInvitationById(db, id) : undefined;
  if (!row) throw new AppError('not_found', 'No such invitation.');
  assertManages(actor, row.institutionId);
  return row;
}

/** The actor's institution's pending invitations, newest sent first. */
export async function listInvitations(db: Db, actor: Actor, now = new Date()): Promise<Invitation[]> {
  if (!canManagePeople(actor, actor.institution.id)) {
    throw new AppError('forbidden', 'Only administrators see invitations.');
  }
  return (await listPendingInvitations(db, actor.institution.id)).map((row) => toInvitation(row, now));
}

export async function resendInvitation(db: Db, config: Config, actor: Actor, id: string, now = new Date()) {
  const row = await ownInvitation(db, actor, id);
  if (row.status !== 'pending') {
    throw new AppError('conflict', `This invitation was ${row.status}; invite the person again instead.`);
  }
  const institution = await findInstitutionById(db, row.institutionId);
  return resend(db, config, row, institution!.name, now);
}

export async function revokeInvitation(db: Db, actor: Actor, id: string) {
  const row = await ownInvitation(db, actor, id);
  if (row.status === 'revoked') return;
  if (row.status === 'accepted') throw new AppError('conflict', 'This invitation has been accepted already.');
  if (!(await closeInvitation(db, row.id, 'revoked'))) {
    throw new AppError('conflict', 'This invitation changed meanwhile.');
  }
}

/** The invitation a link stands for, if it can still be accepted; 404 or 410 with the reason otherwise. */
async function usableInvitation(db: Db, token: string, now: Date) {
  const tokenHash = hashToken(token);
  const row = await findInvitationByTokenHash(db, tokenHash);
  if (!row || !sameHash(row.tokenHash, tokenHash)) {
    throw new AppError('not_found', 'This invitation link is not valid. Ask your research office for a new one.');
  }
  if (row.status === 'revoked') throw new AppError('invitation_revoked', 'This invitation has been withdrawn.');
  if (row.status === 'accepted') {
    throw new AppError('invitation_used', 'This invitation has been accepted already. Sign in instead.');
  }
  if (row.expiresAt <= now) {
    throw new AppError('invitation_expired', 'This invitation has expired. Ask your research office to send it again.');
  }
  return row;
}

export async function previewInvitation(db: Db, token: string, now = new Date()) {
  const row = await usableInvitation(db, token, now);
  const institution = await findInstitutionById(db, row.institutionId);
  return { email: row.email, name: row.name, institution: institution?.name ?? '', role: row.role };
}

/** Creates the account, closes the invitation and starts a session: one transaction. */
export async function acceptInvitation(
  db: Db,
  config: Config,
  input: { token: string; password: string; name: string },
  context: { ip: string | null; userAgent: string | null },
  now = new Date(),
): Promise<{ user: User; token: string; maxAgeSeconds?: number }> {
  const row = await usableInvitation(db, input.token, now);
  if ((await findUserIdsByEmail(db, [row.email])).size > 0) {
    throw new AppError('already_registered', `${row.email} already has a GrantBridge account. Sign in instead.`);
  }
  await assertStrongPassword(input.password, { email: row.email, name: input.name });
  // A researcher's arrival is reported (`member.joined`) with the account, in one transaction.
  const { userId, session } = await changeWithEvents(db, async (tx, record) => {
    const account = await createAccount(
      tx,
      {
        email: row.email,
        name: input.name,
        role: row.role,
        password: input.password,
        title: row.title,
        department: row.department,
        // An administrator has no research profile to set up.
        setupComplete: row.role === 'admin',
      },
      row.institutionId,
    );
    if (row.role === 'researcher') await createResearcherProfile(tx, account.id, { researchAreas: row.researchAreas });
    if (!(await closeInvitation(tx, row.id, 'accepted', account.id))) {
      throw new AppError('invitation_used', 'This invitation has been accepted already. Sign in instead.');
    }
    if (row.role === 'researcher') {
      const joined = (await getAccount(tx, account.id))!;
      record({ type: 'member.joined', data: { person: { id: joined.id, name: joined.name, institution: joined.institution } } });
    }
    return { userId: account.id, session: await openSession(tx, config, account.id, false, context, now) };
  });
  const user = await getAccount(db, userId);
  return { user: user!, ...session };
}

/**
 * A first sign-in through the institution's identity provider (decision 057):
 * the pending invitation of the e-mail becomes the account (its role, title and
 * research areas), or, when the institution allows it and nobody invited the
 * person, a researcher is created just in time. Name and department come from
 * the provider's attributes when it sends them. Null: neither applies.
 */
export async function joinVouched(
  db: Db,
  config: Config,
  input: { email: string; name: string | null; department: string | null; institutionId: string; justInTime: boolean; remember: boolean },
  context: { ip: string | null; userAgent: string | null },
  now = new Date(),
): Promise<{ user: User; token: string; maxAgeSeconds?: number; invited: boolean } | null> {
  const email = input.email.trim().toLowerCase();
  const pending = await findPendingInvitationByEmail(db, email);
  const invitation =
    pending && pending.institutionId === input.institutionId && pending.expiresAt > now ? pending : null;
  if (!invitation && !input.justInTime) return null;
  const role: Role = invitation?.role ?? 'researcher';
  const { userId, session } = await changeWithEvents(db, async (tx, record) => {
    const account = await createAccount(
      tx,
      {
        email,
        name: input.name ?? invitation?.name ?? email.split('@')[0]!,
        role,
        title: invitation?.title ?? null,
        department: input.department ?? invitation?.department ?? null,
        setupComplete: role === 'admin',
      },
      input.institutionId,
    );
    if (role === 'researcher') {
      await createResearcherProfile(tx, account.id, { researchAreas: invitation?.researchAreas ?? [] });
    }
    if (invitation && !(await closeInvitation(tx, invitation.id, 'accepted', account.id))) {
      throw new AppError('invitation_used', 'This invitation has been accepted already. Sign in instead.');
    }
    if (role === 'researcher') {
      const joined = (await getAccount(tx, account.id))!;
      record({ type: 'member.joined', data: { person: { id: joined.id, name: joined.name, institution: joined.institution } } });
    }
    return { userId: account.id, session: await openSession(tx, config, account.id, input.remember, context, now) };
  });
  const user = await getAccount(db, userId);
  return { user: user!, ...session, invited: invitation !== null };
}

/** Activates or deactivates a person of the actor's institution; 404 for anyone else. */
export async function setPersonStatus(db: Db, actor: Actor, id: string, status: 'active' | 'deactivated') {
  const person = isUuid(id) ? await getAccount(db, id) : null;
  if (!person || !canManagePeople(actor, person.institution.id)) {
    throw new AppError('not_found', 'No such person at your institution.');
  }
  if (!canChangeStatus(actor, { id: person.id, institutionId: person.institution.id })) {
    throw new AppError('forbidden', 'You cannot change the status of your own account.');
  }
  await setAccountStatus(db, person.id, status);
  return { id: person.id, status };
}
