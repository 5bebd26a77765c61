// Every reaction to domain events, in one place: each module that reacts
// declares its handlers beside its code (<module>.events.ts); the app hands
// this list to the events runtime (app.ts).
import { feedHandlers } from '../feed/feed.events';
import { notificationHandlers } from '../notifications/notifications.events';
import type { EventHandler } from './events.service';

export const eventHandlers: EventHandler[] = [...notificationHandlers, ...feedHandlers];
