// A round avatar showing a person's initials (no photos yet), with an
// optional online dot. Decorative: the person's name is given nearby.
import clsx from 'clsx';
import { initialsOf } from '../../lib/format';

/** Backgrounds dark enough for white initials (at least 4.5:1). */
const tones = [
  'bg-brand-800',
  'bg-teal-800',
  'bg-violet-800',
  'bg-rose-800',
  'bg-amber-800',
  'bg-emerald-800',
  'bg-sky-800',
  'bg-slate-700',
];

function toneOf(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return tones[Math.abs(hash) % tones.length]!;
}

const sizes = {
  xs: 'size-6 text-[0.625rem]',
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
} as const;

export function InitialsAvatar({
  name,
  size = 'md',
  online,
  className,
}: {
  name: string;
  size?: keyof typeof sizes;
  /** Shows a green dot when true; nothing when undefined or false. */
  online?: boolean;
  className?: string;
}) {
  return (
    <span aria-hidden="true" className={clsx('relative inline-flex shrink-0', className)}>
      <span
        className={clsx(
          'inline-flex items-center justify-center rounded-full font-semibold text-white ring-2 ring-white',
          sizes[size],
          toneOf(name),
        )}
      >
        {initialsOf(name)}
      </span>
      {online ? (
        <span className="absolute -bottom-0.5 -right-0.5 size-3 rounded-full bg-emerald-500 ring-2 ring-white" />
      ) : null}
    </span>
  );
}
