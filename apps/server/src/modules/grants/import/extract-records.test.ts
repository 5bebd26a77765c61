import { describe, expect, it } from 'vitest';
import { RecordError } from './extract-values';
import { recordFrom, recordLabel, type Fields } from './extract-records';

const fields = (entries: Record<string, string | string[]>): Fields =>
  new Map(Object.entries(entries).map(([name, value]) => [name, Array.isArray(value) ? value : [value]]));

describe('record mapping', () => {
  it('maps a current-format forecast, its estimated dates standing in', () => {
    const record = recordFrom(
      'OpportunityForecastDetail_1_0',
      fields({
        OpportunityID: ' 4242 ',
        OpportunityNumber: 'F-1',
        OpportunityTitle: 'Soil &amp; water',
        EstimatedSynopsisPostDate: '01152026',
        EstimatedSynopsisCloseDate: '03012026',
        EstimatedAwardDate: '06012026',
        CFDANumbers: ['10.001', '10.001', 'None'],
        AwardCeiling: '$1,000',
        Version: 'Forecast 3',
        AdditionalInformationURL: 'javascript:alert(1)',
      }),
    );
    expect(record).toMatchObject({
      sourceKey: '4242',
      sourceId: '4242',
      title: 'Soil & water',
      recordKind: 'forecast',
      postDate: '2026-01-15',
      closeDate: '2026-03-01',
      awardDate: '2026-06-01',
      cfdaNumbers: ['10.001'],
      awardCeiling: 1000,
      version: 3,
      url: null,
    });
  });

  it('takes the pre-2016 eligibility text from whichever field has it, and keys the record by its number', () => {
    const record = recordFrom(
      'FundingOppSynopsis',
      fields({
        FundingOppNumber: 'LEG-1',
        AdditionalEligibilityInfo: 'Not Available',
        ExtraTextForEligibility: 'Universities only.',
      }),
    );
    expect(record).toMatchObject({ sourceKey: 'number:LEG-1', sourceId: null, title: 'LEG-1', eligibilityText: 'Universities only.', version: 0 });
  });

  it('rejects a record without an id or number, or with a value too long to store', () => {
    expect(() => recordFrom('OpportunitySynopsisDetail_1_0', fields({ OpportunityTitle: 'x' }))).toThrow(RecordError);
    expect(() => recordFrom('OpportunitySynopsisDetail_1_0', fields({ OpportunityID: 'abc' }))).toThrow(/OpportunityID is not a number: "abc"/);
    expect(() => recordFrom('OpportunitySynopsisDetail_1_0', fields({ OpportunityID: '1', AgencyCode: 'A'.repeat(300) }))).toThrow(
      'the agency code is longer than 255 characters',
    );
  });

  it("rejects Grants.gov's own test postings in either format, and keeps an agency that only mentions testing", () => {
    const test = { OpportunityID: '77', OpportunityTitle: 'This is a test. Please DO NOT submit.', AgencyName: 'IV&amp;V Test Agency' };
    expect(() => recordFrom('OpportunitySynopsisDetail_1_0', fields(test))).toThrow(
      'a Grants.gov test posting (IV&V Test Agency), not a funding opportunity',
    );
    expect(() => recordFrom('FundingOppSynopsis', fields({ FundingOppNumber: 'RG-1', Agency: 'IV&V Test Agency' }))).toThrow(RecordError);
    const real = recordFrom('OpportunitySynopsisDetail_1_0', fields({ ...test, AgencyName: 'National Institute of Standards and Technology Test Beds' }));
    expect(real.agency).toBe('National Institute of Standards and Technology Test Beds');
  });

  it('labels a rejected record by its id on one line, or by its place in the file', () => {
    expect(recordLabel('OpportunitySynopsisDetail_1_0', fields({ OpportunityNumber: 'N-1\nforged line' }), 3)).toBe('N-1 forged line');
    expect(recordLabel('FundingOppSynopsis', fields({}), 7)).toBe('record #7');
  });
});
