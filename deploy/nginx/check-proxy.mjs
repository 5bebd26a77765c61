// The requests deploy/nginx/check.sh sends through nginx (TLS on 8443, plain
// HTTP on 8080) to two GrantBridge instances (3101, 3102); each check prints
// one line, and the script exits non-zero at the first that fails.
// CHECK_DIR: the scratch folder (certificate, access log, server logs);
// INSTANCE_PIDS: the instances' launcher pids, first one is stopped last.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';

const dir = process.env.CHECK_DIR;
const [firstPid] = (process.env.INSTANCE_PIDS ?? '').split(' ').map(Number);
const ca = fs.readFileSync(path.join(dir, 'fullchain.pem'));
const origin = 'https://grantbridge.test:8443';
const metricsToken = 'deploy-check-metrics-token-0123456789';
let passed = 0;

async function check(name, work) {
  await work();
  passed += 1;
  console.log(`ok ${passed} - ${name}`);
}

/** One request through nginx's TLS port (to `host`, 127.0.0.1 unless another local address is given). */
function request(method, url, { headers = {}, body, host = '127.0.0.1' } = {}) {
  return new Promise((resolve, reject) => {
    const req = https.request(
      { host, port: 8443, method, path: url, ca, servername: 'grantbridge.test', headers: { host: 'grantbridge.test:8443', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    if (body) req.end(body);
    else req.end();
  });
}

const accessLog = () => fs.readFileSync(path.join(dir, 'access.log'), 'utf8');
const serverLogs = () =>
  ['3101', '3102']
    .flatMap((port) => fs.readFileSync(path.join(dir, `server-${port}.log`), 'utf8').split('\n'))
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

await check('plain HTTP on the redirect port answers 301 to https', async () => {
  const res = await new Promise((resolve, reject) =>
    http.get({ host: '127.0.0.1', port: 8080, path: '/grants?q=water', headers: { host: 'grantbridge.test' } }, resolve).on('error', reject),
  );
  assert.equal(res.statusCode, 301);
  assert.equal(res.headers.location, 'https://grantbridge.test/grants?q=water');
  res.resume();
});

await check('GET /api/health over TLS (HTTP/1.1 to the instances) answers 200 with HSTS and nginx\'s request id', async () => {
  const res = await request('GET', '/api/health');
  assert.equal(res.status, 200, res.text);
  assert.match(res.headers['x-request-id'], /^[0-9a-f]{32}$/);
  assert.match(res.headers['strict-transport-security'] ?? '', /max-age=/);
});

await check('the web app\'s page comes through (GET / is the built index.html)', async () => {
  const res = await request('GET', '/');
  assert.equal(res.status, 200);
  assert.match(res.text, /<div id="root">|<script type="module"/);
});

await check('requests are spread over both instances (the access log\'s upstream)', async () => {
  for (let i = 0; i < 12; i += 1) assert.equal((await request('GET', '/api/health')).status, 200);
  const upstreams = new Set([...accessLog().matchAll(/upstream=(\S+)/g)].map((m) => m[1]));
  assert.ok(upstreams.has('127.0.0.1:3101') && upstreams.has('127.0.0.1:3102'), [...upstreams].join(' '));
});

await check('one request id in the response, the access log (rid=) and the instance\'s log lines (reqId)', async () => {
  const res = await request('GET', '/api/v1/grants/search?q=water', { headers: { 'x-request-id': 'made-up-by-the-client' } });
  const id = res.headers['x-request-id'];
  assert.match(id, /^[0-9a-f]{32}$/, 'the client\'s own X-Request-Id is replaced by nginx\'s');
  assert.ok(accessLog().includes(`rid=${id}`));
  await sleep(200);
  const lines = serverLogs().filter((line) => line.reqId === id);
  assert.ok(lines.length >= 2, `log lines with reqId ${id}: ${lines.length}`);
});

await check('the instance sees the client\'s address from X-Forwarded-For, and a forged one is ignored (TRUST_PROXY=1)', async () => {
  const res = await request('GET', '/api/health', { headers: { 'x-forwarded-for': '203.0.113.9' } });
  await sleep(200);
  const seen = serverLogs().find((line) => line.reqId === res.headers['x-request-id'] && line.req)?.req.remoteAddress;
  assert.equal(seen, '127.0.0.1');
  // From another of this machine's addresses, when it has one: nginx still
  // connects to the instance from 127.0.0.1, yet the instance names the caller.
  const other = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
  if (other) {
    const viaOther = await request('GET', '/api/health', { host: other, headers: { 'x-forwarded-for': '203.0.113.9' } });
    await sleep(200);
    const seenOther = serverLogs().find((line) => line.reqId === viaOther.headers['x-request-id'] && line.req)?.req.remoteAddress;
    assert.equal(seenOther, other);
  }
});

let cookie;
await check('sign-in through the proxy sets a Secure session cookie', async () => {
  const res = await request('POST', '/api/v1/auth/login', {
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'researcher@example.edu', password: 'deploy-check-pass', role: 'researcher' }),
  });
  assert.equal(res.status, 200, res.text);
  const set = [].concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('gb_session='));
  assert.match(set ?? '', /; Secure/i);
  cookie = set.split(';')[0];
});

function openSocket(headers) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket('wss://127.0.0.1:8443/api/v1/realtime', {
      ca,
      servername: 'grantbridge.test',
      headers: { host: 'grantbridge.test:8443', ...headers },
    });
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode })));
    socket.once('error', reject);
  });
}

await check('the realtime WebSocket upgrades through nginx (wss, 101) and answers a ping with a pong', async () => {
  const socket = await openSocket({ cookie, origin });
  const reply = new Promise((resolve) => socket.on('message', (data) => resolve(JSON.parse(String(data)))));
  socket.send(JSON.stringify({ type: 'ping' }));
  assert.deepEqual(await reply, { type: 'pong', data: {} });
  socket.close();
});

await check('sockets open on both instances; one without a session, or from another site, is refused', async () => {
  const sockets = await Promise.all(Array.from({ length: 6 }, () => openSocket({ cookie, origin })));
  // nginx logs an upgraded connection when it closes.
  await Promise.all(sockets.map((socket) => new Promise((resolve) => { socket.once('close', resolve); socket.close(); })));
  await sleep(300);
  const upgrades = accessLog().split('\n').filter((line) => line.includes('/api/v1/realtime') && line.includes('" 101 '));
  const upstreams = new Set(upgrades.map((line) => line.match(/upstream=(\S+)/)?.[1]));
  assert.ok(upstreams.has('127.0.0.1:3101') && upstreams.has('127.0.0.1:3102'), [...upstreams].join(' '));
  await assert.rejects(openSocket({ origin }), (err) => err.status === 401);
  await assert.rejects(openSocket({ cookie, origin: 'https://elsewhere.example' }), (err) => err.status === 403);
});

await check('a signed-in API call goes through (GET /api/v1/auth/me)', async () => {
  const res = await request('GET', '/api/v1/auth/me', { headers: { cookie } });
  assert.equal(res.status, 200, res.text);
});

await check('/metrics is not served through the proxy; each instance serves it to Prometheus with the bearer token', async () => {
  assert.equal((await request('GET', '/metrics')).status, 404);
  for (const port of [3101, 3102]) {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    assert.equal(res.status, 200);
    assert.match(await res.text(), /^# HELP /m);
    assert.equal((await fetch(`http://127.0.0.1:${port}/metrics`)).status, 401);
  }
});

await check('an instance stopping (SIGTERM, drain) loses no request: nginx sends them to the other', async () => {
  process.kill(firstPid, 'SIGTERM');
  const statuses = [];
  const until = Date.now() + 8000;
  while (Date.now() < until) {
    statuses.push((await request('GET', '/api/v1/grants/search?q=water', { headers: { cookie } })).status);
    await sleep(100);
  }
  assert.ok(statuses.length > 20);
  assert.deepEqual([...new Set(statuses)], [200]);
});

console.log(`${passed} passed, 0 failed`);
