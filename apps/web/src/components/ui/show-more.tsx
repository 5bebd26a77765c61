import { formatInteger } from '../../lib/format';
import { Button } from './button';

type ShowMoreProps = {
  /** How many the next press adds. */
  next: number;
  /** How many are not shown yet. */
  left: number;
  loading: boolean;
  /** The last press could not load the next rows; says so. */
  failed: boolean;
  /** What the rows are, for the failure ("applications"). */
  what: string;
  onMore: () => void;
};

/**
 * "Show more (n of m left)" under a long list, and the alert when the next
 * rows could not be loaded. Never disabled while loading: a keyboard user's
 * focus stays on it for the next press (a second press meanwhile is ignored).
 */
export function ShowMore({ next, left, loading, failed, what, onMore }: ShowMoreProps) {
  return (
    <>
      {failed ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          The next {what} could not be loaded. Try again.
        </p>
      ) : null}
      {left > 0 ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={() => {
            if (!loading) onMore();
          }}
          aria-busy={loading}
        >
          {loading
            ? 'Loading more…'
            : `Show more (${formatInteger(next)} of ${formatInteger(left)} left)`}
        </Button>
      ) : null}
    </>
  );
}
