// The facts other modules report to the feed, in the feed's words: a
// researcher joined the institution, a PI shared an award, a team formed.
// Each is recorded once (its key), after the change it reports has been
// stored; failing to record one never undoes or fails that change.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { RealtimeBus } from '../../plugins/realtime-bus';
import { recordFeedEvent } from './feed.service';

type Person = { id: string; name: string; institution: { id: string; name: string } };
type Team = { id: string; grant: { id: string; title: string }; members: { userId: string; name: string; role: string; status: string; institution: { id: string; name: string } }[] };

async function safely(log: FastifyBaseLogger, what: string, work: () => Promise<unknown>) {
  try {
    await work();
  } catch (err) {
    log.warn({ err }, `feed: could not record ${what}`);
  }
}

export function recordMemberJoined(db: Db, bus: RealtimeBus, log: FastifyBaseLogger, person: Person) {
  return safely(log, 'a new member', () =>
    recordFeedEvent(db, bus, {
      type: 'member.joined',
      authorId: person.id,
      institutionId: person.institution.id,
      content: `${person.name} joined ${person.institution.name}.`,
      subject: { kind: 'researcher', id: person.id, label: person.name },
      key: `joined:${person.id}`,
    }),
  );
}

export function recordAwardShared(db: Db, bus: RealtimeBus, log: FastifyBaseLogger, application: Team) {
  const pi = application.members.find((m) => m.role === 'pi');
  if (!pi) return Promise.resolve();
  return safely(log, 'a shared award', () =>
    recordFeedEvent(db, bus, {
      type: 'application.awarded',
      authorId: pi.userId,
      institutionId: pi.institution.id,
      content: `${pi.name}'s team was awarded “${application.grant.title}”.`,
      subject: { kind: 'grant', id: application.grant.id, label: application.grant.title },
      key: `awarded:${application.id}`,
    }),
  );
}

/** When the first teammate accepts: the PI and the people now on the team. */
export function recordTeamFormed(db: Db, bus: RealtimeBus, log: FastifyBaseLogger, application: Team) {
  const pi = application.members.find((m) => m.role === 'pi');
  const others = application.members.filter((m) => m.role !== 'pi' && m.status === 'active');
  if (!pi || others.length === 0) return Promise.resolve();
  const names = others.map((m) => (m.institution.id === pi.institution.id ? m.name : `${m.name} (${m.institution.name})`));
  return safely(log, 'a new team', () =>
    recordFeedEvent(db, bus, {
      type: 'team.formed',
      authorId: pi.userId,
      institutionId: pi.institution.id,
      content: `${pi.name} formed a team with ${names.join(', ')} for “${application.grant.title}”.`,
      subject: { kind: 'grant', id: application.grant.id, label: application.grant.title },
      key: `team:${application.id}`,
    }),
  );
}
