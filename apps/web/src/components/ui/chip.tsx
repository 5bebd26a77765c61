import type { HTMLAttributes } from 'react';
import clsx from 'clsx';

export type ChipTone = 'neutral' | 'brand' | 'green' | 'amber' | 'red' | 'highlight';

const toneClasses: Record<ChipTone, string> = {
  neutral: 'bg-slate-100 text-slate-800 ring-slate-200',
  brand: 'bg-brand-50 text-brand-900 ring-brand-200',
  green: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  amber: 'bg-amber-50 text-amber-900 ring-amber-200',
  red: 'bg-red-50 text-red-900 ring-red-200',
  highlight: 'bg-brand-800 text-white ring-brand-800',
};

/** A small rounded label: research areas, statuses, scores. */
export function Chip({
  tone = 'neutral',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: ChipTone }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset transition-colors',
        toneClasses[tone],
        className,
      )}
      {...props}
    />
  );
}
