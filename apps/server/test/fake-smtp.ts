// A minimal SMTP server for tests: accepts mail and records each message.
import net from 'node:net';

export type FakeSmtp = { port: number; messages: string[]; close: () => Promise<void> };

export function startFakeSmtp(port = 0): Promise<FakeSmtp> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let data = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(data);
            data = '';
            socket.write('250 OK queued\r\n');
          } else {
            data += `${line}\n`;
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250 fake\r\n');
        else if (command === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (command === 'QUIT') {
          socket.write('221 bye\r\n');
          socket.end();
        } else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      resolve({
        port: address.port,
        messages,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** A port with nothing listening on it. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A recorded message as text: quoted-printable bodies and RFC 2047 (Q) subjects decoded. */
export function decodeMail(raw: string): string {
  const qp = (text: string) =>
    text.replace(/(=[0-9A-F]{2})+/g, (m) =>
      Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'),
    );
  return qp(
    raw
      .replace(/\?=\s+=\?UTF-8\?Q\?/gi, '')
      .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, word: string) => word.replace(/_/g, ' '))
      .replace(/=\r?\n/g, ''),
  );
}
