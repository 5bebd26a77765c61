// A modal dialog: focus trapped, Escape closes, focus goes back to what
// opened it (unless closing it moved focus on purpose), title and description
// wired for assistive technology. The dialog itself (Radix, in
// dialog-view.tsx) loads the first time one opens, not with the page: a page
// shows its dialogs only when asked (decision 051). It stays mounted after
// that, so it closes and opens again like any Radix dialog.
import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import clsx from 'clsx';
import { Button } from './button';

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read out with the title; shown under it unless hidden. */
  description?: ReactNode;
  hideDescription?: boolean;
  className?: string;
  children: ReactNode;
};

const loadDialogView = () => import('./dialog-view');
const DialogView = lazy(async () => ({ default: (await loadDialogView()).DialogView }));

/** Closes the dialog around it (what Radix's Close does). */
export const DialogClose = createContext<() => void>(() => undefined);

/** True from the first time `open` is true on. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function Dialog(props: DialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <DialogView {...props} />
    </Suspense>
  );
}

/**
 * A component that is a dialog (it takes `open`), whose code loads the first
 * time it opens and not with the page: for a dialog with heavy parts (a form
 * library, a people picker). Decision 051.
 */
export function lazyDialog<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  // The dialog itself comes in the same round trip.
  const Loaded = lazy(async () => ({
    default: (await Promise.all([load(), loadDialogView()]))[0],
  }));
  return function LazyDialog(props: P) {
    if (!useOpenedOnce(props.open)) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

/** A dialog's footer: Cancel, which closes it, then the dialog's own buttons, at the right. */
export function DialogActions({
  className,
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  const close = useContext(DialogClose);
  return (
    <div className={clsx('flex justify-end gap-2', className)}>
      <Button variant="secondary" onClick={close}>
        Cancel
      </Button>
      {children}
    </div>
  );
}
