// One WebSocket per tab to /api/v1/realtime (the session cookie signs it in).
// It reconnects with capped exponential backoff and jitter, pings to keep the
// line alive, and each time it opens (the first time too) tells listeners to
// `resync`: events published before the server knew this socket (while it was
// down, or while the page loaded its data) never reached it.
//
// Events are read with the contract's schema, which brings zod: that reader
// is its own chunk, fetched with the first event that is not a pong, so a
// page that hears nothing does not load it (decision 051). Events wait for it
// in order. For the same reason this module takes only types from the
// contract's realtime-events: a value from it would put the module, schemas
// and all, in the chunk of every signed-in page. Its address and the close
// codes used here are repeated below; realtime-client.test.ts holds them
// equal to the contract's.
import type { ClientFrame, ServerEvent } from '@grantbridge/contract/realtime-events';

/** The contract's `realtimePath`. */
export const realtimePath = '/api/v1/realtime';
/** The contract's `closeCodes` this client uses. */
export const closeCodes = { done: 1000, noPong: 4000, offline: 4001, sessionEnded: 4401 } as const;

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'reconnecting';
export type RealtimeListener = (event: ServerEvent) => void;

const pingEveryMs = 20_000;
/** No answer (pong or any event) within this long after a ping: the line is dead. */
const pongTimeoutMs = 10_000;
const backoffBaseMs = 500;
const backoffCapMs = 30_000;
/** Closing waits this long after the last user lets go, so a remount keeps the socket. */
const releaseGraceMs = 2_000;

function socketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${realtimePath}`;
}

/** Full jitter: a random wait up to the capped exponential bound. */
export function backoffDelay(attempt: number): number {
  const bound = Math.min(backoffCapMs, backoffBaseMs * 2 ** attempt);
  return Math.round(bound / 2 + Math.random() * (bound / 2));
}

function isPong(json: unknown): boolean {
  return typeof json === 'object' && json !== null && (json as { type?: unknown }).type === 'pong';
}

export function createRealtimeClient(url: () => string = socketUrl) {
  const listeners = new Set<RealtimeListener>();
  const stateListeners = new Set<() => void>();
  let state: ConnectionState = 'idle';
  let socket: WebSocket | null = null;
  let users = 0;
  /** Signed out: no connecting until the next retain. */
  let paused = false;
  let attempt = 0;
  let everOpened = false;
  let reconnectTimer: number | undefined;
  let pingTimer: number | undefined;
  let pongTimer: number | undefined;
  let releaseTimer: number | undefined;

  const setState = (next: ConnectionState) => {
    if (state === next) return;
    state = next;
    for (const listener of stateListeners) listener();
  };

  const emit = (event: ServerEvent) => {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.warn('realtime listener failed', error);
      }
    }
  };

  /** The schema check, once its chunk is here; what arrived before it waits in `unread`, in order. */
  let parse: ((json: unknown) => ServerEvent | null) | null = null;
  let parserLoading: Promise<void> | null = null;
  const unread: unknown[] = [];
  const deliver = (json: unknown) => {
    const event = parse?.(json);
    if (event && event.type !== 'pong') emit(event);
  };
  const receive = (json: unknown) => {
    if (parse) {
      deliver(json);
      return;
    }
    unread.push(json);
    parserLoading ??= import('./realtime-event-parser').then(
      (module) => {
        parse = module.parseServerEvent;
        for (const queued of unread.splice(0)) deliver(queued);
      },
      (error: unknown) => {
        // The next event tries again; these are lost (the next resync refetches).
        parserLoading = null;
        unread.length = 0;
        console.warn('realtime: could not load the event reader', error);
      },
    );
  };

  const clearTimers = () => {
    window.clearTimeout(reconnectTimer);
    window.clearInterval(pingTimer);
    window.clearTimeout(pongTimer);
    reconnectTimer = pingTimer = pongTimer = undefined;
  };

  const rawSend = (frame: ClientFrame): boolean => {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  };

  const scheduleReconnect = () => {
    if (users === 0) {
      setState('idle');
      return;
    }
    setState('reconnecting');
    // Offline, the browser would only fail (and log) each try; the online event retries at once.
    const delay = navigator.onLine === false ? backoffCapMs : backoffDelay(attempt++);
    reconnectTimer = window.setTimeout(connect, delay);
  };

  function connect() {
    window.clearTimeout(reconnectTimer);
    if (users === 0 || socket || paused) return;
    setState(everOpened ? 'reconnecting' : 'connecting');
    let ws: WebSocket;
    try {
      ws = new WebSocket(url());
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;

    ws.onopen = () => {
      attempt = 0;
      everOpened = true;
      setState('open');
      pingTimer = window.setInterval(() => {
        if (!rawSend({ type: 'ping' })) return;
        window.clearTimeout(pongTimer);
        pongTimer = window.setTimeout(() => ws.close(closeCodes.noPong, 'no pong'), pongTimeoutMs);
      }, pingEveryMs);
      emit({ type: 'resync', data: {} });
    };

    ws.onmessage = (message) => {
      // Anything heard proves the line is alive.
      window.clearTimeout(pongTimer);
      if (typeof message.data !== 'string') return;
      let json: unknown;
      try {
        json = JSON.parse(message.data);
      } catch {
        return;
      }
      // A pong only proves the line alive, which the line above has noted.
      if (isPong(json)) return;
      receive(json);
    };

    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      clearTimers();
      // The session was signed out (here or elsewhere): reconnecting would only be refused.
      if (event.code === closeCodes.sessionEnded) {
        setState('idle');
        return;
      }
      scheduleReconnect();
    };
    // An error is always followed by close, which reconnects.
    ws.onerror = () => undefined;
  }

  const disconnect = () => {
    clearTimers();
    const ws = socket;
    socket = null;
    if (ws) {
      ws.onclose = null;
      ws.close(closeCodes.done, 'done');
    }
    setState('idle');
  };

  const onOnline = () => {
    // The network came back: try now instead of waiting out the backoff.
    if (users > 0 && !socket) {
      attempt = 0;
      connect();
    }
  };
  const onOffline = () => {
    // Browsers can take a long time to notice a dead socket; drop it now.
    if (socket) socket.close(closeCodes.offline, 'offline');
  };

  return {
    /**
     * Signing out: close now and stay closed until someone retains the client
     * again (after the next sign-in), so no handshake races the ended session.
     */
    pause(): void {
      paused = true;
      disconnect();
    },
    /** Sign-out failed: connect again for those still using the client. */
    resume(): void {
      paused = false;
      connect();
    },
    /** Holds the connection open while anyone uses it; returns the release function. */
    retain(): () => void {
      users += 1;
      paused = false;
      window.clearTimeout(releaseTimer);
      if (users === 1) {
        window.addEventListener('online', onOnline);
        window.addEventListener('offline', onOffline);
      }
      connect();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        users -= 1;
        if (users > 0) return;
        window.clearTimeout(releaseTimer);
        releaseTimer = window.setTimeout(() => {
          if (users > 0) return;
          window.removeEventListener('online', onOnline);
          window.removeEventListener('offline', onOffline);
          disconnect();
        }, releaseGraceMs);
      };
    },
    subscribe(listener: RealtimeListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Sends a frame if the socket is open; false when it is not (frames are never queued). */
    send: rawSend,
    getState: () => state,
    subscribeState(listener: () => void): () => void {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
  };
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;

let tabClient: RealtimeClient | undefined;

/** The tab's one realtime client. */
export function getRealtimeClient(): RealtimeClient {
  tabClient ??= createRealtimeClient();
  return tabClient;
}
