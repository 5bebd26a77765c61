// The page an alert e-mail's unsubscribe link opens (no sign-in needed): it
// turns that alert off as it loads, says plainly what was turned off, and
// offers to turn it back on or to stop every e-mail. Opening the link's
// address alone changes nothing (mail scanners follow links); this page asks.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BellOff, BellRing } from 'lucide-react';
import type { UnsubscribeResponse } from '@grantbridge/contract/notifications';
import { Button } from '../../../components/ui/button';
import { LinkActionCard, useLinkAction } from '../../../components/ui/link-action-card';
import { api, isApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';

type Action = 'unsubscribe' | 'resubscribe' | 'all';

function unsubscribe(token: string, action: Action) {
  return api.call('POST /api/v1/unsubscribe/:token', { params: { token }, body: { action } });
}

export function UnsubscribePage({ loginPath }: { loginPath: string }) {
  useDocumentTitle('E-mail alerts');
  const { token = '' } = useParams();
  // What the link itself turns off ("e-mails about “Team invitations”"), kept
  // after "Stop every e-mail" so the way back names what it turns on.
  const [linkScope, setLinkScope] = useState<string | null>(null);
  const { state, run, heading } = useLinkAction<Action, UnsubscribeResponse>({
    perform: (action) => unsubscribe(token, action),
    first: 'unsubscribe',
    onDone: (action, result) => {
      if (action !== 'all') setLinkScope(result.description);
    },
    failure: (error) =>
      isApiError(error, 'not_found')
        ? 'This unsubscribe link is not valid. Sign in and choose what you hear about in Settings → Notifications.'
        : 'Something went wrong, and nothing was changed. Please try again.',
  });
  const signIn = (label: string, className: string) => (
    <Link to={loginPath} className={`${className ? `${className} ` : ''}font-semibold text-brand-800 underline-offset-2 hover:underline`}>
      {label}
    </Link>
  );

  return (
    <LinkActionCard
      state={state}
      heading={heading}
      workingLabel="Changing your e-mail alerts…"
      failedTitle="We couldn’t change your alerts"
      afterFailure={signIn('Sign in', 'mt-6 inline-block')}
      done={({ action, result }, headingProps) => (
        <>
          {result.unsubscribed ? (
            <BellOff className="size-10 text-brand-800" aria-hidden="true" />
          ) : (
            <BellRing className="size-10 text-brand-800" aria-hidden="true" />
          )}
          <h1 {...headingProps}>{result.unsubscribed ? 'You are unsubscribed' : 'Alerts are back on'}</h1>
          <p className="mt-3 text-slate-700">
            {result.unsubscribed
              ? `We have turned off ${result.description}. Nothing else was changed or deleted: your saved searches and saved grants are as they were, and you still see notifications when you sign in.`
              : `We have turned ${result.description} back on.`}
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            {action !== 'resubscribe' ? (
              // A longer label after "Stop every e-mail" may wrap on a phone.
              <Button variant="secondary" className="h-auto min-h-10 py-2" onClick={() => run('resubscribe')}>
                {action === 'all' && linkScope ? `Turn back on ${linkScope}` : 'Turn it back on'}
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => run('unsubscribe')}>
                Turn it off again
              </Button>
            )}
            {action !== 'all' ? (
              <Button variant="danger" onClick={() => run('all')}>
                Stop every e-mail
              </Button>
            ) : null}
          </div>
          <p className="mt-6 text-sm text-slate-700">
            To choose exactly what you hear about, and how often, {signIn('sign in', '')} and open Settings → Notifications.
          </p>
        </>
      )}
    />
  );
}
