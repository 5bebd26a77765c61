// The application page's dialogs (the step ones also on the review queue's
// cards): taking a step (with the reason a return needs and the amount an
// award needs), the amounts, and the office's own internal deadline. Each
// keeps what was typed when it is refused, and takes focus to the first field
// at fault.
import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { ApplicationStatus } from '@grantbridge/contract/grants';
import type { ApplicationDetail, UpdateApplicationRequest } from '@grantbridge/contract/pipeline';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { useUpdateApplication } from '../hooks/use-application';
import { applicationStatusLabel, stepLabel } from '../utils/application-status';

/** What the dialogs need of an application: its page's detail, or a row of a list. */
export type StepTarget = Pick<ApplicationDetail, 'id' | 'status' | 'amountRequested' | 'amountAwarded'> & {
  grant: { title: string };
  /** Its checklist, when the caller has it: sending to the office warns of what is not completed. */
  checklist?: Pick<ApplicationDetail['documents'][number], 'name' | 'status'>[];
};

type Errors = Partial<Record<'reason' | 'amountAwarded' | 'amountRequested' | 'internalDeadline', string>>;

/** Each field's control, in the order the dialogs show them. */
const fieldIds: Record<keyof Errors, string> = {
  amountAwarded: 'step-awarded',
  reason: 'step-reason',
  amountRequested: 'amount-requested',
  internalDeadline: 'internal-deadline',
};

/** A dialog's field errors: each time some are set, focus goes to the first field at fault. */
function useFieldErrors() {
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    const first = (Object.keys(fieldIds) as (keyof Errors)[]).find((field) => errors[field]);
    if (first) document.getElementById(fieldIds[first])?.focus();
  }, [errors]);
  return [errors, setErrors] as const;
}

/** Whole dollars from what was typed ("450,000", "$450000"), or null when it is not one. */
function dollars(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  return /^\d{1,13}$/.test(cleaned) ? Number(cleaned) : null;
}

function useSave(application: StepTarget, onDone: () => void, setErrors: (e: Errors) => void) {
  const update = useUpdateApplication(application.id);
  const save = (body: UpdateApplicationRequest, success: string) =>
    update.mutate(body, {
      onSuccess: () => {
        toast.success(success);
        onDone();
      },
      onError: (error) => {
        if (isApiError(error, 'validation_failed') && error.errors.length) {
          setErrors(Object.fromEntries(error.errors.map((e) => [e.path, e.message])));
        } else toast.error(isApiError(error) ? error.message : 'The change could not be saved. Please try again.');
      },
    });
  return { save, pending: update.isPending };
}

export function StepDialog({
  application,
  to,
  onClose,
  onDone,
}: {
  application: StepTarget;
  to: ApplicationStatus | null;
  onClose: () => void;
  /** After the step is taken (and the dialog closed): where a list that loses the row puts focus. */
  onDone?: () => void;
}) {
  const [reason, setReason] = useState('');
  const [awarded, setAwarded] = useState(application.amountAwarded?.toString() ?? application.amountRequested?.toString() ?? '');
  const [errors, setErrors] = useFieldErrors();
  const { save, pending } = useSave(
    application,
    () => {
      onClose();
      onDone?.();
    },
    setErrors,
  );
  if (!to) return null;
  const returning = application.status === 'internal_review' && to === 'drafting';
  const awarding = to === 'awarded';
  const documents = application.checklist ?? [];
  const unfinished = to === 'internal_review' ? documents.filter((d) => d.status !== 'completed') : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: UpdateApplicationRequest = { status: to };
    if (reason.trim()) body.reason = reason.trim();
    if (returning && !body.reason) return setErrors({ reason: 'Give a reason for returning it' });
    if (awarding) {
      const amount = dollars(awarded);
      if (amount === null) return setErrors({ amountAwarded: 'Enter the amount awarded in whole dollars' });
      body.amountAwarded = amount;
    }
    save(body, `Moved to ${applicationStatusLabel(to)}`);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={stepLabel(to)}
      description={`${application.grant.title}: from ${applicationStatusLabel(application.status)} to ${applicationStatusLabel(to)}.`}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {unfinished.length ? (
          // Sending is allowed (the office may ask for the rest); the researcher should know first (issue 30).
          <div role="note" aria-label="Documents not completed" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <p className="font-semibold">
              {unfinished.length} of {documents.length} documents {unfinished.length === 1 ? 'is' : 'are'} not marked
              completed:
            </p>
            <ul className="mt-1 list-disc pl-5">
              {unfinished.map((d) => (
                <li key={d.name}>{d.name}</li>
              ))}
            </ul>
            <p className="mt-1">The research office may return it until they are. You can still send it now.</p>
          </div>
        ) : null}
        {awarding ? (
          <Field id="step-awarded" label="Amount awarded (USD)" required error={errors.amountAwarded}>
            {(aria) => <Input inputMode="numeric" value={awarded} onChange={(e) => setAwarded(e.target.value)} {...aria} />}
          </Field>
        ) : null}
        <Field
          id="step-reason"
          label={returning ? 'What needs to change' : 'Note for the history'}
          required={returning}
          optional={!returning}
          error={errors.reason}
        >
          {(aria) => <Textarea rows={3} maxLength={2000} value={reason} onChange={(e) => setReason(e.target.value)} {...aria} />}
        </Field>
        <DialogActions>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving…' : stepLabel(to)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function AmountsDialog({ application, onClose }: { application: StepTarget; onClose: () => void }) {
  const [requested, setRequested] = useState(application.amountRequested?.toString() ?? '');
  const [errors, setErrors] = useFieldErrors();
  const { save, pending } = useSave(application, onClose, setErrors);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = requested.trim() ? dollars(requested) : null;
    if (requested.trim() && amount === null) return setErrors({ amountRequested: 'Enter whole dollars, like 450000' });
    save({ amountRequested: amount }, 'Amount requested saved');
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title="Amount requested">
      <form noValidate onSubmit={submit} className="space-y-4">
        <Field id="amount-requested" label="Amount requested (USD)" optional error={errors.amountRequested}>
          {(aria) => <Input inputMode="numeric" value={requested} onChange={(e) => setRequested(e.target.value)} {...aria} />}
        </Field>
        <DialogActions>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving…' : 'Save amount'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function InternalDeadlineDialog({ application, onClose }: { application: ApplicationDetail; onClose: () => void }) {
  const [day, setDay] = useState(application.internalDeadline ?? '');
  const [errors, setErrors] = useFieldErrors();
  const { save, pending } = useSave(application, onClose, setErrors);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!day) return setErrors({ internalDeadline: 'Choose a date, or use the routing lead time' });
    save({ internalDeadline: day }, 'Internal deadline set');
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Internal deadline"
      description="The date the research office needs this proposal by. Without one, it is the institution's routing lead time before the sponsor's deadline."
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <Field id="internal-deadline" label="Internal deadline" required error={errors.internalDeadline}>
          {(aria) => <Input type="date" value={day} onChange={(e) => setDay(e.target.value)} {...aria} />}
        </Field>
        <DialogActions>
          {application.internalDeadlineSet ? (
            <Button type="button" variant="secondary" disabled={pending} onClick={() => save({ internalDeadline: null }, 'Internal deadline follows the lead time again')}>
              Use the lead time
            </Button>
          ) : null}
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving…' : 'Save date'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
