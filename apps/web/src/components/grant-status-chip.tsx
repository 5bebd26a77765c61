// A grant's catalogue status as a chip, the same on the grant page, in the
// researcher's saved grants and in search results.
import { Chip, type ChipTone } from './ui/chip';

const labels: Record<string, string> = {
  forecasted: 'Forecasted',
  posted: 'Open',
  closed: 'Closed',
  archived: 'Archived',
};

const tones: Record<string, ChipTone> = { posted: 'green', forecasted: 'brand' };

export function grantStatusLabel(status: string): string {
  return labels[status] ?? status;
}

export function GrantStatusChip({ status }: { status: string }) {
  return <Chip tone={tones[status] ?? 'neutral'}>{grantStatusLabel(status)}</Chip>;
}
