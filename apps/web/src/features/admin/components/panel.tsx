// The office pages' building blocks: a titled panel, and the loading, error
// and empty states every list and chart on them uses.
import { useId, type ReactNode } from 'react';
import clsx from 'clsx';
import { Card } from '../../../components/ui/card';
import { CollapsibleCard } from '../../../components/ui/collapsible-card';
import { LoadingState } from '../../../components/ui/loading-state';
import { LoadFailed as LoadFailedNote } from '../../../components/ui/load-failed';

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

/** A whole panel that did not load (components/ui/load-failed.tsx, as a card). */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return <LoadFailedNote boxed what={what} onRetry={onRetry} />;
}

export { LoadingState };
