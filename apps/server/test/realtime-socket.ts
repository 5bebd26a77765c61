// A WebSocket on /api/v1/realtime for tests: every event it receives, and a
// way to wait for one.
import WebSocket from 'ws';
import type { ServerEvent } from '@grantbridge/contract/realtime-events';

export type Socket = {
  ws: WebSocket;
  events: ServerEvent[];
  /** When each event arrived (Date.now()), in the same order as `events`. */
  arrivedAt: number[];
  /** The close code, once the socket closes. */
  closed: Promise<number>;
  of: <T extends ServerEvent['type']>(type: T) => Extract<ServerEvent, { type: T }>[];
  waitFor: <T extends ServerEvent['type']>(
    type: T,
    match?: (e: Extract<ServerEvent, { type: T }>) => boolean,
  ) => Promise<Extract<ServerEvent, { type: T }>>;
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function openSocket(url: string, headers: Record<string, string>): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/v1/realtime`, { headers });
    const events: ServerEvent[] = [];
    const arrivedAt: number[] = [];
    const closed = new Promise<number>((done) => ws.once('close', (code) => done(code)));
    ws.on('message', (data) => {
      events.push(JSON.parse(data.toString()));
      arrivedAt.push(Date.now());
    });
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
    ws.once('open', () => {
      const of = <T extends ServerEvent['type']>(type: T) =>
        events.filter((e): e is Extract<ServerEvent, { type: T }> => e.type === type);
      const waitFor = async <T extends ServerEvent['type']>(
        type: T,
        match: (e: Extract<ServerEvent, { type: T }>) => boolean = () => true,
      ) => {
        const deadline = Date.now() + 5000;
        while (Date.now() < deadline) {
          const found = of(type).find(match);
          if (found) return found;
          await sleep(10);
        }
        throw new Error(`no ${type} event within 5 s; got ${JSON.stringify(events)}`);
      };
      resolve({ ws, events, arrivedAt, closed, of, waitFor });
    });
  });
}
