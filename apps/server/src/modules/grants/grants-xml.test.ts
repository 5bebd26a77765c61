import { describe, expect, it } from 'vitest';
import { assignResearchAreas, stemWords } from './grant-areas';
import { grantStatusFor } from './grants.service';
import {
  ExtractError,
  parseAmount,
  parseCount,
  parseExtractDate,
  parseGrantsXml,
  parseVersion,
  parseYesNo,
  plainText,
  type ExtractItem,
} from './grants-xml';

describe('extract dates', () => {
  it('reads MMDDYYYY as an ISO date', () => {
    expect(parseExtractDate('PostDate', '11172011')).toBe('2011-11-17');
    expect(parseExtractDate('PostDate', ' 02292024 ')).toBe('2024-02-29');
  });

  it('treats empty and placeholder values as no date', () => {
    expect(parseExtractDate('CloseDate', undefined)).toBeNull();
    expect(parseExtractDate('CloseDate', '')).toBeNull();
    expect(parseExtractDate('CloseDate', 'None')).toBeNull();
  });

  it('rejects dates that are not real, naming the field', () => {
    expect(() => parseExtractDate('CloseDate', '02302024')).toThrow(/CloseDate is not a valid MMDDYYYY date: "02302024"/);
    expect(() => parseExtractDate('CloseDate', '02292023')).toThrow(/CloseDate/);
    expect(() => parseExtractDate('PostDate', '13012024')).toThrow(/PostDate/);
    expect(() => parseExtractDate('PostDate', '2024-01-05')).toThrow(/PostDate/);
    expect(() => parseExtractDate('PostDate', 'soon')).toThrow(/PostDate/);
  });

  it('accepts the other spellings seen in the pre-2016 format only there', () => {
    expect(parseExtractDate('ArchiveDate', '3/5/2009', true)).toBe('2009-03-05');
    expect(parseExtractDate('ArchiveDate', '2009-03-05', true)).toBe('2009-03-05');
    expect(() => parseExtractDate('ArchiveDate', '3/5/2009')).toThrow(/ArchiveDate/);
  });
});

describe('extract amounts', () => {
  it('reads whole and formatted dollar amounts', () => {
    expect(parseAmount('AwardCeiling', '1500000')).toBe(1_500_000);
    expect(parseAmount('AwardCeiling', '0')).toBe(0);
    expect(parseAmount('AwardCeiling', '$1,500,000.40')).toBe(1_500_000);
    expect(parseAmount('AwardFloor', 'Not Available')).toBeNull();
    expect(parseAmount('AwardFloor', 'None')).toBeNull();
  });

  it('rejects negative, non-numeric and absurd amounts, naming the field', () => {
    expect(() => parseAmount('AwardCeiling', '-5')).toThrow(/AwardCeiling is not a non-negative amount: "-5"/);
    expect(() => parseAmount('AwardFloor', 'lots')).toThrow(/AwardFloor/);
    expect(() => parseAmount('AwardFloor', '1e9')).toThrow(/AwardFloor/);
    expect(() => parseAmount('EstimatedTotalProgramFunding', '9'.repeat(30))).toThrow(/too large/);
    expect(() => parseCount('ExpectedNumberOfAwards', '3000000000')).toThrow(/ExpectedNumberOfAwards/);
  });

  it('reads yes/no, versions and HTML text', () => {
    expect(parseYesNo('Yes')).toBe(true);
    expect(parseYesNo('N')).toBe(false);
    expect(parseYesNo('maybe')).toBeNull();
    expect(parseVersion('Synopsis 2')).toBe(2);
    expect(parseVersion('Forecast')).toBeNull();
    expect(plainText('Faith Graves<br/>fgraves@usgs.gov &amp; <b>team</b>')).toBe('Faith Graves\nfgraves@usgs.gov & team');
    expect(plainText('  Not Available ')).toBeNull();
  });
});

describe('description text', () => {
  it('decodes HTML entities, numeric references and markup escaped twice', () => {
    expect(plainText('The agency&rsquo;s &ldquo;call&rdquo; &mdash; caf&eacute;, na&iuml;ve &amp; more&hellip;')).toBe(
      'The agency’s “call” — café, naïve & more…',
    );
    expect(plainText('&#8217; &#x2014; &#X41; &#0; &#xD800;')).toBe('’ — A');
    // As the XML hands it over when the HTML was escaped twice.
    expect(plainText('&lt;p&gt;Twice &amp;amp; escaped&lt;/p&gt;&lt;p&gt;Next&lt;/p&gt;')).toBe(
      'Twice & escaped\nNext',
    );
    expect(plainText('Unknown &foo; and declared &xxe; stay as written')).toBe('Unknown &foo; and declared &xxe; stay as written');
  });

  it('drops only real tags, so comparisons in the text survive', () => {
    expect(plainText('Budgets < 5 years and > 3 staff; x<y; GPA >= 3.0')).toBe('Budgets < 5 years and > 3 staff; x<y; GPA >= 3.0');
    expect(plainText('<p class="x">One</p><!-- note --><div>Two<br>Three</div>')).toBe('One\nTwo\nThree');
  });
});

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

  it('takes the pre-2016 eligibility text from whichever field has it', async () => {
    const items = await parseAll([
      '<Grants><FundingOppSynopsis><FundingOppNumber>LEG-1</FundingOppNumber>',
      '<AdditionalEligibilityInfo>Not Available</AdditionalEligibilityInfo><ExtraTextForEligibility>Universities only.</ExtraTextForEligibility>',
      '</FundingOppSynopsis></Grants>',
    ]);
    expect(items).toMatchObject([{ ok: true, record: { eligibilityText: 'Universities only.' } }]);
  });
});

describe('status from dates', () => {
  const today = '2026-06-15';
  it('follows the record kind and its dates', () => {
    expect(grantStatusFor({ recordKind: 'forecast', closeDate: '2026-09-01', archiveDate: null }, today)).toBe('forecasted');
    expect(grantStatusFor({ recordKind: 'forecast', closeDate: null, archiveDate: null }, today)).toBe('forecasted');
    // A forecast whose estimated due date went by is no longer open.
    expect(grantStatusFor({ recordKind: 'forecast', closeDate: '2020-01-01', archiveDate: null }, today)).toBe('closed');
    expect(grantStatusFor({ recordKind: 'synopsis', closeDate: null, archiveDate: null }, today)).toBe('posted');
    expect(grantStatusFor({ recordKind: 'synopsis', closeDate: today, archiveDate: null }, today)).toBe('posted');
    expect(grantStatusFor({ recordKind: 'synopsis', closeDate: '2026-06-14', archiveDate: '2026-07-14' }, today)).toBe('closed');
    expect(grantStatusFor({ recordKind: 'synopsis', closeDate: '2026-04-01', archiveDate: '2026-05-01' }, today)).toBe('archived');
  });
});

describe('research areas', () => {
  it('folds plurals and splits on punctuation', () => {
    expect(stemWords('Forests, Wetlands & Studies')).toEqual(['forest', 'wetland', 'study']);
  });

  it('assigns ecology areas from the title and description', () => {
    const areas = assignResearchAreas({
      title: 'Forest Carbon Sequestration and Watershed Health',
      description: 'Research on soil carbon, nitrogen cycling and stream restoration in forested watersheds under climate change.',
    });
    expect(areas).toEqual(expect.arrayContaining(['Forest Ecology', 'Carbon Cycling', 'Watershed Management', 'Climate Change']));
    expect(areas.length).toBeLessThanOrEqual(6);
  });

  it('assigns broad fields, and is deterministic', () => {
    const grant = {
      title: 'Machine Learning for Public Health Surveillance',
      description: 'Deep learning methods for epidemiology and outbreak detection in community health data.',
      categoryCodes: ['HL'],
    };
    const areas = assignResearchAreas(grant);
    expect(areas).toEqual(expect.arrayContaining(['Machine Learning', 'Public Health', 'Epidemiology']));
    expect(assignResearchAreas(grant)).toEqual(areas);
  });

  it('uses the funding category alone when there is no text to match', () => {
    expect(assignResearchAreas({ title: 'FY24 Program 7', categoryCodes: ['ED'] })).toEqual(['Education']);
    expect(assignResearchAreas({ title: 'FY24 Program 7' })).toEqual([]);
  });

  it('caps the list at six areas, best first', () => {
    const areas = assignResearchAreas({
      title: 'Climate, energy, agriculture, education, oceanography, cancer, robotics and wildlife',
    });
    expect(areas).toHaveLength(6);
    expect(areas[0]).toBe('Climate Change');
  });
});
