// The call's reviewers: researchers of the institution the office invited;
// the office invites more (they are told, and reach the review page from the
// grant page).
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { LimitedCallDetail } from '@grantbridge/contract/limited-submissions';
import { ResearcherCombobox, useResearcherPicker } from '../../../components/researcher-picker';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
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
  const picker = useResearcherPicker({ exclude: call.reviewers.map((r) => r.id) });
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!picker.chosenId) return setError('Choose a researcher from the list');
    setError(undefined);
    invite.mutate(picker.chosenId, {
      onSuccess: () => {
        toast.success('Invited to review');
        picker.reset();
      },
      onError: (e) => setError(isApiError(e) ? (e.errors[0]?.message ?? e.message) : 'The invitation could not be sent.'),
    });
  };
  return (
    <form noValidate onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
      <Field id="reviewer-person" label="Invite a reviewer" error={error} hint="A researcher of your institution" className="min-w-64 flex-1">
        {(aria) => <ResearcherCombobox picker={picker} aria={aria} onEdit={() => setError(undefined)} />}
      </Field>
      <Button type="submit" aria-disabled={invite.isPending || undefined}>
        Invite
      </Button>
    </form>
  );
}
