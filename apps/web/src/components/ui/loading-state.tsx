import { Loader2 } from 'lucide-react';
import clsx from 'clsx';

/** A small, announced loading indicator. */
export function LoadingState({
  label = 'Loading…',
  className,
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={clsx('flex items-center justify-center gap-2 p-8 text-slate-700', className)}
    >
      <Loader2 className="size-5 animate-spin text-brand-800" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
