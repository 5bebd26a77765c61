// The modal dialog on Radix (see dialog.tsx, which loads this module the
// first time a dialog opens): focus trapped, Escape closes, focus goes back to
// what opened it (unless closing it moved focus on purpose), title and
// description wired for assistive technology.
import { useRef } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import clsx from 'clsx';
import { DialogClose, type DialogProps } from './dialog';

export function DialogView({
  open,
  onOpenChange,
  title,
  description,
  hideDescription,
  className,
  children,
}: DialogProps) {
  // These dialogs open from plain buttons, not a Radix trigger, so Radix has
  // nowhere to return focus on close: remember the opener and return there.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <DialogClose.Provider value={() => onOpenChange(false)}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
          <RadixDialog.Content
            {...(description ? {} : { 'aria-describedby': undefined })}
            onOpenAutoFocus={() => {
              opener.current =
                document.activeElement instanceof HTMLElement ? document.activeElement : null;
            }}
            onCloseAutoFocus={(event) => {
              // What the dialog did may have put focus somewhere on purpose (a new
              // conversation's message box): leave it there.
              const active = document.activeElement;
              if (active instanceof HTMLElement && active !== document.body && active.isConnected) {
                event.preventDefault();
                return;
              }
              if (opener.current?.isConnected) {
                event.preventDefault();
                opener.current.focus();
              }
            }}
            className={clsx(
              'fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2',
              // A dialog asking for its own width gets it: with both classes, the stylesheet's order would pick.
              !/(^|\s)max-w-/.test(className ?? '') && 'max-w-lg',
              'overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none',
              className,
            )}
          >
            <div className="flex items-start justify-between gap-4">
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">
                {title}
              </RadixDialog.Title>
              <RadixDialog.Close
                className="-m-1 rounded-lg p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                aria-label="Close"
              >
                <X className="size-5" aria-hidden="true" />
              </RadixDialog.Close>
            </div>
            {description ? (
              <RadixDialog.Description
                className={clsx(hideDescription ? 'sr-only' : 'mt-1 text-sm text-slate-700')}
              >
                {description}
              </RadixDialog.Description>
            ) : null}
            <div className="mt-4">{children}</div>
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </DialogClose.Provider>
    </RadixDialog.Root>
  );
}
