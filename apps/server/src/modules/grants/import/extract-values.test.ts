import { describe, expect, it } from 'vitest';
import { parseAmount, parseCount, parseExtractDate, parseVersion, parseYesNo } from './extract-values';

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

  it('reads yes/no and versions', () => {
    expect(parseYesNo('Yes')).toBe(true);
    expect(parseYesNo('N')).toBe(false);
    expect(parseYesNo('maybe')).toBeNull();
    expect(parseVersion('Synopsis 2')).toBe(2);
    expect(parseVersion('Forecast')).toBeNull();
  });
});
