// A PostgreSQL connection can end under a running server: the database
// restarts, fails over, or an operator ends backends. What then:
// - a statement the server refused because it was ending the connection
//   (SQLSTATE 57P01–57P03: it did not run) is sent again once, on a fresh
//   connection, by the pool below;
// - any other failure for a lost connection (the socket closed mid-way, so
//   whether the statement ran is unknown) is not repeated: the request answers
//   503 service_unavailable with Retry-After (plugins/problem.ts), and the page
//   asks again;
// - the realtime bus re-listens and tells every page to refetch
//   (plugins/realtime-bus.ts).
import pg from 'pg';

/** The server ended the connection before running the statement: safe to send again. */
const endedByServer = new Set(['57P01', '57P02', '57P03']);
/** Connection failures (class 08), the server shutting down or starting (57P0x), too many clients. */
const lostCodes = new Set(['08000', '08001', '08003', '08004', '08006', '53300', ...endedByServer]);
const lostNodeCodes = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const lostMessages = /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable/i;

/** The error and its causes (Drizzle wraps the driver's error as `cause`). */
function* chain(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/** Whether a failure was the database connection's, not the statement's. */
export function isConnectionLost(err: unknown): boolean {
  for (const e of chain(err)) {
    if (typeof e.code === 'string' && (lostCodes.has(e.code) || lostNodeCodes.has(e.code))) return true;
    if (typeof e.message === 'string' && lostMessages.test(e.message)) return true;
  }
  return false;
}

function isEndedByServer(err: unknown): boolean {
  for (const e of chain(err)) if (typeof e.code === 'string' && endedByServer.has(e.code)) return true;
  return false;
}

/**
 * A pool whose one-off statements (not those of a transaction, which hold
 * their own client) are sent once more when the server ended the connection
 * before running them.
 */
export class ReconnectingPool extends pg.Pool {
  // pg's overloads (callback and promise forms) do not survive an override; the promise form is retried.
  override query(...args: unknown[]): never {
    const send = () => (super.query as (...a: unknown[]) => unknown)(...args);
    if (typeof args[args.length - 1] === 'function') return send() as never;
    const first = send();
    if (!(first instanceof Promise)) return first as never; // a submittable (cursor, stream)
    return first.catch((err: unknown) => {
      if (!isEndedByServer(err)) throw err;
      return send();
    }) as never;
  }
}
