// A section in a card whose heading is also the button that shows and hides
// the rest (the disclosure pattern), so a phone user can get past a long list.
// Open at first; nothing is remembered across visits.
import { useId, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import { Card } from './card';

type CollapsibleCardProps = {
  title: ReactNode;
  /** Beside the title while open (a filter, a link): they act on what the section shows. */
  actions?: ReactNode;
  id?: string;
  className?: string;
  /** The header row's layout (how the actions line up with the title). */
  headerClassName?: string;
  children: ReactNode;
};

export function CollapsibleCard({
  title,
  actions,
  id,
  className,
  headerClassName,
  children,
}: CollapsibleCardProps) {
  const [open, setOpen] = useState(true);
  const titleId = useId();
  const bodyId = useId();
  return (
    <Card id={id} className={className} role="region" aria-labelledby={titleId}>
      <div
        className={clsx(
          'flex flex-wrap justify-between gap-x-3 gap-y-2',
          headerClassName ?? 'items-start',
        )}
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen((value) => !value)}
            className="-mx-1 inline-flex min-h-9 items-center gap-1.5 rounded-lg px-1 text-left hover:text-brand-900"
          >
            {/* Before the title, where it stays however the title wraps: down when open, right when closed. */}
            <ChevronDown
              className={clsx(
                'size-5 shrink-0 text-slate-600 transition-transform',
                open ? '' : '-rotate-90',
              )}
              aria-hidden="true"
            />
            <span>{title}</span>
          </button>
        </h2>
        {open ? actions : null}
      </div>
      <div id={bodyId} hidden={!open}>
        {children}
      </div>
    </Card>
  );
}
