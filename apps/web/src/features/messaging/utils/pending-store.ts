// Messages this tab is sending: shown at once as pending, kept with the same
// clientId through retries, and dropped when the server's copy arrives.
export type PendingStatus = 'sending' | 'failed';
export type PendingMessage = {
  clientId: string;
  conversationId: string;
  content: string;
  createdAt: string;
  status: PendingStatus;
  /** Why the last attempt failed, for the failed state. */
  error?: string;
  /** The last attempt failed for want of a connection (not a refusal): send again once back online. */
  resendWhenOnline?: boolean;
};

type Listener = () => void;

let pending: PendingMessage[] = [];
const listeners = new Set<Listener>();

const publish = (next: PendingMessage[]) => {
  pending = next;
  for (const listener of listeners) listener();
};

export const pendingStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => pending,
  add(message: PendingMessage) {
    publish([...pending.filter((p) => p.clientId !== message.clientId), message]);
  },
  update(clientId: string, patch: Partial<PendingMessage>) {
    publish(pending.map((p) => (p.clientId === clientId ? { ...p, ...patch } : p)));
  },
  remove(clientId: string) {
    if (pending.some((p) => p.clientId === clientId)) {
      publish(pending.filter((p) => p.clientId !== clientId));
    }
  },
  get(clientId: string) {
    return pending.find((p) => p.clientId === clientId);
  },
};
