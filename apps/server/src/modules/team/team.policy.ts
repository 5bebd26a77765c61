// The team module's rules: the PI alone changes the team (invites and
// removes; only while the application is open, which the service asks the
// applications module), and who may be invited: an active account of an
// onboarded institution, and a researcher. Members answer their own
// invitations and leave by themselves (their own id is the key).
import type { ApplicationDetail } from '@grantbridge/contract/pipeline';

/** How the viewer stands to the application (the applications module's answer). */
type ViewerRole = ApplicationDetail['viewer']['role'];

/** Only the PI invites people to the team and removes them. */
export function canManageTeam(role: ViewerRole): boolean {
  return role === 'pi';
}

/** Someone an invitation can find: an active account at an onboarded institution (anyone else is not found). */
export function isInvitable(person: { status: string; onboarded: boolean }): boolean {
  return person.status === 'active' && person.onboarded;
}

/** Only researchers join application teams. */
export function joinsTeams(person: { role: string }): boolean {
  return person.role === 'researcher';
}
