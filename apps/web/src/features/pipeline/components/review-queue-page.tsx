// The research office's review queue, a page of its own: the institution's
// applications waiting in internal review, soonest sponsor deadline first,
// each a card with what the office decides on (PI, deadlines, amount,
// documents) and Approve and Return right on it.
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ClipboardCheck } from 'lucide-react';
import type { ApplicationStatus } from '@grantbridge/contract/grants';
import type { ApplicationItem } from '@grantbridge/contract/pipeline';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingState } from '../../../components/ui/loading-state';
import { ShowMore } from '../../../components/ui/show-more';
import { formatInteger, formatMoney } from '../../../lib/format';
import { useReviewQueue } from '../hooks/use-review-queue';
import { stepLabel } from '../utils/application-status';
import { StepDialog, type StepTarget } from './application-dialogs';
import { DeadlinePair } from './deadline-pair';

type Paths = {
  application: (id: string) => string;
  person: (id: string) => string;
  /** Grant Status, where every application of the institution is listed. */
  grants: string;
};

type Step = { item: ApplicationItem; to: ApplicationStatus };

const target = (item: ApplicationItem): StepTarget => ({
  ...item,
  grant: { title: item.grantTitle },
});

export function ReviewQueuePage({ paths }: { paths: Paths }) {
  const queue = useReviewQueue();
  const [step, setStep] = useState<Step | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const items = queue.data?.pages.flatMap((page) => page.applications) ?? [];
  const total = queue.data?.pages[0]?.total ?? 0;
  const left = Math.max(0, total - items.length);
  return (
    <div className="mx-auto max-w-4xl">
      {/* The cards stand on the page, not in another card: on a phone every pixel of width counts. */}
      <section aria-labelledby="review-title">
        {/* Where focus goes when a step takes its card off the list. */}
        <h2
          id="review-title"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900"
        >
          Waiting for internal review{' '}
          {queue.data ? <span className="text-slate-700">({formatInteger(total)})</span> : null}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Sent to the research office by their PIs, soonest sponsor deadline first. Approve and
          submit each, or return it to its PI with what to change.
        </p>
        {queue.isPending ? (
          <LoadingState label="Loading the review queue…" className="p-4" />
        ) : queue.isError && items.length === 0 ? (
          <p role="alert" className="mt-4 text-sm text-red-800">
            The review queue could not be loaded.{' '}
            <button
              type="button"
              onClick={() => void queue.refetch()}
              className="font-semibold underline"
            >
              Try again
            </button>
          </p>
        ) : items.length === 0 ? (
          <Card className="mt-4 flex flex-col items-center gap-2 px-4 py-10 text-center">
            <ClipboardCheck className="size-8 text-brand-800" aria-hidden="true" />
            <p className="font-semibold text-slate-900">Nothing is waiting for review</p>
            <p className="max-w-md text-sm text-slate-700">
              Applications come here when their PI sends them to the research office. Every
              application of your institution is on{' '}
              <Link to={paths.grants} className="font-medium text-brand-900 underline">
                Grant Status
              </Link>
              .
            </p>
          </Card>
        ) : (
          <>
            <ul className="mt-4 grid gap-4">
              {items.map((item) => (
                <li key={item.id}>
                  <ReviewCard item={item} paths={paths} onStep={(to) => setStep({ item, to })} />
                </li>
              ))}
            </ul>
            <ShowMore
              next={Math.min(20, left)}
              left={queue.hasNextPage ? left : 0}
              loading={queue.isFetchingNextPage}
              failed={queue.isFetchNextPageError}
              what="applications"
              onMore={() => void queue.fetchNextPage()}
            />
          </>
        )}
      </section>
      {step ? (
        <StepDialog
          application={target(step.item)}
          to={step.to}
          onClose={() => setStep(null)}
          // The card that opened the dialog is leaving the list: the list's heading takes focus instead.
          onDone={() => window.setTimeout(() => heading.current?.focus(), 0)}
        />
      ) : null}
    </div>
  );
}

function ReviewCard({
  item,
  paths,
  onStep,
}: {
  item: ApplicationItem;
  paths: Paths;
  onStep: (to: ApplicationStatus) => void;
}) {
  const titleId = `review-${item.id}`;
  const { completed, total } = item.documents;
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h3 id={titleId} className="font-semibold leading-snug">
        <Link to={paths.application(item.id)} className="text-brand-900 hover:underline">
          {item.grantTitle}
        </Link>
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        PI{' '}
        <Link to={paths.person(item.pi.id)} className="font-medium text-brand-900 hover:underline">
          {item.pi.name}
        </Link>
        {item.pi.department ? ` · ${item.pi.department}` : ''}
      </p>
      <DeadlinePair
        className="mt-3"
        internalDeadline={item.internalDeadline}
        sponsorDeadline={item.sponsorDeadline}
      />
      <dl className="mt-2 flex flex-wrap gap-2">
        <Fact label="Amount requested">
          {item.amountRequested !== null ? (
            <span className="font-semibold text-slate-900">
              {formatMoney(item.amountRequested)}
            </span>
          ) : (
            <span className="text-sm text-slate-700">Not set yet</span>
          )}
        </Fact>
        <Fact label="Documents">
          {total ? (
            <>
              <span className="font-semibold text-slate-900">
                {completed} of {total} completed
              </span>
              <progress
                className="mt-1 block h-1.5 w-full max-w-32 overflow-hidden rounded-full accent-brand-800"
                max={total}
                value={completed}
                aria-label={`Documents of ${item.grantTitle}`}
              />
            </>
          ) : (
            <span className="text-sm text-slate-700">No checklist</span>
          )}
        </Fact>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={() => onStep('submitted')}
          aria-label={`${stepLabel('submitted')}: ${item.grantTitle}`}
        >
          {stepLabel('submitted')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onStep('drafting')}
          aria-label={`${stepLabel('drafting')}: ${item.grantTitle}`}
        >
          {stepLabel('drafting')}
        </Button>
      </div>
    </article>
  );
}

/** One figure of a card, boxed like the deadlines above it. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 flex-1 rounded-xl border border-slate-200 px-3 py-2">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}
