// Reads one realtime event with the contract's schema. Its own chunk: the
// schema brings zod, and the realtime client fetches it with the first event
// (decision 051).
import { serverEventSchema, type ServerEvent } from '@grantbridge/contract/realtime-events';

/** The event, or null when it is not one this client knows. */
export function parseServerEvent(json: unknown): ServerEvent | null {
  const parsed = serverEventSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
