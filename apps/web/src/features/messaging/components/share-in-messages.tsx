// Share a grant inside the product: into chats the user already has, or to
// colleagues picked by name (each gets the direct chat with them). It arrives
// as a message with the grant's card. The dialog (share-dialog.tsx, with the
// people picker) loads when someone reaches for the button (decision 051).
import { lazy, Suspense, useRef, useState } from 'react';
import { Send } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { onIntent } from '../../../lib/load-on-intent';

export type SharedGrant = { id: string; title: string };

const shareDialog = onIntent(() => import('./share-dialog'));
const ShareDialog = lazy(async () => ({ default: (await shareDialog.load()).ShareDialog }));

export function ShareInMessagesButton({ grant, userId }: { grant: SharedGrant; userId: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    setTimeout(() => button.current?.focus());
  };
  return (
    <>
      <Button
        ref={button}
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void shareDialog.load()}
        onFocus={() => void shareDialog.load()}
        aria-haspopup="dialog"
      >
        <Send className="size-4" aria-hidden="true" />
        Send in Messages
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ShareDialog grant={grant} userId={userId} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}

