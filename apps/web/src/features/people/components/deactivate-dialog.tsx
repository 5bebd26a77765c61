// Manage Researchers' Deactivate asks first, in a dialog that says what it
// does: the person's sessions end and they can no longer sign in (issue 30,
// in place of the browser's confirm()).
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { DirectoryRow } from '@grantbridge/contract/people';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { isApiError } from '../../../lib/api-client';
import { setStatus } from '../api/people-api';

type DeactivateDialogProps = {
  /** The person to deactivate; null when the dialog is closed. */
  person: Pick<DirectoryRow, 'id' | 'name'> | null;
  onClose: () => void;
  onDeactivated: () => void;
};

export function DeactivateDialog({ person, onClose, onDeactivated }: DeactivateDialogProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setProblem(null);
    onClose();
  };
  const deactivate = async () => {
    if (!person) return;
    setBusy(true);
    setProblem(null);
    try {
      await setStatus(person.id, 'deactivated');
      toast.success(`${person.name} deactivated`);
      close();
      onDeactivated();
    } catch (error) {
      setProblem(isApiError(error) ? error.message : 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={person !== null}
      onOpenChange={(open) => {
        if (!open && !busy) close();
      }}
      title={`Deactivate ${person?.name ?? ''}?`}
      description="Their account is switched off until you reactivate it."
    >
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
        <li>They are signed out at once, on every device.</li>
        <li>They can no longer sign in.</li>
        <li>Nothing they wrote is deleted, and you can reactivate them at any time.</li>
      </ul>
      {problem ? (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {problem}
        </p>
      ) : null}
      <DialogActions className="mt-6">
        <Button variant="danger" disabled={busy} onClick={() => void deactivate()}>
          {busy ? 'Deactivating…' : 'Deactivate'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
