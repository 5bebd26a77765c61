// What people are told when other modules report a change (modules/events,
// decision 046): an invitation to a team, a stage change (to the team, and to
// the research office when a proposal reaches its review queue), a task given
// to someone, a like or a comment on one's post. The person who made the
// change is never told about it. Each notice's dedupe key is its event's (a
// like's is the liker's and the post's: liking again after unliking tells
// nothing new), so a handler run again tells no one twice.
import { eventHandler } from '../events/events.service';
import { sendInstantEmails } from './email-jobs';
import { findActiveAdmins } from './notifications.repository';
import { notify, type Notice } from './notifications.service';

/** A text's first words for a notice: one line, at most `max` characters, cut at a word. */
function firstWords(text: string, max = 80): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

const stageWords: Record<string, string> = {
  drafting: 'back to drafting',
  internal_review: 'to internal review',
  submitted: 'to submitted',
  under_review: 'to under review',
  awarded: 'to awarded',
  rejected: 'to not funded',
  withdrawn: 'to withdrawn',
};

export const notificationHandlers = [
  eventHandler({
    name: 'notifications.team_invitation',
    on: ['team.member_invited'],
    handle: ({ data: { by, application, inviteeId, role } }, { db, bus, eventId }) =>
      notify(db, bus, [
        {
          userId: inviteeId,
          kind: 'team.invitation',
          title: `${by.name} invited you to a team`,
          body: `As ${role === 'co_investigator' ? 'co-investigator' : 'contributor'} on “${application.grant.title}”. Accept or decline on My Grants.`,
          target: { kind: 'pipeline' },
          dedupeKey: `event:${eventId}`,
        },
      ]),
  }),
  eventHandler({
    name: 'notifications.stage_changed',
    on: ['application.stage_changed'],
    handle: async ({ data: { by, before, application, reason } }, { db, bus, eventId }) => {
      if (before === application.status) return;
      const title = `“${application.grant.title}” moved ${stageWords[application.status] ?? application.status}`;
      // A return says why, in the notice and so in its e-mail (issue 30).
      const body =
        before === 'internal_review' && application.status === 'drafting' && reason
          ? `${by.name} returned it to drafting: “${reason.length > 300 ? `${reason.slice(0, 299)}…` : reason}”`
          : `${by.name} moved it from ${before.replace(/_/g, ' ')} to ${application.status.replace(/_/g, ' ')}.`;
      const team = application.members.filter((m) => m.status === 'active').map((m) => m.userId);
      const pi = application.members.find((m) => m.role === 'pi');
      const office =
        application.status === 'internal_review' && pi
          ? await findActiveAdmins(db, pi.institution.id)
          : [];
      const recipients = [...new Set([...team, ...office])].filter((id) => id !== by.id);
      const notices: Notice[] = recipients.map((userId) => ({
        userId,
        kind: 'application.status',
        title,
        body:
          office.includes(userId) && !team.includes(userId)
            ? `${body} It is waiting in your review queue.`
            : body,
        target: { kind: 'application', id: application.id },
        dedupeKey: `event:${eventId}`,
      }));
      await notify(db, bus, notices);
    },
  }),
  eventHandler({
    name: 'notifications.task_assigned',
    on: ['task.assigned'],
    handle: async ({ data: { by, task, previousAssigneeId } }, { db, bus, eventId }) => {
      if (!task.assigneeId || task.assigneeId === by.id || task.assigneeId === previousAssigneeId)
        return;
      await notify(db, bus, [
        {
          userId: task.assigneeId,
          kind: 'task.assigned',
          title: `${by.name} gave you a task`,
          body: `“${task.title}” on “${task.application.grantTitle}”${task.dueDate ? `, due ${task.dueDate}` : ''}.`,
          target: { kind: 'application', id: task.application.id },
          dedupeKey: `event:${eventId}`,
        },
      ]);
    },
  }),
  eventHandler({
    name: 'notifications.post_liked',
    on: ['post.liked'],
    handle: async ({ data: { by, post } }, { db, bus }) => {
      if (post.authorId === by.id) return;
      await notify(db, bus, [
        {
          userId: post.authorId,
          kind: 'post.liked',
          title: `${by.name} liked your post`,
          body: `“${firstWords(post.text)}”`,
          target: { kind: 'post', id: post.id },
          dedupeKey: `like:${post.id}:${by.id}`,
        },
      ]);
    },
  }),
  eventHandler({
    name: 'notifications.post_commented',
    on: ['post.commented'],
    handle: async ({ data: { by, post, comment } }, { db, bus, eventId }) => {
      if (post.authorId === by.id) return;
      await notify(db, bus, [
        {
          userId: post.authorId,
          kind: 'post.commented',
          title: `${by.name} commented on your post`,
          body: `“${firstWords(comment.text)}”`,
          target: { kind: 'post', id: post.id },
          dedupeKey: `event:${eventId}`,
        },
      ]);
    },
  }),
  eventHandler({
    // Limited submissions (decision 061): the researcher hears the office's decision on their pre-proposal.
    name: 'notifications.limited_submission_decided',
    on: ['limited_submission.decided'],
    handle: ({ data: { call, researcherId, status, applicationId } }, { db, bus, eventId }) =>
      notify(db, bus, [
        {
          userId: researcherId,
          kind: 'application.status',
          title: status === 'selected' ? `Your pre-proposal was selected: “${call.grantTitle}”` : `Your pre-proposal was not selected: “${call.grantTitle}”`,
          body:
            status === 'selected'
              ? 'The research office chose it for one of the institution’s places. Your application has started on My Grants.'
              : 'The research office chose other pre-proposals for the institution’s places on this call.',
          target: status === 'selected' && applicationId ? { kind: 'application', id: applicationId } : { kind: 'grant', id: call.grantId },
          dedupeKey: `event:${eventId}`,
        },
      ]),
  }),
  eventHandler({
    // The last place went: whoever still waits hears it now, not only when declined.
    name: 'notifications.limited_submission_filled',
    on: ['limited_submission.filled'],
    handle: ({ data: { call, cap, waitingIds } }, { db, bus, eventId }) =>
      notify(
        db,
        bus,
        waitingIds.map((userId) => ({
          userId,
          kind: 'application.status' as const,
          title: `All places are taken: “${call.grantTitle}”`,
          body: `The research office has chosen pre-proposals for all ${cap} of the institution’s places on this call. Yours stays on file: if a place frees, the office can still select it.`,
          target: { kind: 'grant' as const, id: call.grantId },
          dedupeKey: `event:${eventId}`,
        })),
      ),
  }),
  eventHandler({
    name: 'notifications.limited_submission_reviewer',
    on: ['limited_submission.reviewer_invited'],
    handle: ({ data: { by, call, reviewerId } }, { db, bus, eventId }) =>
      notify(db, bus, [
        {
          userId: reviewerId,
          kind: 'team.invitation',
          title: `${by.name} asked you to review pre-proposals`,
          body: `For the limited call “${call.grantTitle}”. Open the grant and choose “Review the pre-proposals”.`,
          target: { kind: 'grant', id: call.grantId },
          dedupeKey: `event:${eventId}`,
        },
      ]),
  }),
  eventHandler({
    // After the notices above: those their people want by e-mail at once leave now, not at the
    // next five-minute run (sending claims each notice once, so a run again sends nothing twice).
    name: 'notifications.instant_emails',
    on: ['team.member_invited', 'application.stage_changed', 'task.assigned', 'limited_submission.decided', 'limited_submission.filled', 'limited_submission.reviewer_invited'],
    handle: async (_event, { db, config, outbox }) => {
      if ((await sendInstantEmails(db, config)) > 0) outbox.poke();
    },
  }),
];
