// "Limited: 2 per institution · 1 place left · internal deadline Jan 12": a
// grant limited at the viewer's institution (decision 061), on the grant page
// and in search results.
import clsx from 'clsx';
import { Users } from 'lucide-react';
import { limitedLineText, type LimitedSubmissionLine } from '@grantbridge/contract/limited-submissions';

export function LimitedLine({ line, className }: { line: LimitedSubmissionLine; className?: string }) {
  return (
    <p
      data-testid="limited-line"
      className={clsx(
        'flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-2.5 py-1.5 text-left text-sm text-amber-950',
        className,
      )}
    >
      <Users className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{limitedLineText(line)}</span>
    </p>
  );
}
