// The end of a graceful shutdown: every request the server received gets an
// answer (its result, or 503 with Retry-After), never a reset.
//
// Node's server.close() also closes every connection it thinks idle, and a
// connection whose request is still in the kernel's buffer, unread because
// the event loop was busy, looks idle: with 50 searches in flight a SIGTERM
// reset 32–37 of them (issue 27). Closing the listening socket also resets
// connections the kernel has accepted but Node has not taken yet. So here
//   1. requests read from now on are answered 503 with Retry-After (after
//      their body is read, so a client still sending is not cut off), and
//      every connection ends after its response (Connection: close);
//   2. the listener stays open until no connection has arrived for a quiet
//      spell on a responsive event loop (taking in the kernel's backlog),
//      then stops listening only (net.Server's close, not http.Server's);
//   3. the loop reads what has arrived: another quiet spell with no new
//      request;
//   4. connections that never sent a byte or sit idle between requests are
//      closed, those with a request in flight (uploads included) are waited
//      for up to the deadline; a request still unanswered then gets 503 if
//      its headers were not sent.
// WebSocket connections are left to the realtime hub's own close (1012).
import net from 'node:net';
import type http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

type Tracked = { inFlight: Set<http.ServerResponse>; upgraded: boolean; lastBytes: number };

export type Drain = {
  /** Whether the listener has closed: requests read from now on are answered 503. */
  readonly stopped: boolean;
  /** Runs steps 1–4; resolves when no HTTP connection is left (or at the deadline). */
  run: (deadlineMs: number) => Promise<{ answered503AtDeadline: number; closedIdle: number }>;
};

const restarting = 'This server is restarting. Try again in a few seconds.';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Waits until `last()` is 150 ms old on an event loop whose turns come promptly (or `until`). */
async function quietSpell(last: () => number, until: number) {
  for (;;) {
    const before = Date.now();
    await sleep(50);
    await nextTurn();
    await nextTurn();
    const lag = Date.now() - before - 50;
    if ((Date.now() - last() >= 150 && lag < 50) || Date.now() > until) return;
  }
}

/** Tracks the server's connections from now on; call before listen. */
export function trackForDrain(app: FastifyInstance, retryAfterSeconds = 5): Drain {
  const server = app.server;
  const sockets = new Map<net.Socket, Tracked>();
  let stopped = false;
  let lastRequestAt = 0;
  let lastConnectionAt = 0;

  server.on('connection', (socket: net.Socket) => {
    lastConnectionAt = Date.now();
    sockets.set(socket, { inFlight: new Set(), upgraded: false, lastBytes: 0 });
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    lastRequestAt = Date.now();
    const tracked = sockets.get(request.socket);
    if (!tracked) return;
    tracked.inFlight.add(response);
    response.once('close', () => tracked.inFlight.delete(response));
  });
  server.on('upgrade', (request: http.IncomingMessage) => {
    const tracked = sockets.get(request.socket);
    if (tracked) tracked.upgraded = true;
  });

  app.addHook('onRequest', async (request) => {
    if (!stopped) return;
    const raw = request.raw;
    if ((raw.headers['content-length'] ?? '0') !== '0' || raw.headers['transfer-encoding']) {
      // Read the body to its end first: answering mid-upload would reset the sender.
      await new Promise<void>((resolve) => {
        raw.once('end', resolve).once('close', resolve).once('error', () => resolve());
        raw.resume();
      });
    }
    throw new AppError('service_unavailable', restarting, { meta: { retryAfterSeconds } });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (stopped) reply.header('connection', 'close');
  });

  const idle = (tracked: Tracked) => !tracked.upgraded && tracked.inFlight.size === 0;

  return {
    get stopped() {
      return stopped;
    },
    async run(deadlineMs) {
      const deadline = Date.now() + deadlineMs;
      stopped = true;
      // 2. Take in what the kernel has queued, then stop listening; open connections stay open.
      await quietSpell(() => lastConnectionAt, Math.min(deadline, Date.now() + 3000));
      if (server.listening) net.Server.prototype.close.call(server);
      // 3. Let the loop read the requests that have arrived.
      await quietSpell(() => lastRequestAt, deadline);
      // 4. Idle connections: nothing in flight and nothing read since the last look.
      let closedIdle = 0;
      for (;;) {
        for (const [socket, tracked] of sockets) {
          if (idle(tracked) && socket.bytesRead === tracked.lastBytes) {
            closedIdle++;
            socket.destroy();
          }
          tracked.lastBytes = socket.bytesRead;
        }
        const open = [...sockets.values()].filter((t) => !t.upgraded);
        if (open.length === 0 || Date.now() > deadline) break;
        await sleep(50);
      }
      // At the deadline: whatever has not answered gets 503 if it still can.
      let answered503AtDeadline = 0;
      for (const [socket, tracked] of sockets) {
        if (tracked.upgraded) continue;
        for (const response of tracked.inFlight) {
          if (!response.headersSent) {
            answered503AtDeadline++;
            response.writeHead(503, { 'retry-after': String(retryAfterSeconds), connection: 'close', 'content-type': 'application/problem+json' });
            response.end(
              JSON.stringify({ title: 'Service unavailable', status: 503, code: 'service_unavailable', detail: restarting }),
            );
          }
        }
        // Give the answers a moment to leave, then let go.
        setTimeout(() => socket.destroy(), 500).unref();
      }
      return { answered503AtDeadline, closedIdle };
    },
  };
}
