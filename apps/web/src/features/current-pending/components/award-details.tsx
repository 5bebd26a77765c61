// An application's award details for Current and Pending Support (decision
// 062): the award's number, the project period and the overlap statement.
// The PI edits them; the team and the institution's admin read them.
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Pencil } from 'lucide-react';
import type { SupportDetails } from '@grantbridge/contract/current-pending';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { LoadFailed } from '../../../components/ui/load-failed';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { updateApplicationSupport } from '../api/current-pending-api';
import { scrollToHash, useApplicationSupport, useSupportSaved } from '../hooks/use-support';

export const awardAnchor = 'award-details';
const notEntered = 'Not entered';

export function AwardDetails({ applicationId }: { applicationId: string }) {
  const support = useApplicationSupport(applicationId);
  const [editing, setEditing] = useState(false);
  const { hash } = useLocation();
  const loaded = support.isSuccess;
  useEffect(() => {
    if (loaded) scrollToHash(hash, awardAnchor);
  }, [loaded, hash]);
  const details = support.data?.support;
  return (
    <Card id={awardAnchor} className="scroll-mt-24 p-5 sm:p-6" role="region" aria-labelledby="award-details-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="award-details-title" className="text-lg font-semibold text-slate-900">
          Award details
        </h2>
        {support.data?.canEditSupport ? (
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label="Edit award details">
            <Pencil className="size-4" aria-hidden="true" />
            Edit
          </Button>
        ) : null}
      </div>
      <div className="mt-3">
        {support.isPending ? <p className="text-sm text-slate-700">Loading…</p> : null}
        {support.isError ? <LoadFailed what="The award details" onRetry={() => void support.refetch()} /> : null}
        {details ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-700">Award number</dt>
            <dd className="text-slate-900">{details.awardNumber ?? notEntered}</dd>
            <dt className="text-slate-700">Project period</dt>
            <dd className="text-slate-900">
              {details.projectStart && details.projectEnd
                ? `${formatDate(details.projectStart)} – ${formatDate(details.projectEnd)}`
                : notEntered}
            </dd>
            <dt className="text-slate-700">Overlap</dt>
            <dd className="break-words text-slate-900">{details.overlapStatement ?? notEntered}</dd>
          </dl>
        ) : null}
      </div>
      {editing && details ? <AwardDialog applicationId={applicationId} details={details} onClose={() => setEditing(false)} /> : null}
    </Card>
  );
}

const fieldIds = { awardNumber: 'award-number', projectStart: 'project-start', projectEnd: 'project-end', overlapStatement: 'overlap-statement' };
type Errors = Partial<Record<keyof typeof fieldIds, string>>;

function AwardDialog({ applicationId, details, onClose }: { applicationId: string; details: SupportDetails; onClose: () => void }) {
  const [form, setForm] = useState({
    awardNumber: details.awardNumber ?? '',
    projectStart: details.projectStart ?? '',
    projectEnd: details.projectEnd ?? '',
    overlapStatement: details.overlapStatement ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const saved = useSupportSaved(applicationId);
  const save = useMutation({
    mutationFn: () =>
      updateApplicationSupport(applicationId, {
        awardNumber: form.awardNumber.trim() || null,
        projectStart: form.projectStart || null,
        projectEnd: form.projectEnd || null,
        overlapStatement: form.overlapStatement.trim() || null,
      }),
    onSuccess: (data) => {
      saved(data);
      toast.success('Award details saved');
      onClose();
    },
    onError: (e) => {
      if (isApiError(e, 'validation_failed') && e.errors.length) {
        setErrors(Object.fromEntries(e.errors.map((f) => [f.path, f.message])));
      } else toast.error(isApiError(e) ? e.message : 'The award details could not be saved. Please try again.');
    },
  });
  useEffect(() => {
    const first = (Object.keys(fieldIds) as (keyof Errors)[]).find((f) => errors[f]);
    if (first) document.getElementById(fieldIds[first])?.focus();
  }, [errors]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.projectStart && form.projectEnd && form.projectStart > form.projectEnd) {
      return setErrors({ projectEnd: 'The project ends after it starts' });
    }
    setErrors({});
    save.mutate();
  };
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Award details"
      description="What Current and Pending Support asks for besides the amounts. Leave a field empty if it is not known yet."
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <Field id={fieldIds.awardNumber} label="Award number" optional hint="Once awarded" error={errors.awardNumber}>
          {(aria) => <Input value={form.awardNumber} onChange={set('awardNumber')} maxLength={100} {...aria} />}
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={fieldIds.projectStart} label="Project start" optional error={errors.projectStart}>
            {(aria) => <Input type="date" value={form.projectStart} onChange={set('projectStart')} {...aria} />}
          </Field>
          <Field id={fieldIds.projectEnd} label="Project end" optional error={errors.projectEnd}>
            {(aria) => <Input type="date" value={form.projectEnd} onChange={set('projectEnd')} {...aria} />}
          </Field>
        </div>
        <Field id={fieldIds.overlapStatement} label="Overlap statement" optional error={errors.overlapStatement}>
          {(aria) => <Textarea rows={4} value={form.overlapStatement} onChange={set('overlapStatement')} maxLength={4000} {...aria} />}
        </Field>
        <DialogActions>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save details'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
