// How an application's pipeline status is shown, and what each step is called.
import { applicationStatuses, type ApplicationStatus } from '@grantbridge/contract/grants';
import { inProgressStages as homeInProgressStages } from '@grantbridge/contract/home';
import type { ChipTone } from '../../../components/ui/chip';

/** Pipeline statuses are shown uppercase with underscores as spaces: "UNDER REVIEW". */
export function applicationStatusLabel(status: string): string {
  return status.replace(/_/g, ' ').toUpperCase();
}

export function applicationStatusTone(status: string): ChipTone {
  if (status === 'awarded') return 'green';
  if (status === 'rejected' || status === 'withdrawn') return 'red';
  if (status === 'drafting') return 'amber';
  return 'brand';
}

/** The stages a board shows, in pipeline order. */
export const boardStages: readonly ApplicationStatus[] = applicationStatuses;

/** Still being worked on or decided: the contract's one rule, which the stat view counts by too. */
export const inProgressStages: readonly ApplicationStatus[] = homeInProgressStages;

/** The button that takes a step, by the stage it moves to (and, for drafting, the stage it leaves). */
export function stepLabel(to: ApplicationStatus): string {
  switch (to) {
    case 'internal_review':
      return 'Send to research office';
    case 'submitted':
      return 'Approve and submit';
    case 'drafting':
      return 'Return to the PI';
    case 'under_review':
      return 'Mark under review';
    case 'awarded':
      return 'Record award';
    case 'rejected':
      return 'Record rejection';
    case 'withdrawn':
      return 'Withdraw';
  }
}
