// The page a newsletter's unsubscribe link opens (no sign-in needed): it
// unsubscribes as it loads, says from what, and offers the way back. Opening
// the link's address alone changes nothing (mail scanners follow links).
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { BellOff, BellRing } from 'lucide-react';
import type { NewsletterUnsubscribeResponse } from '@grantbridge/contract/newsletters';
import { Button } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/loading-state';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { newsletterUnsubscribe } from '../api/newsletters-api';

type State = { kind: 'working' } | { kind: 'done'; result: NewsletterUnsubscribeResponse } | { kind: 'failed'; message: string };

export function NewsletterUnsubscribePage() {
  useDocumentTitle('Funding newsletters');
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'working' });
  const heading = useRef<HTMLHeadingElement>(null);
  const started = useRef(false);
  const run = (action: 'unsubscribe' | 'resubscribe') => {
    setState({ kind: 'working' });
    newsletterUnsubscribe(token, action)
      .then((result) => setState({ kind: 'done', result }))
      .catch((error: unknown) =>
        setState({
          kind: 'failed',
          message: isApiError(error, 'not_found') ? 'This unsubscribe link is not valid.' : 'Something went wrong, and nothing was changed. Please try again.',
        }),
      );
  };
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run('unsubscribe');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the page opens
  }, []);
  useEffect(() => {
    if (state.kind !== 'working') heading.current?.focus();
  }, [state]);
  return (
    <div className="bg-slate-50 px-4 py-12 sm:py-20">
      <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        {state.kind === 'working' ? (
          <LoadingState label="Changing your newsletter subscription…" className="p-4" />
        ) : state.kind === 'failed' ? (
          <>
            <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 outline-none">
              We couldn’t change your subscription
            </h1>
            <p role="alert" className="mt-3 text-slate-700">
              {state.message}
            </p>
          </>
        ) : (
          <>
            {state.result.unsubscribed ? <BellOff className="size-10 text-brand-800" aria-hidden="true" /> : <BellRing className="size-10 text-brand-800" aria-hidden="true" />}
            <h1 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold tracking-tight text-slate-900 outline-none">
              {state.result.unsubscribed ? 'You are unsubscribed' : 'Newsletters are back on'}
            </h1>
            <p className="mt-3 text-slate-700">
              {state.result.unsubscribed
                ? `You will get no more funding newsletters from ${state.result.institution}'s research office. Your alerts and other e-mails are as they were.`
                : `You will get ${state.result.institution}'s funding newsletters again.`}
            </p>
            <Button variant="secondary" className="mt-6" onClick={() => run(state.result.unsubscribed ? 'resubscribe' : 'unsubscribe')}>
              {state.result.unsubscribed ? 'Subscribe again' : 'Unsubscribe'}
            </Button>
          </>
        )}
        <p className="mt-6 text-sm text-slate-700">
          <Link to={paths.login} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
            Sign in
          </Link>{' '}
          to read past newsletters in GrantBridge.
        </p>
      </div>
    </div>
  );
}
