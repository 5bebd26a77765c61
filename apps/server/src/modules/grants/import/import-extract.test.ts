import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/test-app';
import type { Database, Db } from '../../../db/client';
import { readGrantsExtract } from './extract-files';
import { grantEmbedding } from '../grant-embedding';
import { ExtractError } from './extract-parser';
import { GrantImportError, importGrantsExtract, type Rejection } from './import-extract';
import { base, extract, ns, record, storedZip } from './test-extracts';
import { countGrants, grantByKey, grantIndexes, rows, vectorMismatches } from './test-extracts.repository';
import { deferSearchIndexes } from './search-indexes.repository';
import { getMeta } from '../../../db/meta';

const fixtures = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../../test/fixtures');
const today = '2026-06-15';

let dir: string;
function file(name: string, content: string | Buffer) {
  const full = path.join(dir, name);
  fs.writeFileSync(full, content);
  return full;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-grants-import-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('importing extracts into the database', () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
  });
  afterAll(() => database.close());

  it('imports both formats, and a second import changes nothing', async () => {
    const v2 = path.join(fixtures, 'grants-extract-v2-example.xml');
    const v1 = path.join(fixtures, 'grants-extract-v1-sample.xml');
    expect(await importGrantsExtract(db, v2, { today })).toEqual({ read: 1, inserted: 1, updated: 0, unchanged: 0, rejected: 0 });
    const first = await importGrantsExtract(db, v1, { today });
    expect(first).toEqual({ read: 19, inserted: 19, updated: 0, unchanged: 0, rejected: 0 });
    const before = await rows(db, sql`select id, updated_at, search_vector::text from grants order by id`);

    expect(await importGrantsExtract(db, v2, { today })).toEqual({ read: 1, inserted: 0, updated: 0, unchanged: 1, rejected: 0 });
    expect(await importGrantsExtract(db, v1, { today })).toEqual({ read: 19, inserted: 0, updated: 0, unchanged: 19, rejected: 0 });
    expect(await rows(db, sql`select id, updated_at, search_vector::text from grants order by id`)).toEqual(before);

    const cesu = await grantByKey(db, '131073');
    expect(cesu).toMatchObject({
      source_id: '131073',
      opportunity_number: 'G12AS20003',
      status: 'archived',
      record_kind: 'synopsis',
      program_title: 'U.S. Geological Survey Research and Data Collection',
    });
    expect(String(cesu!.objectives)).toContain('USGS');
    expect(cesu!.research_areas).toContain('Ecosystem Ecology');
    expect(String(cesu!.search_vector)).toContain('ecosystem');
  });

  it('updates on a newer LastUpdatedDate or version, and ignores an older one', async () => {
    const key = '900001';
    const f1 = file('a.xml', extract(record(base(key))));
    expect((await importGrantsExtract(db, f1, { today })).inserted).toBe(1);

    const newer = file('b.xml', extract(record(base(key, { LastUpdatedDate: '02012026', AwardCeiling: '300000', Version: 'Synopsis 2' }))));
    expect(await importGrantsExtract(db, newer, { today })).toMatchObject({ updated: 1, unchanged: 0 });
    expect(await grantByKey(db, key)).toMatchObject({ award_ceiling: 300000, version: 2, last_updated: expect.anything() });

    const older = file('c.xml', extract(record(base(key, { LastUpdatedDate: '01202026', AwardCeiling: '1' }))));
    expect(await importGrantsExtract(db, older, { today })).toMatchObject({ updated: 0, unchanged: 1 });
    expect((await grantByKey(db, key))!.award_ceiling).toBe(300000);

    const sameDayHigherVersion = file('d.xml', extract(record(base(key, { LastUpdatedDate: '02012026', Version: 'Synopsis 3', CloseDate: '10312026' }))));
    expect(await importGrantsExtract(db, sameDayHigherVersion, { today })).toMatchObject({ updated: 1 });
  });

  it('lets a synopsis supersede the forecast, never the reverse', async () => {
    const key = '900002';
    const forecast = record(
      base(key, { CloseDate: undefined, EstimatedSynopsisCloseDate: '12012026', EstimatedAwardDate: '03012027', Version: 'Forecast 1' }),
      'forecast',
    );
    expect((await importGrantsExtract(db, file('f.xml', extract(forecast)), { today })).inserted).toBe(1);
    expect(await grantByKey(db, key)).toMatchObject({ record_kind: 'forecast', status: 'forecasted' });

    const synopsis = record(base(key, { LastUpdatedDate: '01012026', AwardCeiling: '400000' }));
    expect(await importGrantsExtract(db, file('s.xml', extract(synopsis)), { today })).toMatchObject({ updated: 1 });
    expect(await grantByKey(db, key)).toMatchObject({ record_kind: 'synopsis', status: 'posted', award_ceiling: 400000 });

    const laterForecast = record(base(key, { LastUpdatedDate: '05012026', AwardCeiling: '1', Version: 'Forecast 9' }), 'forecast');
    expect(await importGrantsExtract(db, file('f2.xml', extract(laterForecast)), { today })).toMatchObject({ updated: 0, unchanged: 1 });
    expect(await grantByKey(db, key)).toMatchObject({ record_kind: 'synopsis', award_ceiling: 400000 });

    // Both in one file, forecast after synopsis: the synopsis still wins.
    const both = extract(record(base('900003')), record(base('900003', { LastUpdatedDate: '06012026' }), 'forecast'));
    expect(await importGrantsExtract(db, file('both.xml', both), { today })).toMatchObject({ read: 2, inserted: 1, unchanged: 1 });
    expect(await grantByKey(db, '900003')).toMatchObject({ record_kind: 'synopsis' });
  });

  it('keys a record without an id by its number, and an id arriving later takes the row over', async () => {
    const noId = record(base('x', { OpportunityID: undefined, OpportunityNumber: 'NOID-1' }));
    expect((await importGrantsExtract(db, file('n1.xml', extract(noId)), { today })).inserted).toBe(1);
    expect(await grantByKey(db, 'number:NOID-1')).toBeDefined();
    const withId = record(base('900010', { OpportunityNumber: 'NOID-1', LastUpdatedDate: '03012026' }));
    expect(await importGrantsExtract(db, file('n2.xml', extract(withId)), { today })).toMatchObject({ inserted: 0, updated: 1 });
    expect(await grantByKey(db, 'number:NOID-1')).toBeUndefined();
    expect(await grantByKey(db, '900010')).toMatchObject({ opportunity_number: 'NOID-1', source_id: '900010' });
  });

  it('rejects malformed records with their id and reason and imports the rest', async () => {
    const rejected: Rejection[] = [];
    const content = extract(
      record(base('900020')),
      record(base('', { OpportunityID: undefined, OpportunityNumber: undefined })),
      record(base('900021', { CloseDate: '02302026' })),
      record(base('900022', { AwardCeiling: '-100' })),
      record(base('900023', { AwardFloor: 'ten thousand' })),
      record(base('900024', { PostDate: '2026-01-15' })),
      record(base('900025')),
    );
    const summary = await importGrantsExtract(db, file('bad.xml', content), { today, onRejected: (r) => rejected.push(r) });
    expect(summary).toEqual({ read: 7, inserted: 2, updated: 0, unchanged: 0, rejected: 5 });
    expect(rejected).toEqual([
      { id: 'record #2', reason: 'missing both OpportunityID and OpportunityNumber' },
      { id: '900021', reason: 'CloseDate is not a valid MMDDYYYY date: "02302026"' },
      { id: '900022', reason: 'AwardCeiling is not a non-negative amount: "-100"' },
      { id: '900023', reason: 'AwardFloor is not a non-negative amount: "ten thousand"' },
      { id: '900024', reason: 'PostDate is not a valid MMDDYYYY date: "2026-01-15"' },
    ]);
    expect(await grantByKey(db, '900025')).toBeDefined();
    expect(await grantByKey(db, '900021')).toBeUndefined();
  });

  it('lets events in while it parses records it already holds (decision 067)', async () => {
    // 80 records in one piece of input, none of which reaches the database:
    // without a turn of the event loop every few records, all 80 would be
    // parsed before any event (a database's answer) could be handled.
    const content = extract(...Array.from({ length: 80 }, (_, i) => record(base(String(941000 + i), { CloseDate: '13452026' }))));
    let turns = 0;
    let counting = true;
    const tick = () => {
      turns += 1;
      if (counting) setImmediate(tick);
    };
    const seenAt: number[] = [];
    setImmediate(tick);
    const summary = await importGrantsExtract(
      db,
      (async function* () {
        yield content;
      })(),
      { today, onRejected: () => seenAt.push(turns) },
    );
    counting = false;
    expect(summary).toMatchObject({ read: 80, inserted: 0, rejected: 80 });
    expect(seenAt[seenAt.length - 1]! - seenAt[0]!).toBeGreaterThanOrEqual(80 / 8 - 1);
  });

  it('stops on a truncated file with a clear error, keeping every whole record before the cut', async () => {
    const full = extract(...['900031', '900032', '900033', '900034', '900035'].map((id) => record(base(id))));
    const cut = full.slice(0, full.indexOf('900035') + 20);
    const before = await countGrants(db);
    const err = await importGrantsExtract(db, file('cut.xml', cut), { today, batchSize: 3 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GrantImportError);
    const message = (err as GrantImportError).message;
    expect(message).toMatch(/not a complete, well-formed Grants\.gov XML extract \(unclosed tag: .* at line \d+, column \d+\)/);
    expect(message).toMatch(/stopped after reading 4 records/);
    expect(message).toMatch(/Everything read before that point is committed \(inserted 4, updated 0, unchanged 0, rejected 0\)/);
    // The fourth record came after the last full batch; it is written all the same.
    expect((err as GrantImportError).summary).toEqual({ read: 4, inserted: 4, updated: 0, unchanged: 0, rejected: 0 });
    expect(await countGrants(db)).toBe(before + 4);

    // Cut again, a second time: the same records, now unchanged.
    const again = await importGrantsExtract(db, file('cut.xml', cut), { today }).catch((e: unknown) => e);
    expect((again as GrantImportError).summary).toEqual({ read: 4, inserted: 0, updated: 0, unchanged: 4, rejected: 0 });
  });

  it('takes nothing from after a point where the file is not well-formed', async () => {
    const broken = record(base('900132')).replace('</OpportunityTitle>', '</OpportunityTitel>');
    const content = extract(record(base('900131')), broken, record(base('900133')), record(base('900134')));
    const err = await importGrantsExtract(db, file('broken.xml', content), { today }).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/\(unexpected close tag at line 4, column \d+\); stopped after reading 1 record\./);
    expect((err as GrantImportError).summary).toEqual({ read: 1, inserted: 1, updated: 0, unchanged: 0, rejected: 0 });
    expect(await grantByKey(db, '900131')).toBeDefined();
    for (const key of ['900132', '900133', '900134']) expect(await grantByKey(db, key)).toBeUndefined();
  });

  it('stops on a file that is not XML, changing nothing', async () => {
    const before = await countGrants(db);
    const cases: [string, RegExp][] = [
      ['{"grants": []}', /^The file is not XML \(it starts with "\{\\"grants\\": \[\]\}"\)/],
      ['OpportunityID,Title\n1,Two\n', /^The file is not XML \(it starts with "OpportunityID,Title 1,Two"\)/],
      ['\u0000\u0001binary', /^The file is not XML \(it starts with binary data\)/],
      ['', /^The file is empty/],
      [' \r\n\t', /^The file is empty/],
      ['<!DOCTYPE html>\n<html><body><p>Service unavailable<br></p></body></html>', /^The file is an HTML page, not a Grants\.gov XML extract \(<html> at line 2/],
      ['<?xml version="1.0" encoding="EBCDIC-CP-US"?><Grants/>', /^The file declares the character encoding "ebcdic-cp-us", which the importer cannot read/],
    ];
    for (const [content, message] of cases) {
      const err = await importGrantsExtract(db, file('not.xml', content), { today }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GrantImportError);
      expect((err as Error).message).toMatch(message);
      expect((err as Error).message).toMatch(/stopped after reading 0 records\. Nothing was imported\.$/);
    }
    const other = await importGrantsExtract(db, file('other.xml', '<rss><channel/></rss>'), { today }).catch((e: unknown) => e);
    expect((other as Error).message).toMatch(/root element is <rss>/);
    const missing = await importGrantsExtract(db, path.join(dir, 'nope.xml'), { today }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(GrantImportError);
    expect((missing as Error).message).toMatch(/Cannot open .*nope\.xml: no such file/);
    await expect(readGrantsExtract(path.join(dir, 'nope.xml')).next()).rejects.toBeInstanceOf(ExtractError);
    expect(await countGrants(db)).toBe(before);
  });

  it('never expands entities declared in a DOCTYPE', async () => {
    const secret = file('secret.txt', 'TOP-SECRET-CONTENT');
    const hostile = `<?xml version="1.0"?>
<!DOCTYPE Grants [
  <!ENTITY xxe SYSTEM "file://${secret}">
  <!ENTITY lol "lollollollollollollollollol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
]>
<Grants xmlns="${ns}">${record(base('900040', { Description: 'Start &xxe; &lol2; end' }))}</Grants>`;
    const summary = await importGrantsExtract(db, file('xxe.xml', hostile), { today });
    expect(summary).toMatchObject({ read: 1, inserted: 1, rejected: 0 });
    const row = await grantByKey(db, '900040');
    expect(row!.description).toBe('Start &xxe; &lol2; end');
    expect(String(row!.description)).not.toContain('TOP-SECRET');
    expect(String(row!.description)).not.toContain('lollol');
  });

  it('reads .xml.gz and .zip extracts', async () => {
    const content = extract(record(base('900050')), record(base('900051')));
    const gz = file('extract.xml.gz', zlib.gzipSync(content));
    expect(await importGrantsExtract(db, gz, { today })).toMatchObject({ read: 2, inserted: 2 });
    const zip = file('GrantsDBExtract20260615v2.zip', storedZip([['readme.txt', 'hello'], ['GrantsDBExtract20260615v2.xml', extract(record(base('900052')))]]));
    expect(await importGrantsExtract(db, zip, { today })).toMatchObject({ read: 1, inserted: 1 });
    const empty = file('empty.zip', storedZip([['readme.txt', 'hello']]));
    await expect(importGrantsExtract(db, empty, { today })).rejects.toThrow(/holds no \.xml file/);
  });

  it('stores the same search vectors as tokenising the whole text, with the program text prepared once', async () => {
    const dataDir = path.join(dir, 'listings');
    fs.mkdirSync(path.join(dataDir, 'grants'), { recursive: true });
    const listings = [
      { number: '99.001', title: 'The Research of the', objective: 'of the Community-Based watershed work, and the of', agency: null },
      { number: '99.002', title: 'Fisheries', objective: null, agency: null },
      // The first word with a lexeme ends in a stop word, so the tail starts one position later.
      { number: '99.003', title: 'Well-the watershed', objective: 'Monitoring streams', agency: null },
      // With the description's, some lexemes reach tsvector's 255 positions.
      { number: '99.004', title: 'Cats', objective: `${'cat '.repeat(200)}and dogs`, agency: null },
      { number: '99.005', title: 'the of and', objective: 'a an the', agency: null },
    ];
    fs.writeFileSync(path.join(dataDir, 'grants', 'assistance-listings.json'), JSON.stringify(listings));
    const long = 'Stream restoration, monitoring and outreach in forested watersheds. '.repeat(12);
    const content = extract(
      record(base('900070', { CFDANumbers: '99.001', Description: 'Restoration of the' })),
      record(base('900071', { CFDANumbers: '99.001', Description: undefined })),
      record(base('900072', { CFDANumbers: '99.001', Description: long })),
      record(base('900073', { CFDANumbers: '99.002', Description: 'Fish passage and the' })),
      record(base('900074', { CFDANumbers: '99.003', Description: 'Streams' })),
      record(base('900075', { CFDANumbers: '99.004', Description: 'cat '.repeat(100) })),
      record(base('900076', { CFDANumbers: '99.004', Description: `${long} cat` })),
      record(base('900077', { CFDANumbers: '99.005', Description: 'Watersheds' })),
      record(base('900078', { CFDANumbers: '00.000', Description: 'No listing' })),
    );
    expect(await importGrantsExtract(db, file('vectors.xml', content), { today, dataDir })).toMatchObject({ inserted: 9 });
    const [cached] = await rows<{ n: number }>(db, sql`select count(*)::int as n from grant_program_vectors where program_text like 'The Research of the %'`);
    expect(cached!.n).toBe(1);
    expect(await vectorMismatches(db)).toEqual([]);

    // A program text the importer did not prepare is tokenised by the trigger itself.
    await db.execute(sql`update grants set objectives = 'Unprepared text about the watershed' where source_key = '900070'`);
    expect(await vectorMismatches(db)).toEqual([]);
    expect(String((await grantByKey(db, '900070'))!.search_vector)).toContain("'unprepar'");
  });

  it('gives research areas and status from the dates', async () => {
    const content = extract(
      record(base('900060', { OpportunityTitle: 'Machine learning for cancer imaging', Description: 'Deep learning for tumor detection.', CategoryOfFundingActivity: 'HL', CFDANumbers: '93.393' })),
      record(base('900061', { CloseDate: '06142026', ArchiveDate: '07142026' })),
    );
    await importGrantsExtract(db, file('areas.xml', content), { today });
    const ml = await grantByKey(db, '900060');
    expect(ml!.research_areas).toEqual(expect.arrayContaining(['Machine Learning', 'Cancer Research']));
    expect(ml!.status).toBe('posted');
    expect((await grantByKey(db, '900061'))!.status).toBe('closed');
    // And the word-embedding vector of its text, for search.
    const embedding = grantEmbedding({ title: ml!.title as string, researchAreas: ml!.research_areas as string[], description: ml!.description as string, programTitle: ml!.program_title as string | null });
    expect(embedding).not.toBeNull();
    expect(Buffer.from(ml!.embedding as Uint8Array)).toEqual(embedding);
  });

  it('reads the variations real extracts carry: a namespace prefix, BOM, CRLF, CDATA, entities, empty elements, formatted amounts, repeated codes, unknown elements', async () => {
    const el = (name: string, value?: string) => (value === undefined ? `<ns0:${name}/>` : `<ns0:${name}>${value}</ns0:${name}>`);
    const body = [
      el('OpportunityID', '910001'),
      el('OpportunityTitle', 'Blue carbon &amp;amp; tidal\r\n    wetlands'),
      el('OpportunityNumber', ' VAR-910001 '),
      el('CFDANumbers', '00.000') + el('CFDANumbers', '15.808') + el('CFDANumbers', '15.808'),
      el('EligibleApplicants', '06') + el('EligibleApplicants', '20') + el('EligibleApplicants', '06'),
      el('CategoryOfFundingActivity', 'ST'),
      el('AgencyCode', 'DOI-USGS1') + el('AgencyName', 'Geological Survey'),
      el('PostDate', '01152026') + el('CloseDate', '09302026') + el('LastUpdatedDate', '01152026'),
      el('AwardCeiling', '1,500,000.00') + el('AwardFloor') + el('EstimatedTotalProgramFunding', '') + el('ExpectedNumberOfAwards', 'none'),
      el('Description', '<![CDATA[<p>Sediment &amp; <b>carbon</b> burial: the agency&rsquo;s cores of &lt; 5 cm.</p><ul><li>Salt marsh</li></ul>]]>'),
      el('AdditionalInformationOnEligibility', 'Caf&#233; &#x2014; &amp;lt;i&amp;gt;partners&amp;lt;/i&amp;gt; with budgets &lt; 5 years &gt; 3, cr&egrave;che'),
      el('SomethingNew', '<ns0:Nested attr="x">kept out</ns0:Nested>'),
      el('Version', 'Synopsis 1'),
    ];
    const content =
      `\ufeff<?xml version="1.0" encoding="UTF-8"?>\r\n<ns0:Grants xmlns:ns0="${ns}">\r\n` +
      `<ns0:OpportunitySynopsisDetail_1_0>\r\n${body.join('\r\n')}\r\n</ns0:OpportunitySynopsisDetail_1_0>\r\n</ns0:Grants>\r\n`;
    const variations = file('variations.xml', Buffer.from(content, 'utf8'));
    expect(await importGrantsExtract(db, variations, { today })).toEqual({ read: 1, inserted: 1, updated: 0, unchanged: 0, rejected: 0 });
    expect(await grantByKey(db, '910001')).toMatchObject({
      opportunity_number: 'VAR-910001',
      title: 'Blue carbon & tidal wetlands',
      cfda_numbers: ['00.000', '15.808'],
      program_title: 'U.S. Geological Survey Research and Data Collection',
      eligibility_codes: ['06', '20'],
      award_ceiling: 1_500_000,
      award_floor: null,
      total_funding: null,
      expected_awards: null,
      description: 'Sediment & carbon burial: the agency’s cores of < 5 cm.\nSalt marsh',
      eligibility_text: 'Café — partners with budgets < 5 years > 3, crèche',
      status: 'posted',
    });
    expect(await importGrantsExtract(db, variations, { today })).toEqual({ read: 1, inserted: 0, updated: 0, unchanged: 1, rejected: 0 });
  });

  it('imports a file that names an opportunity twice the same way every time: the first of equal versions, or the newer', async () => {
    for (const [prefix, batchSize] of [['9100', 500], ['9101', 1]] as const) {
      const content = extract(
        record(base(`${prefix}11`, { OpportunityTitle: 'Twice, first' })),
        record(base(`${prefix}11`, { OpportunityTitle: 'Twice, second' })),
        record(base(`${prefix}12`, { OpportunityTitle: 'Older' })),
        record(base(`${prefix}12`, { OpportunityTitle: 'Newer', LastUpdatedDate: '02012026', Version: 'Synopsis 2' })),
        record(base(`${prefix}13`)),
        record(base(`${prefix}13`)),
      );
      const twice = file(`twice-${prefix}.xml`, content);
      expect(await importGrantsExtract(db, twice, { today, batchSize })).toEqual({ read: 6, inserted: 3, updated: 1, unchanged: 2, rejected: 0 });
      const stored = await rows(db, sql`select id, updated_at, title from grants where source_key like ${`${prefix}1%`} order by source_key`);
      expect(stored.map((r) => r.title)).toEqual(['Twice, first', 'Newer', `Watershed restoration research ${prefix}13`]);
      expect(await importGrantsExtract(db, twice, { today, batchSize })).toEqual({ read: 6, inserted: 0, updated: 0, unchanged: 6, rejected: 0 });
      expect(await rows(db, sql`select id, updated_at, title from grants where source_key like ${`${prefix}1%`} order by source_key`)).toEqual(stored);
    }
    // A later file with the same version and corrected text still replaces the row: only repeats within one file lose ties.
    const corrected = file('corrected.xml', extract(record(base('910011', { OpportunityTitle: 'Twice, corrected' }))));
    expect(await importGrantsExtract(db, corrected, { today })).toMatchObject({ updated: 1 });
  });

  it('makes one row of a record without an id and one with it, for the same opportunity in one file', async () => {
    const noId = (number: string) => record(base('x', { OpportunityID: undefined, OpportunityNumber: number, OpportunityTitle: 'No id yet' }));
    const numberFirst = file('number-first.xml', extract(noId('MIXED-1'), record(base('910021', { OpportunityNumber: 'MIXED-1', LastUpdatedDate: '02012026' }))));
    expect(await importGrantsExtract(db, numberFirst, { today })).toEqual({ read: 2, inserted: 1, updated: 1, unchanged: 0, rejected: 0 });
    const idFirst = file('id-first.xml', extract(record(base('910022', { OpportunityNumber: 'MIXED-2' })), noId('MIXED-2')));
    expect(await importGrantsExtract(db, idFirst, { today })).toEqual({ read: 2, inserted: 1, updated: 0, unchanged: 1, rejected: 0 });
    const stored = await rows<{ source_key: string; title: string }>(
      db,
      sql`select source_key, title from grants where opportunity_number in ('MIXED-1', 'MIXED-2') order by source_key`,
    );
    expect(stored).toEqual([
      { source_key: '910021', title: 'Watershed restoration research 910021' },
      { source_key: '910022', title: 'Watershed restoration research 910022' },
    ]);
    expect(await importGrantsExtract(db, numberFirst, { today })).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    expect(await importGrantsExtract(db, idFirst, { today })).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
  });

  it('rejects a record the database refuses (a search text over its limit) with the reason, and writes the rest of its batch', async () => {
    const words = Array.from({ length: 150_000 }, (_, i) => `w${i.toString(36)}q`).join(' ');
    const rejected: Rejection[] = [];
    const content = extract(record(base('910031')), record(base('910032', { Description: words })), record(base('910033')));
    const summary = await importGrantsExtract(db, file('too-many-words.xml', content), { today, onRejected: (r) => rejected.push(r) });
    expect(summary).toEqual({ read: 3, inserted: 2, updated: 0, unchanged: 0, rejected: 1 });
    expect(rejected).toEqual([{ id: '910032', reason: expect.stringMatching(/^the database refused it: string is too long for tsvector/) }]);
    expect(await grantByKey(db, '910031')).toBeDefined();
    expect(await grantByKey(db, '910033')).toBeDefined();
  }, 60_000);

  it('stops when the database fails, saying what was committed, without the batch in the message', async () => {
    let transactions = 0;
    const failing = new Proxy(db, {
      get(target, property, receiver) {
        if (property === 'transaction' && ++transactions > 1) {
          return async () => {
            throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const content = extract(record(base('910081')), record(base('910082')), record(base('910083')));
    const err = await importGrantsExtract(failing, file('db-fails.xml', content), { today, batchSize: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GrantImportError);
    expect((err as Error).message).toMatch(
      /^The database failed after \d records were read \(terminating connection due to administrator command\)\. Committed before it, in whole batches: inserted 1, updated 0, unchanged 0, rejected 0;/,
    );
    expect((err as GrantImportError).summary).toMatchObject({ inserted: 1 });
    expect(await grantByKey(db, '910081')).toBeDefined();
    expect(await grantByKey(db, '910082')).toBeUndefined();
  });

  it('rejects a record whose number, agency or title is too long to store', async () => {
    const rejected: Rejection[] = [];
    const content = extract(
      record(base('910041', { OpportunityNumber: 'N'.repeat(300) })),
      record(base('910042', { AgencyCode: 'A'.repeat(300) })),
      record(base('910043', { AgencyName: 'Agency '.repeat(100) })),
      record(base('910044', { OpportunityTitle: 'Title '.repeat(400) })),
      record(base('x', { OpportunityID: undefined, OpportunityNumber: `M${'m'.repeat(299)}` })),
      record(base('910046')),
    );
    const summary = await importGrantsExtract(db, file('long.xml', content), { today, onRejected: (r) => rejected.push(r) });
    expect(summary).toEqual({ read: 6, inserted: 1, updated: 0, unchanged: 0, rejected: 5 });
    expect(rejected.map((r) => r.reason)).toEqual([
      'the opportunity number is longer than 255 characters',
      'the agency code is longer than 255 characters',
      'the agency name is longer than 500 characters',
      'the title is longer than 2000 characters',
      'the opportunity number is longer than 255 characters',
    ]);
    expect(rejected[4]!.id).toHaveLength(100);
  });

  it('drops characters XML and the database cannot hold, and goes on', async () => {
    const content = extract(
      record(base('910051', { Description: 'vertical\u000btab, nul\u0000, bell\u0007 and &#0; end', OpportunityTitle: 'Control\u0001 title' })),
      record(base('910052')),
    );
    expect(await importGrantsExtract(db, file('controls.xml', content), { today })).toMatchObject({ read: 2, inserted: 2, rejected: 0 });
    expect(await grantByKey(db, '910051')).toMatchObject({ description: 'vertical tab, nul , bell and end', title: 'Control title' });
  });

  it('reads a file in the encoding its XML declaration names', async () => {
    const latin1 = `<?xml version="1.0" encoding="ISO-8859-1"?>\n<Grants xmlns="${ns}">${record(base('910061', { OpportunityTitle: 'Déchets à Montréal', Description: 'Café ½' }))}</Grants>\n`;
    expect(await importGrantsExtract(db, file('latin1.xml', Buffer.from(latin1, 'latin1')), { today })).toMatchObject({ inserted: 1 });
    expect(await grantByKey(db, '910061')).toMatchObject({ title: 'Déchets à Montréal', description: 'Café ½' });
  });

  it('reads every extract in a zip, skips macOS resource forks, and tells a zip from XML by its content', async () => {
    const appleDouble = '\u0000\u0005\u0016\u0007\u0000\u0002\u0000\u0000Mac OS X        ';
    const several = storedZip([
      ['__MACOSX/._GrantsDBExtract20260101v2.xml', appleDouble],
      ['README.txt', 'hello'],
      ['GrantsDBExtract20260101v2.xml', extract(record(base('910071')))],
      ['GrantsDBExtract20260102v2.xml', extract(record(base('910072')), record(base('910071', { LastUpdatedDate: '03012026' })))],
    ]);
    expect(await importGrantsExtract(db, file('several.zip', several), { today })).toEqual({ read: 3, inserted: 2, updated: 1, unchanged: 0, rejected: 0 });
    expect(await importGrantsExtract(db, file('several.zip', several), { today })).toEqual({ read: 3, inserted: 0, updated: 0, unchanged: 3, rejected: 0 });

    const zipNamedXml = file('named-wrong.xml', storedZip([['x.xml', extract(record(base('910073')))]]));
    expect(await importGrantsExtract(db, zipNamedXml, { today })).toMatchObject({ inserted: 1 });
    const xmlNamedZip = file('named-wrong.zip', extract(record(base('910074'))));
    expect(await importGrantsExtract(db, xmlNamedZip, { today })).toMatchObject({ inserted: 1 });

    const whole = storedZip([['GrantsDBExtract.xml', extract(record(base('910075')), record(base('910076')))]], { deflate: true });
    const cut = await importGrantsExtract(db, file('cut.zip', whole.subarray(0, whole.length - 30)), { today }).catch((e: unknown) => e);
    expect((cut as Error).message).toMatch(/cut\.zip is not a readable zip archive: it is cut short or corrupt \(.*\); stopped after reading 0 records\. Nothing was imported\./);
    const corrupt = Buffer.from(whole);
    for (let i = 60; i < 120; i++) corrupt[i] = corrupt[i]! ^ 0x5a;
    const broken = await importGrantsExtract(db, file('corrupt.zip', corrupt), { today }).catch((e: unknown) => e);
    expect((broken as Error).message).toMatch(
      /Reading GrantsDBExtract\.xml in the zip archive failed \(the compressed data is corrupt or cut short: .*\); stopped after reading 0 records/,
    );
    expect(await grantByKey(db, '910075')).toBeUndefined();
    const none = await importGrantsExtract(db, file('none.zip', storedZip([['notes.txt', 'x'], ['data/', '']])), { today }).catch((e: unknown) => e);
    expect((none as Error).message).toMatch(/none\.zip holds no \.xml file \(it holds notes\.txt\)/);
  });
});

describe('a first load into an empty catalogue (decision 065)', () => {
  let database: Database;
  let db: Db;
  let indexes: string[];
  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    indexes = await grantIndexes(db);
  });
  afterAll(() => database.close());

  it('builds the GIN indexes once at the end, even when the file stops part-way, and only into an empty catalogue', async () => {
    const gin = indexes.filter((d) => d.includes(' USING gin '));
    expect(gin.length).toBeGreaterThanOrEqual(5);

    const full = extract(...['930001', '930002', '930003', '930004'].map((id) => record(base(id))));
    const cut = full.slice(0, full.indexOf('930004') + 20);
    const err = await importGrantsExtract(db, file('first-cut.xml', cut), { today, batchSize: 2, deferSearchIndexes: true }).catch((e: unknown) => e);
    expect((err as GrantImportError).summary).toMatchObject({ read: 3, inserted: 3 });
    expect(await grantIndexes(db)).toEqual(indexes);
    expect(await getMeta(db, 'grants_deferred_indexes')).toBeUndefined();

    // The catalogue now holds grants: nothing is dropped.
    expect(await deferSearchIndexes(db)).toBe(0);
    expect(await grantIndexes(db)).toEqual(indexes);
  });

  it('leaves a note when a first load stops before building them, and the next import builds them from it', async () => {
    await rows(db, sql`delete from grants`);
    expect(await deferSearchIndexes(db)).toBeGreaterThanOrEqual(5);
    expect((await grantIndexes(db)).some((d) => d.includes(' USING gin '))).toBe(false);
    expect(await getMeta(db, 'grants_deferred_indexes')).toBeDefined();
    // The importer dies here. The next import (without deferring) builds them first.
    const summary = await importGrantsExtract(db, file('next.xml', extract(record(base('930011')))), { today });
    expect(summary).toMatchObject({ inserted: 1 });
    expect(await grantIndexes(db)).toEqual(indexes);
    expect(await getMeta(db, 'grants_deferred_indexes')).toBeUndefined();
    // The search reads them as before.
    expect(await rows(db, sql`select source_key from grants where search_vector @@ plainto_tsquery('english', 'watershed')`)).toEqual([
      { source_key: '930011' },
    ]);
  });
});
