import { useSyncExternalStore } from 'react';
import { getRealtimeClient } from '../../../lib/realtime-client';

export function useRealtimeState() {
  const client = getRealtimeClient();
  return useSyncExternalStore(client.subscribeState, client.getState);
}
