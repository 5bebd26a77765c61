// The research office's limited submissions (decision 061): the institution's
// limited calls with their places, and "Mark a grant as limited" (a grant
// picked from the catalogue's search, the cap, the internal deadline, and what
// a pre-proposal holds).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { addDays, format } from 'date-fns';
import { shortDay } from '@grantbridge/contract/limited-submissions';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Combobox } from '../../../components/ui/combobox';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { LoadFailed } from '../../../components/ui/load-failed';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { createLimitedCall, limitedKeys, searchGrants } from '../api/limited-submissions-api';
import { useLimitedCalls } from '../hooks/use-limited-submissions';

export function LimitedCallsPage() {
  const calls = useLimitedCalls();
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-4 sm:p-6">
      <header>
        <p className="text-slate-700">
          Calls that take only a few applications per institution: researchers send pre-proposals, reviewers score them, and you choose who applies.
        </p>
      </header>
      <MarkLimitedForm />
      <section aria-labelledby="limited-calls-title">
        <h2 id="limited-calls-title" className="text-lg font-semibold text-slate-900">
          Your limited calls
        </h2>
        {calls.isPending ? (
          <p className="mt-2 text-slate-700">Loading…</p>
        ) : calls.isError ? (
          <LoadFailed what="They" onRetry={() => void calls.refetch()} className="mt-2" />
        ) : calls.data.calls.length === 0 ? (
          <p className="mt-2 text-slate-700">No grant is limited yet.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {calls.data.calls.map((call) => (
              <li key={call.id}>
                <Card className="p-4">
                  <Link to={paths.admin.limitedSubmission(call.id)} className="font-semibold text-brand-900 hover:underline">
                    {call.grant.title}
                  </Link>
                  <p className="mt-1 text-sm text-slate-700">
                    {call.grant.opportunityNumber} · {call.grant.agency ?? 'Agency not stated'}
                  </p>
                  <p className="mt-2 text-sm text-slate-800">
                    {call.cap} per institution · {call.placesLeft} {call.placesLeft === 1 ? 'place' : 'places'} left · internal deadline{' '}
                    {shortDay(call.internalDeadline)} · {call.preProposals} pre-proposal{call.preProposals === 1 ? '' : 's'}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

type Errors = Partial<Record<'grantId' | 'cap' | 'internalDeadline' | 'abstractWordLimit' | 'form', string>>;

function MarkLimitedForm() {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [grant, setGrant] = useState<{ id: string; label: string } | null>(null);
  const [cap, setCap] = useState('2');
  const [deadline, setDeadline] = useState(format(addDays(new Date(), 21), 'yyyy-MM-dd'));
  const [words, setWords] = useState('300');
  const [pdfs, setPdfs] = useState('2');
  const [errors, setErrors] = useState<Errors>({});
  const q = useDebouncedValue(text.trim(), 250);
  const found = useQuery({
    queryKey: ['limited-submissions', 'grant-picker', q],
    queryFn: ({ signal }) => searchGrants({ q, pageSize: 10 }, signal),
    enabled: q.length >= 2,
  });
  const options = (found.data?.results ?? []).map((r) => r.grant).filter((g) => g.status === 'posted' || g.status === 'forecasted');
  const label = (g: { title: string; opportunityNumber: string }) => `${g.title} (${g.opportunityNumber})`;
  const create = useMutation({
    mutationFn: createLimitedCall,
    onSuccess: () => {
      toast.success('The grant is limited: your researchers now see it');
      setText('');
      setGrant(null);
      void client.invalidateQueries({ queryKey: limitedKeys.all });
    },
    onError: (e) => {
      if (!isApiError(e)) return setErrors({ form: 'It could not be saved. Please try again.' });
      const path = e.errors[0]?.path as keyof Errors | undefined;
      setErrors(path && path !== 'form' ? { [path]: e.errors[0]!.message } : { form: e.message });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!grant || grant.label !== text) return setErrors({ grantId: 'Choose a grant from the list' });
    setErrors({});
    create.mutate({ grantId: grant.id, cap: Number(cap), internalDeadline: deadline, abstractWordLimit: Number(words), maxPdfs: Number(pdfs) });
  };
  return (
    <Card className="p-4">
      <h2 className="text-lg font-semibold text-slate-900">Mark a grant as limited</h2>
      <form noValidate onSubmit={submit} className="mt-3 grid gap-4 sm:grid-cols-2">
        <Field id="limited-grant" label="Grant" required error={errors.grantId} className="sm:col-span-2">
          {(aria) => (
            <Combobox
              {...aria}
              value={text}
              onChange={(value) => {
                setText(value);
                setErrors({});
              }}
              onPick={(value) => {
                const g = options.find((o) => label(o) === value);
                if (g) setGrant({ id: g.id, label: value });
              }}
              items={q.length >= 2 ? options : []}
              itemValue={label}
              itemKey={(g) => g.id}
              renderItem={(g) => (
                <>
                  <span className="font-medium">{g.title}</span>
                  <span className="text-slate-700"> — {g.opportunityNumber}</span>
                </>
              )}
              status={q.length >= 2 ? (found.isPending ? 'Searching…' : options.length ? null : 'No open grants found') : null}
              listLabel="Open grants"
              placeholder="Search the catalogue by title or number"
              maxLength={200}
            />
          )}
        </Field>
        <Field id="limited-cap" label="Applications per institution" required error={errors.cap}>
          {(aria) => <Input {...aria} type="number" min={1} max={50} value={cap} onChange={(e) => setCap(e.target.value)} />}
        </Field>
        <Field id="limited-deadline" label="Internal pre-proposal deadline" required error={errors.internalDeadline}>
          {(aria) => <Input {...aria} type="date" value={deadline} onChange={(e) => setDeadline(e.target.value)} />}
        </Field>
        <Field id="limited-words" label="Abstract word limit" required error={errors.abstractWordLimit}>
          {(aria) => <Input {...aria} type="number" min={50} max={2000} value={words} onChange={(e) => setWords(e.target.value)} />}
        </Field>
        <Field id="limited-pdfs" label="PDFs a pre-proposal may carry">
          {(aria) => (
            <Select {...aria} value={pdfs} onChange={(e) => setPdfs(e.target.value)}>
              <option value="0">None</option>
              <option value="1">One</option>
              <option value="2">Two</option>
            </Select>
          )}
        </Field>
        {errors.form ? (
          <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
            {errors.form}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" aria-disabled={create.isPending || undefined}>
            {create.isPending ? 'Saving…' : 'Mark as limited'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
