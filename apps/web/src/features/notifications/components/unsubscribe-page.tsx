// The page an alert e-mail's unsubscribe link opens (no sign-in needed): it
// turns that alert off as it loads, says plainly what was turned off, and
// offers to turn it back on or to stop every e-mail. Opening the link's
// address alone changes nothing (mail scanners follow links); this page asks.
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { BellOff, BellRing } from 'lucide-react';
import type { UnsubscribeResponse } from '@grantbridge/contract/notifications';
import { Button } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/loading-state';
import { api, isApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';

type Action = 'unsubscribe' | 'resubscribe' | 'all';
type State =
  | { kind: 'working' }
  | { kind: 'done'; action: Action; result: UnsubscribeResponse }
  | { kind: 'failed'; message: string };

function unsubscribe(token: string, action: Action) {
  return api.call('POST /api/v1/unsubscribe/:token', { params: { token }, body: { action } });
}

export function UnsubscribePage({ loginPath }: { loginPath: string }) {
  useDocumentTitle('E-mail alerts');
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'working' });
  const heading = useRef<HTMLHeadingElement>(null);
  const started = useRef(false);
  // What the link itself turns off ("e-mails about “Team invitations”"), kept
  // after "Stop every e-mail" so the way back names what it turns on.
  const [linkScope, setLinkScope] = useState<string | null>(null);

  const run = (action: Action) => {
    setState({ kind: 'working' });
    unsubscribe(token, action)
      .then((result) => {
        if (action !== 'all') setLinkScope(result.description);
        setState({ kind: 'done', action, result });
      })
      .catch((error: unknown) =>
        setState({
          kind: 'failed',
          message: isApiError(error, 'not_found')
            ? 'This unsubscribe link is not valid. Sign in and choose what you hear about in Settings → Notifications.'
            : 'Something went wrong, and nothing was changed. Please try again.',
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
          <LoadingState label="Changing your e-mail alerts…" className="p-4" />
        ) : state.kind === 'failed' ? (
          <>
            <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 outline-none">
              We couldn’t change your alerts
            </h1>
            <p role="alert" className="mt-3 text-slate-700">
              {state.message}
            </p>
            <Link to={loginPath} className="mt-6 inline-block font-semibold text-brand-800 underline-offset-2 hover:underline">
              Sign in
            </Link>
          </>
        ) : (
          <>
            {state.result.unsubscribed ? (
              <BellOff className="size-10 text-brand-800" aria-hidden="true" />
            ) : (
              <BellRing className="size-10 text-brand-800" aria-hidden="true" />
            )}
            <h1 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold tracking-tight text-slate-900 outline-none">
              {state.result.unsubscribed ? 'You are unsubscribed' : 'Alerts are back on'}
            </h1>
            <p className="mt-3 text-slate-700">
              {state.result.unsubscribed
                ? `We have turned off ${state.result.description}. Nothing else was changed or deleted: your saved searches and saved grants are as they were, and you still see notifications when you sign in.`
                : `We have turned ${state.result.description} back on.`}
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              {state.action !== 'resubscribe' ? (
                // A longer label after "Stop every e-mail" may wrap on a phone.
                <Button variant="secondary" className="h-auto min-h-10 py-2" onClick={() => run('resubscribe')}>
                  {state.action === 'all' && linkScope ? `Turn back on ${linkScope}` : 'Turn it back on'}
                </Button>
              ) : (
                <Button variant="secondary" onClick={() => run('unsubscribe')}>
                  Turn it off again
                </Button>
              )}
              {state.action !== 'all' ? (
                <Button variant="danger" onClick={() => run('all')}>
                  Stop every e-mail
                </Button>
              ) : null}
            </div>
            <p className="mt-6 text-sm text-slate-700">
              To choose exactly what you hear about, and how often,{' '}
              <Link to={loginPath} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
                sign in
              </Link>{' '}
              and open Settings → Notifications.
            </p>
          </>
        )}
      </div>
    </div>
  );
}
