// How the feed reacts to other modules' events (modules/events, decision 046),
// in the feed's words: a researcher joined the institution, a PI shared an
// award, a team formed. Each post has its key, so a handler run again (after
// a failure elsewhere, or a crash) posts nothing twice.
import { eventHandler } from '../events/events.service';
import { recordFeedEvent } from './feed.service';

export const feedHandlers = [
  eventHandler({
    name: 'feed.member_joined',
    on: ['member.joined'],
    handle: ({ data: { person } }, { db, bus }) =>
      recordFeedEvent(db, bus, {
        type: 'member.joined',
        authorId: person.id,
        institutionId: person.institution.id,
        content: `${person.name} joined ${person.institution.name}.`,
        subject: { kind: 'researcher', id: person.id, label: person.name },
        key: `joined:${person.id}`,
      }),
  }),
  eventHandler({
    name: 'feed.award_shared',
    on: ['award.shared'],
    handle: async ({ data: { application } }, { db, bus }) => {
      const pi = application.members.find((m) => m.role === 'pi');
      if (!pi) return;
      await recordFeedEvent(db, bus, {
        type: 'application.awarded',
        authorId: pi.userId,
        institutionId: pi.institution.id,
        content: `${pi.name}'s team was awarded “${application.grant.title}”.`,
        subject: { kind: 'grant', id: application.grant.id, label: application.grant.title },
        key: `awarded:${application.id}`,
      });
    },
  }),
  eventHandler({
    // When the first teammate accepts: the PI and the people now on the team.
    name: 'feed.team_formed',
    on: ['team.member_accepted'],
    handle: async ({ data: { application } }, { db, bus }) => {
      const pi = application.members.find((m) => m.role === 'pi');
      const others = application.members.filter((m) => m.role !== 'pi' && m.status === 'active');
      if (!pi || others.length === 0) return;
      const names = others.map((m) =>
        m.institution.id === pi.institution.id ? m.name : `${m.name} (${m.institution.name})`,
      );
      await recordFeedEvent(db, bus, {
        type: 'team.formed',
        authorId: pi.userId,
        institutionId: pi.institution.id,
        content: `${pi.name} formed a team with ${names.join(', ')} for “${application.grant.title}”.`,
        subject: { kind: 'grant', id: application.grant.id, label: application.grant.title },
        key: `team:${application.id}`,
      });
    },
  }),
];
