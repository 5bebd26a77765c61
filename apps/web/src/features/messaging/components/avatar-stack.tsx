import clsx from 'clsx';
import type { ConversationMember } from '@grantbridge/contract/messaging';
import { InitialsAvatar } from '../../../components/ui/initials-avatar';

const shown = 3;

/** Up to three members' initials, overlapping, then "+N" for the rest. */
export function AvatarStack({
  members,
  size = 'sm',
  className,
}: {
  members: ConversationMember[];
  size?: 'xs' | 'sm';
  className?: string;
}) {
  const extra = members.length - shown;
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'flex shrink-0 items-center',
        size === 'xs' ? '-space-x-1' : '-space-x-1.5',
        className,
      )}
    >
      {members.slice(0, shown).map((m) => (
        <InitialsAvatar key={m.id} name={m.name} size={size} />
      ))}
      {extra > 0 ? (
        <span
          className={clsx(
            'inline-flex items-center justify-center rounded-full bg-slate-200 font-semibold tabular-nums text-slate-800 ring-2 ring-white',
            // Grows with the count ("+22", "+150") instead of clipping it.
            size === 'xs' ? 'h-6 min-w-6 px-1 text-[0.625rem]' : 'h-8 min-w-8 px-1.5 text-xs',
          )}
        >
          +{extra}
        </span>
      ) : null}
    </span>
  );
}
