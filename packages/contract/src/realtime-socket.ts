// The realtime socket's address and the close codes both ends agree on. No zod
// here: the web's socket client and the server's hub both import these values.
export const realtimePath = '/api/v1/realtime';

/** WebSocket close codes: 1000-1999 are the protocol's, 4000-4999 are ours. */
export const closeCodes = {
  /** The page let go of the socket. */
  done: 1000,
  /** The server is shutting down; the client reconnects as after any drop. */
  goingAway: 1001,
  /** The server is restarting (a rolling deploy): reconnect soon, to another instance. */
  restarting: 1012,
  /** The client heard nothing after a ping: the line is dead, reconnect. */
  noPong: 4000,
  /** The browser went offline; dropping the socket at once beats waiting for it to die. */
  offline: 4001,
  /** The session ended (signed out, here or elsewhere): reconnecting would only be refused. */
  sessionEnded: 4401,
} as const;
