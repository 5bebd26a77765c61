// On a phone the results panel sits below the chat, so a menu opened from its
// toolbar would get only the bottom of the screen. Scrolling its button to the
// top first gives the menu the room; the two-column layout (lg) needs none.
const stackedLayout = '(max-width: 1023.98px)';

export function revealMenuTrigger(trigger: HTMLElement | null): void {
  if (trigger && window.matchMedia(stackedLayout).matches) {
    trigger.scrollIntoView({ block: 'start' });
  }
}
