// Runs a layout change that a blur causes once the press that caused the blur
// is over. Pressing a link blurs whatever had focus at the press, before the
// release: a box that shrinks on blur then moves what is below it or, in a
// history anchored at the bottom (messages), what is above it, and the
// release lands beside the link it was pressed on, so the click never
// happens. (A shared grant's card in a chat on a phone: the message box
// shrank by 56 px at the press and the release fell 4 px above the card.)
//
// A press is tracked from pointerdown to pointerup on the whole document. The
// change runs in a task after the release, so after the click that the
// release makes; a blur without a press (Tab, a touch tap whose mouse events
// come at once) waits only for that task.
import { useEffect, useRef, useState } from 'react';

let pressed = false;
let waiting: Array<() => void> = [];

function released() {
  pressed = false;
  const run = waiting;
  waiting = [];
  if (run.length) setTimeout(() => run.forEach((change) => change()));
}

if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pressed = true), true);
  document.addEventListener('pointerup', released, true);
  document.addEventListener('pointercancel', released, true);
}

/** Runs `change` once no press is under way; returns a function that cancels it. */
export function afterPress(change: () => void): () => void {
  if (!pressed) {
    const timer = setTimeout(change);
    return () => clearTimeout(timer);
  }
  waiting.push(change);
  return () => {
    waiting = waiting.filter((waitingChange) => waitingChange !== change);
  };
}

/**
 * Whether a box that grows while focused should show grown: it gains focus at
 * once and gives it up only once the press that took focus away is over.
 * Spread `handlers` on the box.
 */
export function useFocusForGrowth() {
  const [focused, setFocused] = useState(false);
  const cancelShrink = useRef<(() => void) | null>(null);
  useEffect(() => () => cancelShrink.current?.(), []);
  const handlers = {
    onFocus: () => {
      cancelShrink.current?.();
      setFocused(true);
    },
    onBlur: () => {
      cancelShrink.current = afterPress(() => setFocused(false));
    },
  };
  return { focused, handlers };
}
