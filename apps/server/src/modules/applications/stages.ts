// An application's stages and who may move it between them, written once:
// the service checks every PATCH against `stepFor`, the page offers
// `nextSteps`. The PI (who started it) sends it to the research office; the
// office (an admin of the PI's institution) approves and submits it, or
// returns it with a reason; after submission either records the sponsor's
// answer. Co-investigators and contributors work on it but move no stage.
import type { ApplicationStatus } from '@grantbridge/contract/grants';

export type StageRole = 'pi' | 'admin';

const both: StageRole[] = ['pi', 'admin'];

/** Every allowed step, by the stage it leaves, with who may take it. */
export const stageSteps: Record<ApplicationStatus, { to: ApplicationStatus; by: StageRole[] }[]> = {
  drafting: [
    { to: 'internal_review', by: ['pi'] },
    { to: 'withdrawn', by: ['pi'] },
  ],
  internal_review: [
    { to: 'submitted', by: ['admin'] },
    { to: 'drafting', by: ['admin'] },
  ],
  submitted: [
    { to: 'under_review', by: both },
    { to: 'awarded', by: both },
    { to: 'rejected', by: both },
    { to: 'withdrawn', by: both },
  ],
  under_review: [
    { to: 'awarded', by: both },
    { to: 'rejected', by: both },
    { to: 'withdrawn', by: both },
  ],
  awarded: [],
  rejected: [],
  withdrawn: [],
};

/**
 * Whether `roles` may move an application from `from` to `to`: `ok`;
 * `forbidden` when the step exists but belongs to someone else; `invalid`
 * when it is no step from there at all.
 */
export function stepFor(from: ApplicationStatus, to: ApplicationStatus, roles: StageRole[]): 'ok' | 'forbidden' | 'invalid' {
  const step = stageSteps[from].find((s) => s.to === to);
  if (!step) return 'invalid';
  return step.by.some((role) => roles.includes(role)) ? 'ok' : 'forbidden';
}

/** The stages `roles` may move an application to from `from`, in the order above. */
export function nextSteps(from: ApplicationStatus, roles: StageRole[]): ApplicationStatus[] {
  return stageSteps[from].filter((s) => s.by.some((role) => roles.includes(role))).map((s) => s.to);
}

/** Stages in which the application is still being worked on or decided. */
export function isOpenStage(status: ApplicationStatus): boolean {
  return stageSteps[status].length > 0;
}
