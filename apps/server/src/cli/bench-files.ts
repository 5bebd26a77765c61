// `npm run bench:files`: four 25 MB uploads at once, then four downloads at
// once, against a real server process (PGlite, and PostgreSQL too when
// DATABASE_URL is set), through HTTP as a browser sends them. Prints the
// throughput and the server's resident memory: idle, peak, and growth
// (issue 12's target: at most 64 MB above idle). Bodies are generated and
// checked as they stream, so the bench itself holds no file whole.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const fileBytes = 25 * 1024 * 1024;
const parallel = 4;
const port = Number(process.env.BENCH_PORT ?? 4390);
const base = `http://127.0.0.1:${port}`;

function rssMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: String(port), SEED_DEMO: 'true', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the server did not start');
}

async function signIn() {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'researcher@example.edu', password: 'grantbridge-demo', role: 'researcher', remember: false }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

/** A PDF header then pseudo-random bytes, made chunk by chunk from a seed (the same bytes again for checking). */
function* fileChunks(seed: number) {
  yield Buffer.from('%PDF-1.4\n');
  let left = fileBytes - 9;
  let counter = 0;
  while (left > 0) {
    const block = crypto.createHash('sha512').update(`${seed}:${counter++}`).digest();
    const chunk = Buffer.alloc(Math.min(left, 64 * 1024));
    for (let i = 0; i < chunk.length; i += block.length) block.copy(chunk, i);
    left -= chunk.length;
    yield chunk;
  }
}

function expectedSha(seed: number) {
  const hash = crypto.createHash('sha256');
  for (const chunk of fileChunks(seed)) hash.update(chunk);
  return hash.digest('hex');
}

function upload(cookie: string, url: string, seed: number): Promise<number> {
  const boundary = `----bench${seed}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-${seed}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'PUT',
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + fileBytes + tail.length,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    const chunks = fileChunks(seed);
    request.write(head);
    const pump = () => {
      for (let next = chunks.next(); !next.done; next = chunks.next()) {
        if (!request.write(next.value)) return void request.once('drain', pump);
      }
      request.end(tail);
    };
    pump();
  });
}

function download(cookie: string, url: string): Promise<{ status: number; sha256: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie } }, (response) => {
        const hash = crypto.createHash('sha256');
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, sha256: hash.digest('hex'), bytes }));
      })
      .on('error', reject);
  });
}

async function runOn(label: string, env: Record<string, string>) {
  console.log(`\n== ${label} ==`);
  const server = await startServer(env);
  try {
    const cookie = await signIn();
    const get = async <T>(url: string) => (await (await fetch(`${base}${url}`, { headers: { cookie } })).json()) as T;
    const { applications } = await get<{ applications: { id: string; role: string }[] }>('/api/v1/applications');
    const mine = applications.find((a) => a.role === 'pi')!;
    const { documents } = await get<{ documents: { id: string }[] }>(`/api/v1/applications/${mine.id}/documents`);
    const urls = documents.slice(0, parallel).map((d) => `${base}/api/v1/applications/${mine.id}/documents/${d.id}/file`);
    await new Promise((r) => setTimeout(r, 2000));
    const idle = rssMb(server.pid!);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 20);
    const expected = urls.map((_, i) => expectedSha(i + 1));

    let started = performance.now();
    const statuses = await Promise.all(urls.map((url, i) => upload(cookie, url, i + 1)));
    const upSeconds = (performance.now() - started) / 1000;
    const peakUp = peak;
    started = performance.now();
    const downloads = await Promise.all(urls.map((url) => download(cookie, url)));
    const downSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);

    const totalMb = (parallel * fileBytes) / 1024 / 1024;
    const intact = downloads.every((d, i) => d.status === 200 && d.bytes === fileBytes && d.sha256 === expected[i]);
    console.log(`uploads: ${statuses.join(', ')} — ${totalMb} MB in ${upSeconds.toFixed(1)} s = ${(totalMb / upSeconds).toFixed(1)} MB/s`);
    console.log(`downloads: ${downloads.map((d) => d.status).join(', ')} — ${totalMb} MB in ${downSeconds.toFixed(1)} s = ${(totalMb / downSeconds).toFixed(1)} MB/s; bytes and SHA-256 ${intact ? 'intact' : 'WRONG'}`);
    console.log(
      `server RSS: idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (during uploads ${peakUp.toFixed(0)} MB), growth ${(peak - idle).toFixed(0)} MB (target ≤ 64 MB)`,
    );
    if (!intact || statuses.some((s) => s !== 201)) process.exitCode = 1;
  } finally {
    server.kill();
    await new Promise((r) => server.once('exit', r));
  }
}

async function main() {
  const only = process.env.BENCH_ONLY;
  if (only !== 'postgres') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-bench-files-'));
    try {
      await runOn(`PGlite (${dir})`, { DATA_DIR: dir });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const url = only === 'pglite' ? undefined : process.env.DATABASE_URL;
  if (!url) return console.log('\nDATABASE_URL is not set: the PostgreSQL run was skipped.');
  const name = `gb_bench_files_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-bench-files-'));
  try {
    await runOn(`PostgreSQL (${u.host})`, { DATABASE_URL: u.toString(), DATA_DIR: dir });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
