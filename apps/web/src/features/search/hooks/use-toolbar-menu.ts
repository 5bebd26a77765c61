// A menu opened from the results toolbar (Filters, Saved searches). On a phone
// the results panel sits below the chat, so such a menu would get only the
// bottom of the screen: opening it first scrolls its button to the top, which
// gives the menu the room; the two-column layout (lg) needs none.
import { useRef, useState } from 'react';

const stackedLayout = '(max-width: 1023.98px)';

/** Where the menu opens: under its button's right edge, clear of the app's top and bottom bars. */
export const toolbarMenuPlacement = {
  align: 'end',
  sideOffset: 6,
  collisionPadding: { top: 76, bottom: 76, left: 12, right: 12 },
} as const;

export function useToolbarMenu() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const onOpenChange = (next: boolean) => {
    if (next && trigger.current && window.matchMedia(stackedLayout).matches) {
      trigger.current.scrollIntoView({ block: 'start' });
    }
    setOpen(next);
  };
  return { open, setOpen, onOpenChange, trigger };
}
