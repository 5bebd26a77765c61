// The research office's funding newsletters: each with its status, audience,
// how many it went to and how many grants were opened from it; the counts per
// grant of a sent one; and the composer for a new one or a draft.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Newspaper, Plus } from 'lucide-react';
import type { Newsletter, NewsletterAudience } from '@grantbridge/contract/newsletters';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Chip } from '../../../components/ui/chip';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadingState } from '../../../components/ui/loading-state';
import { formatDate, formatDateTime, formatInteger } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { listOfficeNewsletters, newsletterKeys } from '../api/newsletters-api';
import { NewsletterComposer } from './newsletter-composer';
import { NewsletterStatsPanel } from './newsletter-stats';

const audienceLabel = (a: NewsletterAudience) =>
  a.kind === 'everyone' ? 'Everyone' : a.kind === 'department' ? `Department: ${a.name}` : `Research area: ${a.name}`;

function statusLine(n: Newsletter) {
  if (n.status === 'sent') return `Sent ${formatDate(n.sentAt!)} to ${formatInteger(n.recipients)} ${n.recipients === 1 ? 'person' : 'people'}`;
  if (n.status === 'scheduled') return `Scheduled for ${formatDateTime(n.scheduledAt!)}`;
  return `Draft, last changed ${formatDate(n.updatedAt)}`;
}

export function AdminNewslettersPage() {
  useDocumentTitle('Newsletters');
  const list = useQuery({ queryKey: newsletterKeys.office, queryFn: ({ signal }) => listOfficeNewsletters(signal) });
  const [editing, setEditing] = useState<Newsletter | 'new' | null>(null);
  const [statsOf, setStatsOf] = useState<string | null>(null);

  if (editing) {
    return (
      <div className="mx-auto max-w-6xl">
        <NewsletterComposer key={editing === 'new' ? 'new' : editing.id} newsletter={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl">
      <section aria-labelledby="newsletters-title">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="newsletters-title" className="text-lg font-semibold text-slate-900">
              Funding newsletters
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              Open calls from your saved searches and grants you pick, sent to everyone, a department or a research area. Opens count grants
              people opened from it; nothing tracks who read it.
            </p>
          </div>
          <Button onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden="true" /> New newsletter
          </Button>
        </div>
        {list.isPending ? (
          <LoadingState label="Loading newsletters…" className="p-4" />
        ) : list.isError ? (
          <LoadFailed what="Newsletters" onRetry={() => void list.refetch()} boxed className="mt-4" />
        ) : list.data.newsletters.length === 0 ? (
          <Card className="mt-4 flex flex-col items-center gap-2 px-4 py-10 text-center">
            <Newspaper className="size-8 text-brand-800" aria-hidden="true" />
            <p className="font-semibold text-slate-900">No newsletters yet</p>
            <p className="max-w-md text-sm text-slate-700">Start one with New newsletter.</p>
          </Card>
        ) : (
          <ul className="mt-4 flex flex-col gap-3">
            {list.data.newsletters.map((n) => (
              <li key={n.id}>
                <Card className="p-4">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h3 className="font-semibold break-words text-slate-900">{n.title}</h3>
                      <p className="text-sm text-slate-700">
                        {statusLine(n)} · {audienceLabel(n.audience)}
                      </p>
                    </div>
                    <Chip>{n.status === 'sent' ? `${formatInteger(n.clicks)} grant ${n.clicks === 1 ? 'open' : 'opens'}` : n.status === 'scheduled' ? 'Scheduled' : 'Draft'}</Chip>
                  </div>
                  <div className="mt-3 flex flex-wrap gap-2">
                    {n.status === 'sent' ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-expanded={statsOf === n.id}
                        aria-label={`${statsOf === n.id ? 'Hide' : 'Show'} counts for ${n.title}`}
                        onClick={() => setStatsOf(statsOf === n.id ? null : n.id)}
                      >
                        {statsOf === n.id ? 'Hide counts' : 'Show counts'}
                      </Button>
                    ) : (
                      <Button size="sm" variant="secondary" aria-label={`Edit ${n.title}`} onClick={() => setEditing(n)}>
                        Edit and send
                      </Button>
                    )}
                  </div>
                  {statsOf === n.id ? <NewsletterStatsPanel id={n.id} /> : null}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
