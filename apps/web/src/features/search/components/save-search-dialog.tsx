import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';

type NameDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  initialName: string;
  pending: boolean;
  onSubmit: (name: string) => Promise<unknown>;
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

function NameForm({ initialName, submitLabel, pending, onSubmit, onOpenChange }: NameDialogProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('Name is required');
    if (trimmed.length > 100) return setError('Use at most 100 characters');
    try {
      await onSubmit(trimmed);
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
      <DialogActions className="mt-5">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
