// Who may do what with a limited call (decision 061). A call belongs to one
// institution: anyone else is told it does not exist. The office (its
// administrators) marks grants limited, invites reviewers and decides; the
// institution's researchers send pre-proposals; invited reviewers read and
// score them (never their own).
import type { Actor } from '../../plugins/types';

type Call = { institutionId: string };

/** The call is the actor's institution's: otherwise it does not exist for them. */
export const seesCall = (actor: Actor, call: Call) => actor.institution.id === call.institutionId;

export const managesCall = (actor: Actor, call: Call) => seesCall(actor, call) && actor.role === 'admin';

/** The office, or a researcher of the institution it invited to review. */
export const readsCall = (actor: Actor, call: Call, isReviewer: boolean) =>
  managesCall(actor, call) || (seesCall(actor, call) && isReviewer);

export const proposes = (actor: Actor, call: Call) => seesCall(actor, call) && actor.role === 'researcher';

/** An invited reviewer reviews others' pre-proposals, not their own. */
export const reviews = (actor: Actor, call: Call, isReviewer: boolean, authorId: string) =>
  seesCall(actor, call) && isReviewer && actor.id !== authorId;

/** Who may be invited to review: an active researcher of the call's institution. */
export const invitable = (person: { role: string; institution_id: string; status: string }, call: Call) =>
  person.role === 'researcher' && person.status === 'active' && person.institution_id === call.institutionId;
