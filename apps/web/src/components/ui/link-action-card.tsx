// The page an e-mail's link opens without signing in (turning off an alert or
// a newsletter): the page, not the link's address, performs the action, once
// as it opens (mail scanners follow links, so opening the address alone
// changes nothing); it shows progress, then the outcome with the focus on its
// heading, and the action can be run again from the outcome's buttons.
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { LoadingState } from './loading-state';

export type LinkActionState<A, R> =
  | { kind: 'working' }
  | { kind: 'done'; action: A; result: R }
  | { kind: 'failed'; message: string };

export function useLinkAction<A, R>(options: {
  perform: (action: A) => Promise<R>;
  /** The action the link stands for, run as the page opens. */
  first: A;
  /** What to tell the person when the action failed. */
  failure: (error: unknown) => string;
  onDone?: (action: A, result: R) => void;
}) {
  const [state, setState] = useState<LinkActionState<A, R>>({ kind: 'working' });
  const heading = useRef<HTMLHeadingElement>(null);
  const started = useRef(false);
  const run = (action: A) => {
    setState({ kind: 'working' });
    options
      .perform(action)
      .then((result) => {
        options.onDone?.(action, result);
        setState({ kind: 'done', action, result });
      })
      .catch((error: unknown) => setState({ kind: 'failed', message: options.failure(error) }));
  };
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run(options.first);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the page opens
  }, []);
  useEffect(() => {
    if (state.kind !== 'working') heading.current?.focus();
  }, [state]);
  return { state, run, heading };
}

const headingClass = 'text-2xl font-bold tracking-tight text-slate-900 outline-none';

/** The card around the outcome: the progress, the failure (its heading and message) or `done`'s content. */
export function LinkActionCard<A, R>({
  state,
  heading,
  workingLabel,
  failedTitle,
  afterFailure,
  done,
  footer,
}: {
  state: LinkActionState<A, R>;
  heading: RefObject<HTMLHeadingElement | null>;
  workingLabel: string;
  failedTitle: string;
  afterFailure?: ReactNode;
  /** The outcome; its `<h1>` takes `headingProps` so that the focus lands on it. */
  done: (
    outcome: { action: A; result: R },
    headingProps: { ref: RefObject<HTMLHeadingElement | null>; tabIndex: -1; className: string },
  ) => ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="bg-slate-50 px-4 py-12 sm:py-20">
      <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        {state.kind === 'working' ? (
          <LoadingState label={workingLabel} className="p-4" />
        ) : state.kind === 'failed' ? (
          <>
            <h1 ref={heading} tabIndex={-1} className={headingClass}>
              {failedTitle}
            </h1>
            <p role="alert" className="mt-3 text-slate-700">
              {state.message}
            </p>
            {afterFailure}
          </>
        ) : (
          done(state, { ref: heading, tabIndex: -1, className: `mt-4 ${headingClass}` })
        )}
        {footer}
      </div>
    </div>
  );
}
