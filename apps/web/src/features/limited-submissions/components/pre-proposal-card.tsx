// One pre-proposal on the review page: its author, status, abstract, PDFs and
// reviews with their average; Select and Decline for the office, the review
// form for an invited reviewer (not on their own).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { FileText } from 'lucide-react';
import type { LimitedCallDetail, PreProposal } from '@grantbridge/contract/limited-submissions';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Chip } from '../../../components/ui/chip';
import { Field } from '../../../components/ui/field';
import { Select, Textarea } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { preProposalFileHref } from '../api/limited-submissions-api';
import { useDecide, useReview } from '../hooks/use-limited-submissions';
import { fileSize } from '../utils/files';

const statusWords = { submitted: 'Submitted', selected: 'Selected', declined: 'Declined', withdrawn: 'Withdrawn' } as const;
const statusTone = { submitted: 'brand', selected: 'green', declined: 'red', withdrawn: 'neutral' } as const;

type Props = { call: LimitedCallDetail; preProposal: PreProposal; admin: boolean; applicationPath: (id: string) => string };

export function PreProposalCard({ call, preProposal: p, admin, applicationPath }: Props) {
  const decide = useDecide(call.id);
  const titleId = `pre-proposal-${p.id}`;
  const mine = p.reviews.find((r) => r.reviewer.id === call.viewer.id);
  const act = (status: 'selected' | 'declined') => {
    if (decide.isPending) return;
    decide.mutate(
      { preProposalId: p.id, status },
      {
        onSuccess: () => toast.success(status === 'selected' ? `${p.researcher.name}’s application has started` : 'Declined; the researcher is told'),
        onError: (e) =>
          toast.error(
            isApiError(e, 'limit_reached') ? 'Every place is taken: no more can be selected.' : isApiError(e) ? e.message : 'It could not be saved. Please try again.',
          ),
      },
    );
  };
  return (
    <Card className="p-4" role="article" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold text-slate-900">
          {p.researcher.name}
        </h3>
        <div className="flex items-center gap-2">
          {p.averageScore !== null ? <span className="text-sm font-medium text-slate-800">Average {p.averageScore} / 5</span> : null}
          <Chip tone={statusTone[p.status]}>{statusWords[p.status]}</Chip>
        </div>
      </div>
      <p className="mt-2 whitespace-pre-line text-sm text-slate-800">{p.abstract}</p>
      {p.files.length ? (
        <ul className="mt-3 flex flex-wrap gap-3 text-sm">
          {p.files.map((f) => (
            <li key={f.id}>
              <a href={preProposalFileHref(call.id, p.id, f.id)} className="inline-flex items-center gap-1 font-medium text-brand-800 underline underline-offset-2">
                <FileText className="size-4" aria-hidden="true" />
                {f.fileName} <span className="text-slate-700">({fileSize(f.size)})</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {p.application ? (
        <p className="mt-3 text-sm text-slate-800">
          <Link to={applicationPath(p.application.id)} className="font-medium text-brand-800 underline underline-offset-2">
            Open the application
          </Link>{' '}
          ({p.application.status.replace(/_/g, ' ')})
        </p>
      ) : null}
      {p.reviews.length ? (
        <>
          <h4 className="mt-4 text-sm font-semibold text-slate-900">Reviews</h4>
          <ul className="mt-1 space-y-1 text-sm text-slate-800">
            {p.reviews.map((r) => (
              <li key={r.reviewer.id}>
                <span className="font-medium">{r.reviewer.name}</span>:{' '}
                {r.conflictOfInterest ? 'declared a conflict of interest (no score)' : `${r.score} / 5`}
                {r.comment ? ` — “${r.comment}”` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {admin && (p.status === 'submitted' || p.status === 'declined') ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button size="sm" aria-disabled={decide.isPending || undefined} onClick={() => act('selected')}>
            Select<span className="sr-only"> {p.researcher.name}’s pre-proposal</span>
          </Button>
          {p.status === 'submitted' ? (
            <Button size="sm" variant="secondary" aria-disabled={decide.isPending || undefined} onClick={() => act('declined')}>
              Decline<span className="sr-only"> {p.researcher.name}’s pre-proposal</span>
            </Button>
          ) : null}
        </div>
      ) : null}
      {!admin && p.researcher.id !== call.viewer.id && p.status !== 'withdrawn' ? (
        <ReviewForm callId={call.id} preProposal={p} current={mine} />
      ) : null}
    </Card>
  );
}

function ReviewForm({ callId, preProposal, current }: { callId: string; preProposal: PreProposal; current?: PreProposal['reviews'][number] }) {
  const review = useReview(callId);
  const [score, setScore] = useState(current?.score ? String(current.score) : '');
  const [comment, setComment] = useState(current?.comment ?? '');
  const [conflict, setConflict] = useState(current?.conflictOfInterest ?? false);
  const [error, setError] = useState<string>();
  const id = `review-${preProposal.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!conflict && !score) return setError('Give a score from 1 to 5');
    setError(undefined);
    review.mutate(
      { preProposalId: preProposal.id, body: { score: conflict ? null : Number(score), comment, conflictOfInterest: conflict } },
      { onSuccess: () => toast.success('Review saved'), onError: (e) => setError(isApiError(e) ? e.message : 'It could not be saved.') },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-3 border-t border-slate-200 pt-3">
      <h4 className="text-sm font-semibold text-slate-900">Your review</h4>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={conflict} onChange={(e) => setConflict(e.target.checked)} className="size-4" />
        I have a conflict of interest (I give no score)
      </label>
      {!conflict ? (
        <Field id={`${id}-score`} label="Score" required error={error}>
          {(aria) => (
            <Select {...aria} value={score} onChange={(e) => setScore(e.target.value)} className="max-w-40">
              <option value="">Choose…</option>
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {n} {n === 5 ? '(strongest)' : n === 1 ? '(weakest)' : ''}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
      <Field id={`${id}-comment`} label="Comment" optional error={conflict ? error : undefined}>
        {(aria) => <Textarea {...aria} rows={3} value={comment} onChange={(e) => setComment(e.target.value)} />}
      </Field>
      <Button type="submit" size="sm" aria-disabled={review.isPending || undefined}>
        {current ? 'Update the review' : 'Save the review'}
      </Button>
    </form>
  );
}
