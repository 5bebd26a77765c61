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
            'inline-flex items-center justify-center rounded-full bg-slate-200 font-semibold text-slate-800 ring-2 ring-white',
            size === 'xs' ? 'size-6 text-[0.625rem]' : 'size-8 text-xs',
          )}
        >
          +{extra}
        </span>
      ) : null}
    </span>
  );
}
