// Every reaction to domain events, in one place: each module that reacts
// declares its handlers beside its code (<module>.events.ts); the app hands
// this list to the events runtime (app.ts). It lives beside app.ts, the
// composition root, so the events module imports no module that reacts.
import { feedHandlers } from './modules/feed/feed.events';
import { notificationHandlers } from './modules/notifications/notifications.events';
import type { EventHandler } from './modules/events/events.service';

export const eventHandlers: EventHandler[] = [...notificationHandlers, ...feedHandlers];
