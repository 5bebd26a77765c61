import { useId, useState, type FormEvent } from 'react';
import type { EmailCadence } from '@grantbridge/contract/notifications';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { cadenceLabels, cadenceOptions } from '../utils/alert-cadence';

type NameDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  initialName: string;
  pending: boolean;
  /** Saving (not renaming) also asks how often to hear about new matches. */
  askAlerts?: boolean;
  onSubmit: (name: string, alertCadence: EmailCadence) => Promise<unknown>;
};

/** Asks for a saved search's name: used to save a search and to rename one. */
export function NameDialog(props: NameDialogProps) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.title}
      description={props.description}
    >
      {props.open ? <NameForm {...props} /> : null}
    </Dialog>
  );
}

function NameForm({ initialName, submitLabel, pending, askAlerts, onSubmit, onOpenChange }: NameDialogProps) {
  const [name, setName] = useState(initialName);
  const [cadence, setCadence] = useState<EmailCadence>('daily');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('Name is required');
    if (trimmed.length > 100) return setError('Use at most 100 characters');
    try {
      await onSubmit(trimmed, cadence);
      onOpenChange(false);
    } catch (err) {
      setError(
        isApiError(err) && err.errors[0]?.message
          ? err.errors[0].message
          : 'We couldn’t save it. Please try again.',
      );
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Field id="saved-search-name" label="Name" error={error} required>
        {(control) => (
          <Input
            {...control}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            autoComplete="off"
            autoFocus
          />
        )}
      </Field>
      {askAlerts ? <AlertChoice value={cadence} onChange={setCadence} /> : null}
      <DialogActions className="mt-5">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

/** "How often should we tell you about new matches?", saying plainly that e-mails will come. */
function AlertChoice({ value, onChange }: { value: EmailCadence; onChange: (value: EmailCadence) => void }) {
  const hint = useId();
  return (
    <fieldset className="mt-4" aria-describedby={hint}>
      <legend className="text-sm font-medium text-slate-900">Tell me about new matches</legend>
      <p id={hint} className="mt-1 text-sm text-slate-700">
        After each Grants.gov update, new grants that match appear in your notifications. Unless you choose Off, we also
        e-mail you; every e-mail has a one-click unsubscribe, and you can change this later from Saved searches.
      </p>
      <div className="mt-2 grid gap-1 sm:grid-cols-2">
        {cadenceOptions.map((option) => (
          <label key={option} className="flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm text-slate-900 hover:bg-slate-50">
            <input
              type="radio"
              name="alert-cadence"
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="size-4 accent-brand-800"
            />
            {cadenceLabels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
