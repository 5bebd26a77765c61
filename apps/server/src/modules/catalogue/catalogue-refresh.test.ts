// The daily refresh against a real HTTP server started here (node:http):
// a whole extract is imported through the importer and kept as the last good
// file; a truncated zip is refused (catalogue and last good file unchanged,
// the error recorded); a 404 falls back to the day before or is recorded; a
// server that goes quiet is given up on, tried again, and recorded, without
// hanging. Then GET /admin/catalogue and who may read it.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makePerson, type TestPerson } from '../../../test/factories';
import { base, extract, record, storedZip } from '../grants/import/test-extracts';
import { lastGoodExtractPath, refreshCatalogue, type RefreshOptions } from './catalogue.service';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const served = new Map<string, Handler>();
let server: http.Server;
let origin: string;
let t: TestApp;

// 27 November 2026, 15:00 UTC: the extract's day in US Eastern time is the 27th.
const now = () => new Date('2026-11-27T15:00:00Z');
const today = '/extracts/GrantsDBExtract20261127v2.zip';
const yesterday = '/extracts/GrantsDBExtract20261126v2.zip';
const template = () => `${origin}/extracts/GrantsDBExtract{YYYYMMDD}v2.zip`;

const future = { PostDate: '01152026', CloseDate: '09302099', LastUpdatedDate: '01152026' };
const zipOf = (...ids: [string, string?][]) =>
  storedZip(
    [['GrantsDBExtract20261127v2.xml', extract(...ids.map(([id, title]) => record(base(id, { ...future, ...(title ? { OpportunityTitle: title } : {}) }))))]],
    { deflate: true },
  );

function serve(urlPath: string, body: Buffer) {
  served.set(urlPath, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/zip', 'content-length': body.length });
    res.end(body);
  });
}

function refresh(options: Partial<RefreshOptions> = {}) {
  return refreshCatalogue({ db: t.db, dataDir: t.dataDir, url: template(), trigger: 'command', now, attempts: 2, retryDelaysMs: [20], idleTimeoutMs: 300, ...options });
}

const gbCount = async () => (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM grants WHERE source_id LIKE '9700%'`))[0]!.n;
const lastRun = async () =>
  (await queryRows<{ status: string; file_name: string | null; read: number; inserted: number; error: string | null; duration_ms: number }>(
    t.db,
    sql`SELECT status, file_name, read, inserted, error, duration_ms FROM catalogue_refreshes ORDER BY started_at DESC LIMIT 1`,
  ))[0]!;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    served.get('*')?.(req, res);
    const handler = served.get(new URL(req.url!, 'http://x').pathname);
    if (handler) return handler(req, res);
    res.writeHead(404, { 'content-type': 'application/xml' });
    res.end('<Error><Code>NoSuchKey</Code></Error>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ GRANTS_GOV_EXTRACT_URL: `${origin}/extracts/GrantsDBExtract{YYYYMMDD}v2.zip`, CATALOGUE_REFRESH_AT: '06:00' });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});
beforeEach(() => served.clear());

describe('refreshing the catalogue', () => {
  it('imports today’s extract through the importer, keeps it as the last good file and records the run', async () => {
    const zip = zipOf(['970001'], ['970002']);
    serve(today, zip);
    let changed = 0;
    const result = await refresh({ onCatalogueChanged: async () => void (changed += 1) });
    expect(result).toMatchObject({ status: 'ok', fileName: 'GrantsDBExtract20261127v2.zip', error: null, counts: { read: 2, inserted: 2, updated: 0, unchanged: 0, rejected: 0 } });
    expect(changed, 'the alerts follow an import that changed grants').toBe(1);
    expect(await gbCount()).toBe(2);
    expect(fs.readFileSync(lastGoodExtractPath(t.dataDir)).equals(zip)).toBe(true);
    expect(await lastRun()).toMatchObject({ status: 'ok', file_name: 'GrantsDBExtract20261127v2.zip', read: 2, inserted: 2, error: null });
    expect(fs.readdirSync(path.dirname(lastGoodExtractPath(t.dataDir)))).toEqual(['last-good.zip']);

    // The same file again changes nothing, and so tells no one.
    const again = await refresh({ onCatalogueChanged: async () => void (changed += 1) });
    expect(again.counts).toMatchObject({ read: 2, inserted: 0, unchanged: 2 });
    expect(changed).toBe(1);
  });

  it('refuses a truncated zip: the catalogue and the last good file stay as they were, and the error is recorded', async () => {
    const good = fs.readFileSync(lastGoodExtractPath(t.dataDir));
    const zip = zipOf(['970001', 'Renamed by a broken file'], ['970003']);
    serve(today, zip.subarray(0, Math.floor(zip.length * 0.6)));
    const result = await refresh();
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(/GrantsDBExtract20261127v2\.zip is refused: the zip archive is cut short or corrupt/);
    expect(await gbCount()).toBe(2);
    expect((await queryRows<{ title: string }>(t.db, sql`SELECT title FROM grants WHERE source_id = '970001'`))[0]!.title).not.toMatch(/broken/);
    expect(fs.readFileSync(lastGoodExtractPath(t.dataDir)).equals(good)).toBe(true);
    expect(await lastRun()).toMatchObject({ status: 'failed', error: expect.stringMatching(/after 2 attempts/) });
    expect(fs.readdirSync(path.dirname(lastGoodExtractPath(t.dataDir))), 'no partial download is left').toEqual(['last-good.zip']);
  });

  it('takes yesterday’s extract when today’s is not published yet (404)', async () => {
    serve(yesterday, zipOf(['970001', 'Watershed restoration, amended'], ['970002']));
    const result = await refresh();
    expect(result).toMatchObject({ status: 'ok', fileName: 'GrantsDBExtract20261126v2.zip', counts: { read: 2, updated: 1, unchanged: 1 } });
  });

  it('records a failure when neither today’s nor yesterday’s extract is there', async () => {
    let requests = 0;
    served.set('*', () => void (requests += 1));
    const result = await refresh({ attempts: 3 });
    expect(result.status).toBe('failed');
    expect(result.error).toBe('not published yet: GrantsDBExtract20261127v2.zip (404), GrantsDBExtract20261126v2.zip (404)');
    expect(requests, 'a definite 404 is not asked again within the run').toBe(2);
    expect(await lastRun()).toMatchObject({ status: 'failed', file_name: 'GrantsDBExtract20261126v2.zip' });
    expect(await gbCount()).toBe(2);
  });

  it('gives up on a server that goes quiet, tries again after a pause, and records the failure without hanging', async () => {
    let requests = 0;
    served.set(today, (_req, res) => {
      requests += 1;
      // Headers and a first few bytes, then nothing.
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': 1_000_000 });
      res.write(Buffer.alloc(100));
    });
    const started = Date.now();
    const result = await refresh({ attempts: 3, retryDelaysMs: [20, 40] });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(requests).toBe(3);
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(/after 3 attempts: no data from .*GrantsDBExtract20261127v2\.zip for 0 s/);
    expect(await lastRun()).toMatchObject({ status: 'failed', file_name: 'GrantsDBExtract20261127v2.zip' });
    expect(await gbCount()).toBe(2);
  });

  it('reads a plain address without a date', async () => {
    serve('/latest.zip', zipOf(['970004']));
    const result = await refresh({ url: `${origin}/latest.zip` });
    expect(result).toMatchObject({ status: 'ok', fileName: 'latest.zip', counts: { inserted: 1 } });
  });
});

describe('GET /admin/catalogue', () => {
  let admin: TestPerson & { domain: string };
  let researcher: TestPerson;
  let otherAdmin: TestPerson;
  beforeAll(async () => {
    admin = await makePerson(t.db, 'Ada Office', 'admin');
    researcher = await makePerson(t.db, 'Ana Biology', 'researcher', admin.domain);
    otherAdmin = await makePerson(t.db, 'Oz Elsewhere', 'admin');
  });
  const get = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/v1/admin/catalogue', headers: cookie ? { cookie } : {} });

  it('says when it last refreshed, what it read, when it runs next and the catalogue by status', async () => {
    serve(today, zipOf(['970005']));
    await refresh();
    const res = await get(admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.scheduled).toBe(true);
    expect(body.lastRefresh).toMatchObject({ status: 'ok', file: 'GrantsDBExtract20261127v2.zip', read: 1, inserted: 1, error: null });
    expect(body.lastRefresh.durationMs).toBeGreaterThanOrEqual(0);
    expect(body.lastSuccess).toEqual(body.lastRefresh);
    expect(body.lastError).toBeNull();
    // 06:00 in the server's zone, within the next day.
    const next = new Date(body.nextRunAt).getTime();
    expect(next).toBeGreaterThan(Date.now());
    expect(next - Date.now()).toBeLessThanOrEqual(25 * 3600_000);
    const total = (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM grants`))[0]!.n;
    expect(body.records.total).toBe(total);
    expect(body.records.posted + body.records.forecasted + body.records.closed + body.records.archived).toBe(total);
    expect(body.records.posted, '970001, 970002, 970004 and 970005').toBeGreaterThanOrEqual(4);
  });

  it('shows the last error until a refresh succeeds again', async () => {
    const failed = await refresh();
    expect(failed.status).toBe('failed');
    const body = (await get(admin.cookie)).json();
    expect(body.lastRefresh.status).toBe('failed');
    expect(body.lastSuccess.status).toBe('ok');
    expect(body.lastError).toEqual({ at: expect.any(String), message: failed.error });
  });

  it('answers administrators of any institution (the catalogue is shared), refuses researchers and the signed out', async () => {
    const table: [string, string | undefined, number][] = [
      ['signed out', undefined, 401],
      ['a researcher', researcher.cookie, 403],
      ['the institution’s admin', admin.cookie, 200],
      ['another institution’s admin', otherAdmin.cookie, 200],
    ];
    for (const [who, cookie, status] of table) expect((await get(cookie)).statusCode, who).toBe(status);
    expect((await get(otherAdmin.cookie)).json()).toEqual((await get(admin.cookie)).json());
  });
});

describe('GET /admin/catalogue on a server that does not refresh', () => {
  it('says no run is scheduled', async () => {
    const plain = await createTestApp();
    try {
      const admin = await makePerson(plain.db, 'Ada Office', 'admin');
      const body = (await plain.app.inject({ method: 'GET', url: '/api/v1/admin/catalogue', headers: { cookie: admin.cookie } })).json();
      expect(body).toMatchObject({ scheduled: false, nextRunAt: null, lastRefresh: null, lastSuccess: null, lastError: null });
    } finally {
      await plain.close();
    }
  });
});
