import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGrantsExtract } from './extract-files';
import { ExtractError } from './extract-parser';
import type { ExtractItem } from './extract-records';
import { base, extract, record, storedZip } from './test-extracts';

const fixtures = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../../test/fixtures');

let dir: string;
function file(name: string, content: string | Buffer) {
  const full = path.join(dir, name);
  fs.writeFileSync(full, content);
  return full;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-extract-files-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function readAll(full: string) {
  const items: ExtractItem[] = [];
  for await (const item of readGrantsExtract(full)) items.push(item);
  return items;
}

const keys = (items: ExtractItem[]) => items.map((i) => (i.ok ? i.record.sourceKey : i.id));

describe('parsing the Grants.gov fixtures', () => {
  it('reads the current-format example', async () => {
    const items = [];
    for await (const item of readGrantsExtract(path.join(fixtures, 'grants-extract-v2-example.xml'))) items.push(item);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      ok: true,
      record: {
        sourceKey: '131073',
        opportunityNumber: 'G12AS20003',
        agencyCode: 'DOI-USGS1',
        postDate: '2011-11-17',
        closeDate: '2011-11-29',
        archiveDate: '2011-12-17',
        lastUpdated: '2011-11-28',
        totalFunding: 31900,
        expectedAwards: 1,
        version: 2,
        costSharing: false,
        cfdaNumbers: ['15.808'],
        eligibilityCodes: ['25'],
        recordKind: 'synopsis',
        url: 'http://www.grants.gov/',
      },
    });
  });

  it('reads the pre-2016 sample: synopses and modifications, placeholders as empty', async () => {
    const items = [];
    for await (const item of readGrantsExtract(path.join(fixtures, 'grants-extract-v1-sample.xml'))) items.push(item);
    expect(items).toHaveLength(19);
    expect(items.every((i) => i.ok)).toBe(true);
    const first = items[0]!.ok ? items[0]!.record : null;
    expect(first).toMatchObject({
      sourceKey: 'number:PRM-ECA-08-CA-SCA-012508-AFGHANS',
      sourceId: null,
      title: 'PRM NGO Programs Assisting Refugee Populations in Pakistan and Recent Returned Refugees in Afghanistan',
      agency: 'Department of State',
      postDate: '2008-01-25',
      closeDate: '2008-04-18',
      archiveDate: '2008-05-18',
      awardCeiling: 1_500_000,
      awardFloor: 50_000,
      totalFunding: null,
      expectedAwards: null,
      instrumentCodes: ['CA', 'O'],
      cfdaNumbers: ['19.519'],
      costSharing: false,
      url: 'http://www.state.gov/g/prm/fund/',
    });
    const mods = items.filter((i) => i.ok && i.record.version !== 0);
    expect(mods.length).toBe(11);
  });
});

describe('containers', () => {
  it('reads gzipped XML and the XML entries of a zip, in order, skipping what is not an extract', async () => {
    const gz = file('extract.xml.gz', zlib.gzipSync(extract(record(base('900050')), record(base('900051')))));
    expect(keys(await readAll(gz))).toEqual(['900050', '900051']);
    const appleDouble = '\u0000\u0005\u0016\u0007\u0000\u0002\u0000\u0000Mac OS X        ';
    const several = file(
      'several.zip',
      storedZip([
        ['__MACOSX/._GrantsDBExtract20260101v2.xml', appleDouble],
        ['README.txt', 'hello'],
        ['GrantsDBExtract20260101v2.xml', extract(record(base('910071')))],
        ['GrantsDBExtract20260102v2.xml', extract(record(base('910072')), record(base('910071')))],
      ]),
    );
    expect(keys(await readAll(several))).toEqual(['910071', '910072', '910071']);
  });

  it('tells a zip from XML by its content, not its name', async () => {
    const zipNamedXml = file('named-wrong.xml', storedZip([['x.xml', extract(record(base('910073')))]]));
    expect(keys(await readAll(zipNamedXml))).toEqual(['910073']);
    const xmlNamedZip = file('named-wrong.zip', extract(record(base('910074'))));
    expect(keys(await readAll(xmlNamedZip))).toEqual(['910074']);
  });

  it('stops with an ExtractError on a missing file, a cut or corrupt archive, or a zip without XML', async () => {
    const fails = async (full: string, message: RegExp) => {
      const err = await readAll(full).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ExtractError);
      expect((err as Error).message).toMatch(message);
    };
    await fails(path.join(dir, 'nope.xml'), /^Cannot open .*nope\.xml: no such file; stopped after reading 0 records\.$/);
    const whole = storedZip([['GrantsDBExtract.xml', extract(record(base('910075')), record(base('910076')))]], { deflate: true });
    await fails(file('cut.zip', whole.subarray(0, whole.length - 30)), /cut\.zip is not a readable zip archive: it is cut short or corrupt \(.*\); stopped after reading 0 records\.$/);
    const corrupt = Buffer.from(whole);
    for (let i = 60; i < 120; i++) corrupt[i] = corrupt[i]! ^ 0x5a;
    await fails(
      file('corrupt.zip', corrupt),
      /^Reading GrantsDBExtract\.xml in the zip archive failed \(the compressed data is corrupt or cut short: .*\); stopped after reading 0 records/,
    );
    await fails(file('none.zip', storedZip([['notes.txt', 'x'], ['data/', '']])), /none\.zip holds no \.xml file \(it holds notes\.txt\)/);
    await fails(file('empty.zip', storedZip([['readme.txt', 'hello']])), /holds no \.xml file/);
  });
});
