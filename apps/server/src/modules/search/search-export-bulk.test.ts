// The search export at its cap (issue 29 §4): 10,050 matching grants give
// 10,000 rows and a last row that says the list was cut, in CSV and Excel,
// and the heap does not grow with the rows. Each grant carries a 3 KB
// description that the search results hold: an export keeping every result
// (10,000 × 3 KB) would grow the heap by 30 MB or more; one batch at a time
// stays well under the bound below (heap read after a full collection).
import v8 from 'node:v8';
import vm from 'node:vm';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCutNote, exportRowCap } from '@grantbridge/contract/exports';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makePerson, type TestPerson } from '../../../test/factories';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heapAfterGc = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

const grants = exportRowCap + 50;
/** Far below the 30 MB a held list of results would add. */
const heapBound = 20 * 1024 * 1024;

let t: TestApp;
let ana: TestPerson;

beforeAll(async () => {
  t = await createTestApp();
  ana = await makePerson(t.db, 'Ana Bulk');
  await t.db.execute(sql`
    INSERT INTO grants (source_key, source_id, opportunity_number, title, agency, agency_code, record_kind, status, close_date, award_ceiling, description)
    SELECT 'bulk-' || n, 'bulk-' || n, 'BULK-' || lpad(n::text, 5, '0'), 'Bulk export grant ' || n, 'National Science Foundation', 'NSF',
      'synopsis', 'posted', date '2099-01-01' + (n % 300), n * 10, repeat('Long description words. ', 128) || n
    FROM generate_series(1, ${grants}) AS n`);
}, 180_000);
afterAll(() => t.close());

/** Streams the export, reading the heap every 100 kB; returns the body and the heap's growth after the first batch. */
async function exportStreamed(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: ana.cookie }, payloadAsStream: true });
  expect(res.statusCode).toBe(200);
  const chunks: Buffer[] = [];
  let bytes = 0;
  let baseline: number | null = null;
  let peak = 0;
  let nextSample = 100_000;
  for await (const chunk of res.stream()) {
    chunks.push(chunk as Buffer);
    bytes += (chunk as Buffer).length;
    if (bytes >= nextSample) {
      nextSample += 100_000;
      // What is read so far is held by the test: left out of the reading.
      const used = heapAfterGc() - bytes;
      if (baseline === null) baseline = used;
      peak = Math.max(peak, used);
    }
  }
  return { body: Buffer.concat(chunks), growth: peak - (baseline ?? peak) };
}

describe('the search export at its cap', () => {
  it('writes 10,000 rows as CSV, says it was cut, and holds one batch at a time', async () => {
    const { body, growth } = await exportStreamed('/api/v1/grants/search.csv?q=&sort=due-date-asc');
    const lines = body.toString('utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(1 + exportRowCap + 1);
    expect(lines.at(-1)).toContain(exportCutNote());
    expect(growth).toBeLessThan(heapBound);
  }, 180_000);

  it('writes the same as Excel', async () => {
    const { body, growth } = await exportStreamed('/api/v1/grants/search.xlsx?q=&sort=due-date-asc');
    expect(growth).toBeLessThan(heapBound);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(1 + exportRowCap + 1);
    expect(sheet.getRow(exportRowCap + 2).getCell(1).value).toBe(exportCutNote());
    expect(sheet.getRow(2).getCell(8).value).toBeTypeOf('number');
  }, 180_000);
});
