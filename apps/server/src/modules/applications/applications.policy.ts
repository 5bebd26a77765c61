// The applications module's rules, in one place. Bookmarks belong to one user
// and are only read or written under that user's own id. An application is
// seen by its PI (who started it), its active team members, and the admins of
// the PI's institution (the research office that routes it); nobody else, and
// they get "not found". Who may move it between stages is stages.ts; who
// changes the team is team.policy.ts, the documents documents.policy.ts.
import type { GrantStatus } from '@grantbridge/contract/grants';
import type { Actor } from '../../plugins/types';
import { isOpenStatus } from '../grants/grants.service';
import type { StageRole } from './stages';

export function acceptsApplications(grant: { status: GrantStatus }): boolean {
  return isOpenStatus(grant.status);
}

/** Only researchers start applications; the office works on theirs (issue 12). */
export function canStartApplication(actor: Actor): boolean {
  return actor.role === 'researcher';
}

export type ApplicationRef = { piId: string; piInstitutionId: string; activeMemberIds: readonly string[] };
export type ApplicationViewerRole = 'pi' | 'member' | 'admin';

/** How `actor` stands to the application, or null when they may not see it. */
export function applicationRoleOf(actor: Actor, app: ApplicationRef): ApplicationViewerRole | null {
  if (actor.id === app.piId) return 'pi';
  if (app.activeMemberIds.includes(actor.id)) return 'member';
  if (actor.role === 'admin' && actor.institution.id === app.piInstitutionId) return 'admin';
  return null;
}

/** The stage roles a viewer acts in (team members move no stage). */
export function stageRolesOf(role: ApplicationViewerRole): StageRole[] {
  return role === 'member' ? [] : [role];
}

/** Amounts: the PI and the office. The internal deadline: the office alone. */
export function canEditAmounts(role: ApplicationViewerRole): boolean {
  return role === 'pi' || role === 'admin';
}
export function canSetInternalDeadline(role: ApplicationViewerRole): boolean {
  return role === 'admin';
}

/** The team's work (the tasks): the team does it; the office reads it. */
export function canWorkOn(role: ApplicationViewerRole): boolean {
  return role === 'pi' || role === 'member';
}

/** The institution's settings (the routing lead time): its admins. */
export function canManageInstitution(actor: Actor, institutionId: string): boolean {
  return actor.role === 'admin' && actor.institution.id === institutionId;
}
