// The call's reviewers: researchers of the institution the office invited;
// the office invites more (they are told, and reach the review page from the
// grant page).
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { LimitedCallDetail } from '@grantbridge/contract/limited-submissions';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Combobox } from '../../../components/ui/combobox';
import { Field } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { searchPeople } from '../api/limited-submissions-api';
import { useInviteReviewer } from '../hooks/use-limited-submissions';

export function ReviewersSection({ call, admin }: { call: LimitedCallDetail; admin: boolean }) {
  return (
    <Card className="p-4" role="region" aria-labelledby="reviewers-title">
      <h2 id="reviewers-title" className="text-lg font-semibold text-slate-900">
        Reviewers
      </h2>
      {call.reviewers.length ? (
        <ul className="mt-2 flex flex-wrap gap-2 text-sm text-slate-800">
          {call.reviewers.map((r) => (
            <li key={r.id} className="rounded-full bg-slate-100 px-3 py-1">
              {r.name}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-700">No reviewer invited yet.</p>
      )}
      {admin ? <InviteReviewer call={call} /> : null}
    </Card>
  );
}

function InviteReviewer({ call }: { call: LimitedCallDetail }) {
  const invite = useInviteReviewer(call.id);
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<{ id: string; label: string } | null>(null);
  const [error, setError] = useState<string>();
  const q = useDebouncedValue(text.trim(), 250);
  const people = useQuery({ queryKey: ['limited-submissions', 'people', q], queryFn: ({ signal }) => searchPeople(q, signal), enabled: q.length >= 2 });
  const taken = new Set([...call.reviewers.map((r) => r.id)]);
  const candidates = (people.data ?? []).filter((p) => p.role === 'researcher' && !taken.has(p.id));
  const label = (p: { name: string; institution: { name: string } }) => `${p.name} (${p.institution.name})`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || chosen.label !== text) return setError('Choose a researcher from the list');
    setError(undefined);
    invite.mutate(chosen.id, {
      onSuccess: () => {
        toast.success('Invited to review');
        setText('');
        setChosen(null);
      },
      onError: (e) => setError(isApiError(e) ? (e.errors[0]?.message ?? e.message) : 'The invitation could not be sent.'),
    });
  };
  return (
    <form noValidate onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
      <Field id="reviewer-person" label="Invite a reviewer" error={error} hint="A researcher of your institution" className="min-w-64 flex-1">
        {(aria) => (
          <Combobox
            {...aria}
            value={text}
            onChange={(value) => {
              setText(value);
              setError(undefined);
            }}
            onPick={(value) => {
              const person = candidates.find((p) => label(p) === value);
              if (person) setChosen({ id: person.id, label: value });
            }}
            items={q.length >= 2 ? candidates : []}
            itemValue={label}
            itemKey={(p) => p.id}
            renderItem={(p) => <span className="font-medium">{label(p)}</span>}
            status={q.length >= 2 ? (people.isPending ? 'Searching…' : candidates.length ? null : 'No researchers found') : null}
            listLabel="Researchers"
            placeholder="Type a name"
            maxLength={200}
          />
        )}
      </Field>
      <Button type="submit" aria-disabled={invite.isPending || undefined}>
        Invite
      </Button>
    </form>
  );
}
