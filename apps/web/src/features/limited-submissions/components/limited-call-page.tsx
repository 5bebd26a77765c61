// One limited call's review page (decision 061), for the research office and
// the researchers it invited to review: the places left, the reviewers (the
// office invites more), and each pre-proposal with its abstract, PDFs and
// reviews; the office selects or declines, a reviewer scores or declares a conflict.
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { shortDay } from '@grantbridge/contract/limited-submissions';
import { Card } from '../../../components/ui/card';
import { LoadFailed } from '../../../components/ui/load-failed';
import { useLimitedCall } from '../hooks/use-limited-submissions';
import { PreProposalCard } from './pre-proposal-card';
import { ReviewersSection } from './reviewers-section';

type Paths = { back: { to: string; label: string }; grant: (id: string) => string; application: (id: string) => string };

export function LimitedCallPage({ callId, paths }: { callId: string; paths: Paths }) {
  const query = useLimitedCall(callId);
  if (query.isPending) return <p className="p-6 text-slate-700">Loading…</p>;
  if (query.isError) return <LoadFailed what="The call" onRetry={() => void query.refetch()} className="m-6" />;
  const { call } = query.data;
  const admin = call.viewer.role === 'admin';
  const active = call.preProposals.filter((p) => p.status !== 'withdrawn');
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-4 sm:p-6">
      <Link to={paths.back.to} className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {paths.back.label}
      </Link>
      <header>
        <p className="text-sm font-medium text-slate-700">Limited submission · review</p>
        <h2 className="mt-1 text-2xl font-bold text-slate-900">
          <Link to={paths.grant(call.grant.id)} className="hover:underline">
            {call.grant.title}
          </Link>
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {call.grant.opportunityNumber} · {call.grant.agency ?? 'Agency not stated'}
        </p>
      </header>
      <Card className="grid grid-cols-2 gap-4 p-4 sm:grid-cols-4">
        <Figure label="Per institution" value={String(call.cap)} />
        <Figure label="Places left" value={String(call.placesLeft)} testId="places-left" />
        <Figure label="Internal deadline" value={shortDay(call.internalDeadline)} />
        <Figure label="Pre-proposals" value={String(active.length)} />
      </Card>
      <ReviewersSection call={call} admin={admin} />
      <section aria-labelledby="pre-proposals-title">
        <h2 id="pre-proposals-title" className="text-lg font-semibold text-slate-900">
          Pre-proposals
        </h2>
        {call.preProposals.length === 0 ? (
          <p className="mt-2 text-slate-700">None yet.</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {call.preProposals.map((p) => (
              <li key={p.id}>
                <PreProposalCard call={call} preProposal={p} admin={admin} applicationPath={paths.application} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <p className="text-sm text-slate-700">{label}</p>
      <p data-testid={testId} className="text-2xl font-bold text-slate-900">
        {value}
      </p>
    </div>
  );
}
