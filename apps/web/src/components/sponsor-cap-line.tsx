// One line on a count against a sponsor's application cap (NIH's six a year):
// at Apply Now on the grant page and on the office's researcher page. A
// warning style one below the cap and at it; the notice linked by its number.
import clsx from 'clsx';
import { AlertTriangle, Info } from 'lucide-react';
import type { SponsorCapStatus } from '@grantbridge/contract/sponsor-caps';
import { sponsorCapText } from '../lib/sponsor-cap';

type Props = { status: SponsorCapStatus; whose?: 'you' | 'they'; className?: string; now?: Date };

export function SponsorCapLine({ status, whose = 'you', className, now = new Date() }: Props) {
  const text = sponsorCapText(status, now.getFullYear(), whose);
  const Icon = text.tone === 'warning' ? AlertTriangle : Info;
  return (
    <div
      data-testid="sponsor-cap"
      className={clsx(
        'flex gap-2 rounded-md border p-2.5 text-left text-sm',
        text.tone === 'warning' ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-slate-200 bg-slate-50 text-slate-800',
        className,
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0">
        <span className="font-semibold">{text.count}</span>
        {text.warning ? <span className="block">{text.warning}</span> : null}
        <span className="block">
          Limit set by{' '}
          <a
            href={status.source.url}
            target="_blank"
            rel="noreferrer"
            className="font-medium underline underline-offset-2 hover:no-underline"
          >
            {status.source.notice}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </span>
      </p>
    </div>
  );
}
