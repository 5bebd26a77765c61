import { describe, expect, it } from 'vitest';
import { ExtractError, parseGrantsXml } from './extract-parser';
import type { ExtractItem } from './extract-records';

async function parseAll(chunks: Iterable<string> | AsyncIterable<string>) {
  const items: ExtractItem[] = [];
  const source = async function* () {
    yield* chunks;
  };
  for await (const item of parseGrantsXml(source())) items.push(item);
  return items;
}

describe('files that would hold the parser', () => {
  it('lets go of an endless text instead of holding it, rejecting its record, and reads on', async () => {
    const chunks = function* () {
      yield '<Grants><!-- ';
      for (let i = 0; i < 10; i++) yield 'comment '.repeat(125_000);
      yield '--><OpportunitySynopsisDetail_1_0><OpportunityID>1</OpportunityID><Description>';
      for (let i = 0; i < 10; i++) yield 'x'.repeat(1_000_000);
      yield '</Description></OpportunitySynopsisDetail_1_0>';
      yield '<OpportunitySynopsisDetail_1_0><OpportunityID>2</OpportunityID></OpportunitySynopsisDetail_1_0></Grants>';
    };
    expect(await parseAll(chunks())).toMatchObject([
      { ok: false, id: '1', reason: 'record is larger than 4000000 characters' },
      { ok: true, record: { sourceKey: '2' } },
    ]);
  });

  it('refuses elements nested without end', async () => {
    // Deep enough that reading on would take minutes (saxes walks every open element per tag).
    const err = await parseAll(['<Grants>', '<a>'.repeat(100_000), '</a>'.repeat(100_000), '</Grants>']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExtractError);
    expect((err as Error).message).toMatch(/its elements nest deeper than 64 levels \(at line 1, column \d+\); stopped after reading 0 records\./);
  });

  it('rejects a record over 4,000,000 characters, however it is made up, and reads on', async () => {
    const tiny = '<Extra/>'.repeat(700_000);
    const items = await parseAll([
      '<Grants><OpportunitySynopsisDetail_1_0><OpportunityID>1</OpportunityID>',
      tiny,
      '</OpportunitySynopsisDetail_1_0><OpportunitySynopsisDetail_1_0><OpportunityID>2</OpportunityID></OpportunitySynopsisDetail_1_0></Grants>',
    ]);
    expect(items).toMatchObject([
      { ok: false, id: '1', reason: 'record is larger than 4000000 characters' },
      { ok: true, record: { sourceKey: '2' } },
    ]);
  });

  it('reads a record that repeats one element thousands of times in linear time', async () => {
    const codes = Array.from({ length: 60_000 }, (_, i) => `<EligibleApplicants>${i}</EligibleApplicants>`).join('');
    const started = Date.now();
    const items = await parseAll([`<Grants><OpportunitySynopsisDetail_1_0><OpportunityID>1</OpportunityID>${codes}</OpportunitySynopsisDetail_1_0></Grants>`]);
    expect(items[0]).toMatchObject({ ok: true, record: { eligibilityCodes: expect.arrayContaining(['0', '59999']) } });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
