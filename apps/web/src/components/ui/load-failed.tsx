import clsx from 'clsx';
import { Button } from './button';

/**
 * "<What> could not be loaded." with a Retry button, announced when it appears:
 * the one way a panel, list or post says its data did not come. `boxed` draws
 * it as a card of its own (a whole panel); plain, it sits inside one.
 */
export function LoadFailed({
  what,
  onRetry,
  boxed = false,
  className,
}: {
  what: string;
  onRetry: () => void;
  boxed?: boolean;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={clsx(
        'flex flex-wrap items-center gap-3 text-sm text-red-800',
        boxed && 'rounded-2xl border border-red-200 bg-red-50 p-5',
        className,
      )}
    >
      {what} could not be loaded.
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
