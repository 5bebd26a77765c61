// The sponsor's deadline and the research office's internal one, side by
// side with the days left, wherever a deadline is shown.
import clsx from 'clsx';
import { formatDate } from '../../../lib/format';
import { daysLeftLabel, deadlineTone } from '../utils/deadlines';

const toneClasses = { red: 'text-red-800', amber: 'text-amber-900', neutral: 'text-slate-700' };

function Deadline({ label, day, note }: { label: string; day: string | null; note?: string }) {
  return (
    <div className="min-w-0 flex-1 rounded-xl border border-slate-200 px-3 py-2">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-0.5">
        {day ? (
          <>
            <span className="font-semibold text-slate-900">{formatDate(day)}</span>{' '}
            <span className={clsx('text-sm font-medium', toneClasses[deadlineTone(day)])}>· {daysLeftLabel(day)}</span>
          </>
        ) : (
          <span className="text-sm text-slate-700">No date</span>
        )}
        {note ? <span className="block text-xs text-slate-600">{note}</span> : null}
      </dd>
    </div>
  );
}

export function DeadlinePair({
  sponsorDeadline,
  internalDeadline,
  internalNote,
  className,
}: {
  sponsorDeadline: string | null;
  internalDeadline: string | null;
  internalNote?: string;
  className?: string;
}) {
  return (
    <dl className={clsx('flex flex-wrap gap-2', className)}>
      <Deadline label="Internal deadline" day={internalDeadline} note={internalNote} />
      <Deadline label="Sponsor deadline" day={sponsorDeadline} />
    </dl>
  );
}
