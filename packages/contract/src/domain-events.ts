// Domain events: what a module reports, in the transaction of the change it
// reports, for other modules to react to after the commit (notices, the feed,
// e-mail). Stored in `domain_events` (the server's modules/events), so a
// reaction that fails or is cut short by a crash runs again; each reaction
// runs once across instances (decision 046).
import type { ApplicationDetail, ApplicationTask } from './pipeline';

/** Who made the change. */
export type EventActor = { id: string; name: string };

export type DomainEventMap = {
  /** An application moved between stages (`before` → `application.status`). */
  /** `reason`: why, when the office returns it (events stored before it was carried have none). */
  'application.stage_changed': {
    by: EventActor;
    before: string;
    application: ApplicationDetail;
    reason?: string | null;
  };
  /** Its PI chose to share the award with the institution's feed. */
  'award.shared': { application: ApplicationDetail };
  /** The PI invited someone to the team. */
  'team.member_invited': {
    by: EventActor;
    application: ApplicationDetail;
    inviteeId: string;
    role: string;
  };
  /** Someone accepted an invitation to the team. */
  'team.member_accepted': { application: ApplicationDetail; userId: string };
  /** A task was given to someone (new, or reassigned). */
  'task.assigned': { by: EventActor; task: ApplicationTask; previousAssigneeId: string | null };
  /** A researcher finished accepting their invitation to the institution. */
  'member.joined': {
    person: { id: string; name: string; institution: { id: string; name: string } };
  };
  /** Someone liked a post in the activity feed (a new like, not one asked for again). */
  'post.liked': { by: EventActor; post: FeedPostRef };
  /** Someone commented on a post in the activity feed. */
  'post.commented': { by: EventActor; post: FeedPostRef; comment: { id: string; text: string } };
  /** The office selected or declined a pre-proposal for a limited call (decision 061). */
  'limited_submission.decided': { by: EventActor; call: LimitedCallRef; researcherId: string; status: 'selected' | 'declined'; applicationId: string | null };
  /** A selection took the limited call's last place: those still waiting for a decision are told. */
  'limited_submission.filled': { call: LimitedCallRef; cap: number; waitingIds: string[] };
  /** The office invited a researcher to review a limited call's pre-proposals. */
  'limited_submission.reviewer_invited': { by: EventActor; call: LimitedCallRef; reviewerId: string };
};

/** The limited call an event is about: its id and its grant. */
export type LimitedCallRef = { id: string; grantId: string; grantTitle: string };

/** The post an event is about: its author, and its text's beginning (at most 200 characters). */
export type FeedPostRef = { id: string; authorId: string; text: string };

export type DomainEventType = keyof DomainEventMap;
export const domainEventTypes = [
  'application.stage_changed',
  'award.shared',
  'team.member_invited',
  'team.member_accepted',
  'task.assigned',
  'member.joined',
  'post.liked',
  'post.commented',
  'limited_submission.decided',
  'limited_submission.filled',
  'limited_submission.reviewer_invited',
] as const satisfies readonly DomainEventType[];

export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: { type: K; data: DomainEventMap[K] };
}[T];
