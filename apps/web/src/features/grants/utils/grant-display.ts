// Small display rules of the grant pages.
import type { ChipTone } from '../../../components/ui/chip';

/** Areas match by case-insensitive substring in either direction (DESIGN §7). */
export function areasMatch(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x.includes(y) || y.includes(x);
}

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

export const grantStatusLabels: Record<string, string> = {
  forecasted: 'Forecasted',
  posted: 'Open',
  closed: 'Closed',
  archived: 'Archived',
};

export function grantStatusTone(status: string): ChipTone {
  if (status === 'posted') return 'green';
  if (status === 'forecasted') return 'brand';
  return 'neutral';
}
