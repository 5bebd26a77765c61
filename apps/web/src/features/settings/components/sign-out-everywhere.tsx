import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '../../../components/ui/button';
import { useSignOutEverywhere } from '../hooks/use-sign-out-everywhere';

export function SignOutEverywhere() {
  const [open, setOpen] = useState(false);
  const mutation = useSignOutEverywhere();

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !mutation.isPending && setOpen(next)}>
      <Dialog.Trigger asChild>
        <Button variant="secondary">Sign out everywhere</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            Sign out everywhere?
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700">
            This ends your GrantBridge sessions on every device and browser, including this one. You
            will need to sign in again.
          </Dialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={mutation.isPending}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button
              variant="danger"
              disabled={mutation.isPending}
              onClick={() => mutation.mutate()}
            >
              {mutation.isPending ? 'Signing out...' : 'Sign out everywhere'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
