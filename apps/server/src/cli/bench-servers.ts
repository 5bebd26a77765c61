// App instances for the multi-instance benchmarks (bench:realtime, bench:feed):
// each runs bench-realtime-server.ts in a child process and prints its URL as
// a JSON line. No instance outlives the benchmark, however it ends.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const serverScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-realtime-server.ts');
const children = new Set<ChildProcess>();

/** Kills every app instance still running (also done when this process exits). */
export function killChildren() {
  for (const child of children) child.kill('SIGKILL');
}
process.on('exit', killChildren);

/** Starts one app instance; resolves with its URL. BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each there. */
export function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', serverScript], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ url: (JSON.parse(line) as { url: string }).url, child });
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code} before listening`)));
  });
}

/** Stops an instance with SIGTERM, as a service manager would; one still running after 10 s is killed. */
export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
