// The office pages' building blocks: a titled panel, and the loading, error
// and empty states every list and chart on them uses.
import { useId, type ReactNode } from 'react';
import clsx from 'clsx';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CollapsibleCard } from '../../../components/ui/collapsible-card';
import { LoadingState } from '../../../components/ui/loading-state';

type PanelProps = {
  title: string;
  /** Shown beside the title: a count, a toggle, a link. */
  actions?: ReactNode;
  description?: ReactNode;
  id?: string;
  className?: string;
  /** Its title shows and hides the rest (Grant Status, a long page on a phone). */
  collapsible?: boolean;
  children: ReactNode;
};

export function Panel({
  title,
  actions,
  description,
  id,
  className,
  collapsible,
  children,
}: PanelProps) {
  const titleId = useId();
  if (collapsible) {
    return (
      <CollapsibleCard
        title={title}
        actions={actions}
        id={id}
        className={clsx('min-w-0 p-4 sm:p-6', className)}
      >
        {description ? <div className="mt-1 text-sm text-slate-700">{description}</div> : null}
        <div className="mt-4">{children}</div>
      </CollapsibleCard>
    );
  }
  return (
    <Card
      id={id}
      className={clsx('min-w-0 p-4 sm:p-6', className)}
      role="region"
      aria-labelledby={titleId}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {actions}
      </div>
      {description ? <div className="mt-1 text-sm text-slate-700">{description}</div> : null}
      <div className="mt-4">{children}</div>
    </Card>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-700">{children}</p>;
}

export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-sm text-red-800"
    >
      {what} could not be loaded.
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

export { LoadingState };
