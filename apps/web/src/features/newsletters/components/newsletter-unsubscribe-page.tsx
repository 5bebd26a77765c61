// The page a newsletter's unsubscribe link opens (no sign-in needed): it
// unsubscribes as it loads, says from what, and offers the way back. Opening
// the link's address alone changes nothing (mail scanners follow links).
import { Link, useParams } from 'react-router';
import { BellOff, BellRing } from 'lucide-react';
import type { NewsletterUnsubscribeResponse } from '@grantbridge/contract/newsletters';
import { Button } from '../../../components/ui/button';
import { LinkActionCard, useLinkAction } from '../../../components/ui/link-action-card';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { newsletterUnsubscribe } from '../api/newsletters-api';

type Action = 'unsubscribe' | 'resubscribe';

export function NewsletterUnsubscribePage() {
  useDocumentTitle('Funding newsletters');
  const { token = '' } = useParams();
  const { state, run, heading } = useLinkAction<Action, NewsletterUnsubscribeResponse>({
    perform: (action) => newsletterUnsubscribe(token, action),
    first: 'unsubscribe',
    failure: (error) =>
      isApiError(error, 'not_found') ? 'This unsubscribe link is not valid.' : 'Something went wrong, and nothing was changed. Please try again.',
  });
  return (
    <LinkActionCard
      state={state}
      heading={heading}
      workingLabel="Changing your newsletter subscription…"
      failedTitle="We couldn’t change your subscription"
      done={({ result }, headingProps) => (
        <>
          {result.unsubscribed ? <BellOff className="size-10 text-brand-800" aria-hidden="true" /> : <BellRing className="size-10 text-brand-800" aria-hidden="true" />}
          <h1 {...headingProps}>{result.unsubscribed ? 'You are unsubscribed' : 'Newsletters are back on'}</h1>
          <p className="mt-3 text-slate-700">
            {result.unsubscribed
              ? `You will get no more funding newsletters from ${result.institution}'s research office. Your alerts and other e-mails are as they were.`
              : `You will get ${result.institution}'s funding newsletters again.`}
          </p>
          <Button variant="secondary" className="mt-6" onClick={() => run(result.unsubscribed ? 'resubscribe' : 'unsubscribe')}>
            {result.unsubscribed ? 'Subscribe again' : 'Unsubscribe'}
          </Button>
        </>
      )}
      footer={
        <p className="mt-6 text-sm text-slate-700">
          <Link to={paths.login} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
            Sign in
          </Link>{' '}
          to read past newsletters in GrantBridge.
        </p>
      }
    />
  );
}
