// Small helpers of the tests that start the server or a command as a process.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import net from 'node:net';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

/** A port nothing listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type ServerProcess = {
  process: ChildProcessByStdio<null, Readable, Readable>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Everything the process has written to stdout and stderr so far. */
  output: () => string;
};

/**
 * Starts the server (src/main.ts, through tsx) as a process of its own on
 * 127.0.0.1:`port` with `env` over the test's own, and waits until it says
 * it is running (or `startMs` has passed; the caller's expect says which).
 */
export async function startServerProcess(port: number, env: Record<string, string>, startMs = 60_000): Promise<ServerProcess> {
  const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, NODE_ENV: 'production', SEED_DEMO: 'false', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + startMs;
  while (!output.includes('GrantBridge is running') && child.exitCode === null && Date.now() < deadline) await sleep(100);
  return { process: child, exited, output: () => output };
}
