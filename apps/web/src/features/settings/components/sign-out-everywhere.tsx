import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { useSignOutEverywhere } from '../hooks/use-sign-out-everywhere';

/** Sign out everywhere, asked first in a dialog that loads when opened (decision 051). */
export function SignOutEverywhere() {
  const [open, setOpen] = useState(false);
  const mutation = useSignOutEverywhere();

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Sign out everywhere
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !mutation.isPending && setOpen(next)}
        title="Sign out everywhere?"
        description="This ends your GrantBridge sessions on every device and browser, including this one. You will need to sign in again."
        className="max-w-md"
      >
        <DialogActions className="mt-6">
          <Button variant="danger" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
            {mutation.isPending ? 'Signing out...' : 'Sign out everywhere'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
