// A researcher's funding newsletters: the list of those the research office
// sent them, and one to read, whose grant links count as opened from it (as
// the e-mail's links do) on their way to the grant's page.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Newspaper } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadingState } from '../../../components/ui/loading-state';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { getMyNewsletter, listMyNewsletters, newsletterKeys, openNewsletterGrant } from '../api/newsletters-api';
import { NewsletterGrantItem } from './newsletter-grant-item';

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);

function NewsletterList() {
  useDocumentTitle('Newsletters');
  const list = useQuery({ queryKey: newsletterKeys.mine, queryFn: ({ signal }) => listMyNewsletters(signal) });
  if (list.isPending) return <LoadingState label="Loading your newsletters…" className="p-4" />;
  if (list.isError) return <LoadFailed what="Your newsletters" onRetry={() => void list.refetch()} boxed />;
  const items = list.data.newsletters;
  return (
    <section aria-labelledby="newsletters-title">
      <h2 id="newsletters-title" className="text-lg font-semibold text-slate-900">
        Funding newsletters
      </h2>
      <p className="mt-1 text-sm text-slate-700">Open calls your research office picked for you, newest first.</p>
      {items.length === 0 ? (
        <Card className="mt-4 flex flex-col items-center gap-2 px-4 py-10 text-center">
          <Newspaper className="size-8 text-brand-800" aria-hidden="true" />
          <p className="font-semibold text-slate-900">No newsletters yet</p>
          <p className="max-w-md text-sm text-slate-700">When your research office sends one, it is here as well as in your inbox.</p>
        </Card>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {items.map((n) => (
            <li key={n.id}>
              <Card className="p-4">
                <Link to={paths.researcher.newsletter(n.id)} className="font-semibold text-brand-900 underline-offset-2 hover:underline">
                  {n.title}
                </Link>
                <p className="text-sm text-slate-700">
                  Sent {formatDate(n.sentAt)} · {n.grantCount} grant{n.grantCount === 1 ? '' : 's'}
                </p>
                {n.intro ? <p className="mt-2 line-clamp-2 text-sm text-slate-800">{n.intro}</p> : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NewsletterReader({ id }: { id: string }) {
  const newsletter = useQuery({ queryKey: newsletterKeys.received(id), queryFn: ({ signal }) => getMyNewsletter(id, signal) });
  useDocumentTitle(newsletter.data?.title ?? 'Newsletter');
  const back = (
    <Link to={paths.researcher.newsletters} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-900 underline-offset-2 hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" /> All newsletters
    </Link>
  );
  if (newsletter.isPending) return <LoadingState label="Loading the newsletter…" className="p-4" />;
  if (newsletter.isError) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <LoadFailed what="This newsletter" onRetry={() => void newsletter.refetch()} boxed />
      </div>
    );
  }
  const n = newsletter.data;
  return (
    <article aria-labelledby="newsletter-title" className="flex flex-col gap-4">
      {back}
      <Card className="p-5 sm:p-8">
        <h2 id="newsletter-title" className="text-2xl font-bold tracking-tight text-slate-900">
          {n.title}
        </h2>
        <p className="text-sm text-slate-700">Sent {formatDate(n.sentAt)}</p>
        {paragraphs(n.intro).map((p, i) => (
          <p key={i} className="mt-3 text-slate-800">
            {p}
          </p>
        ))}
        <h3 className="mt-6 text-lg font-semibold text-slate-900">Funding opportunities</h3>
        {n.grants.length === 0 ? (
          <p className="mt-2 text-slate-700">No open grants this time.</p>
        ) : (
          <ul className="mt-2">
            {n.grants.map((grant) => (
              <NewsletterGrantItem
                key={grant.id}
                grant={grant}
                title={
                  <Link
                    to={paths.researcher.grant(grant.id)}
                    onClick={() => void openNewsletterGrant(n.id, grant.id).catch(() => undefined)}
                    className="text-brand-900 underline underline-offset-2"
                  >
                    {grant.title}
                  </Link>
                }
              />
            ))}
          </ul>
        )}
      </Card>
    </article>
  );
}

export function MyNewslettersPage() {
  const { id } = useParams();
  return <div className="mx-auto max-w-3xl">{id ? <NewsletterReader id={id} /> : <NewsletterList />}</div>;
}
