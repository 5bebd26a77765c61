// The drain's last step on its own (issue 27): an upload still arriving at the
// deadline gets 503 with Retry-After, not a reset, and an idle keep-alive
// connection is closed. The real process under SIGTERM is shutdown.test.ts.
import net from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { trackForDrain } from './drain';

/** Opens a raw connection and collects everything the server sends until it closes. */
function rawClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  return { socket, closed, received: () => received };
}

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close().catch(() => {});
});

describe('the drain at its deadline', () => {
  it('answers an upload still arriving with 503 and Retry-After, and closes an idle connection', async () => {
    const app = Fastify();
    apps.push(app);
    // The body is read to its end before the handler runs; this one never ends.
    app.addContentTypeParser('application/octet-stream', (_request, payload, done) => {
      payload.on('end', () => done(null, null));
      payload.resume();
    });
    let handled = 0;
    app.post('/upload', async () => {
      handled++;
      return { ok: true };
    });
    app.get('/ping', async () => ({ ok: true }));
    const drain = trackForDrain(app, 7);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as net.AddressInfo).port;

    // An idle keep-alive connection: one request answered, then nothing.
    const idle = rawClient(port);
    idle.socket.write('GET /ping HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    await expect.poll(() => idle.received()).toContain('200 OK');

    // An upload that sends 10 of its 1,000 bytes and stalls.
    const upload = rawClient(port);
    upload.socket.write('POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000\r\n\r\n0123456789');
    await new Promise((resolve) => setTimeout(resolve, 200));

    const started = Date.now();
    const outcome = await drain.run(1200);
    await Promise.all([upload.closed, idle.closed]);

    expect(outcome).toEqual({ answered503AtDeadline: 1, closedIdle: 1 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(handled).toBe(0);
    const answer = upload.received();
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer.toLowerCase()).toContain('retry-after: 7');
    expect(answer).toContain('"code":"service_unavailable"');
    // The idle connection got its one answer and was then closed, with nothing more sent.
    expect(idle.received().match(/HTTP\/1\.1/g)).toHaveLength(1);
    expect(drain.stopped).toBe(true);
    expect(app.server.listening).toBe(false);
  });
});
