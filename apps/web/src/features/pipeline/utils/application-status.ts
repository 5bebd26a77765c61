// How an application's pipeline status is shown.
import type { ChipTone } from '../../../components/ui/chip';

/** Pipeline statuses are shown uppercase with underscores as spaces: "UNDER REVIEW". */
export function applicationStatusLabel(status: string): string {
  return status.replace(/_/g, ' ').toUpperCase();
}

export function applicationStatusTone(status: string): ChipTone {
  if (status === 'awarded') return 'green';
  if (status === 'rejected') return 'red';
  if (status === 'drafting') return 'amber';
  return 'brand';
}
