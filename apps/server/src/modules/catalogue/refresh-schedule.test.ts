// The refresh's date rules and settings: the next run in the server's zone
// (across daylight-saving changes), the file names asked for (the extract's
// day in US Eastern time), and when the schedule is on.
import { describe, expect, it } from 'vitest';
import { grantsGovExtractUrl, loadConfig } from '../../config';
import { dailyCron, extractCandidates, nextDailyRun } from './refresh-schedule';

describe('nextDailyRun', () => {
  it('is later today when the time has not come, else tomorrow', () => {
    expect(nextDailyRun('06:00', 'UTC', new Date('2026-11-27T05:59:00Z')).toISOString()).toBe('2026-11-27T06:00:00.000Z');
    expect(nextDailyRun('06:00', 'UTC', new Date('2026-11-27T06:00:00Z')).toISOString()).toBe('2026-11-28T06:00:00.000Z');
  });

  it('reads the time in the server’s zone, summer and winter', () => {
    expect(nextDailyRun('06:00', 'America/New_York', new Date('2026-07-01T12:00:00Z')).toISOString()).toBe('2026-07-02T10:00:00.000Z');
    expect(nextDailyRun('06:00', 'America/New_York', new Date('2026-12-01T12:00:00Z')).toISOString()).toBe('2026-12-02T11:00:00.000Z');
    expect(nextDailyRun('06:00', 'Australia/Sydney', new Date('2026-11-27T12:00:00Z')).toISOString()).toBe('2026-11-27T19:00:00.000Z');
  });

  it('keeps the wall-clock time across a daylight-saving change', () => {
    // US clocks go back on 1 November 2026: 06:00 is 10:00 UTC before, 11:00 UTC after.
    expect(nextDailyRun('06:00', 'America/New_York', new Date('2026-10-31T12:00:00Z')).toISOString()).toBe('2026-11-01T11:00:00.000Z');
  });
});

describe('the schedule and the files', () => {
  it('is a daily cron at the minute and hour given', () => {
    expect(dailyCron('06:00')).toBe('0 6 * * *');
    expect(dailyCron('23:45')).toBe('45 23 * * *');
  });

  it('asks for today’s extract then yesterday’s, by their day in US Eastern time', () => {
    // 02:00 UTC on the 28th is still the 27th in New York.
    expect(extractCandidates(grantsGovExtractUrl, new Date('2026-11-28T02:00:00Z'))).toEqual([
      { url: 'https://prod-grants-gov-chatbot.s3.amazonaws.com/extracts/GrantsDBExtract20261127v2.zip', fileName: 'GrantsDBExtract20261127v2.zip' },
      { url: 'https://prod-grants-gov-chatbot.s3.amazonaws.com/extracts/GrantsDBExtract20261126v2.zip', fileName: 'GrantsDBExtract20261126v2.zip' },
    ]);
    expect(extractCandidates('https://mirror.example.edu/grants/latest.zip', new Date())).toEqual([
      { url: 'https://mirror.example.edu/grants/latest.zip', fileName: 'latest.zip' },
    ]);
  });
});

describe('CATALOGUE_REFRESH_AT and GRANTS_GOV_EXTRACT_URL', () => {
  it('refresh from Grants.gov at 06:00 in production, not with demo data unless the address is set', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ catalogueExtractUrl: grantsGovExtractUrl, catalogueRefreshAt: '06:00' });
    expect(loadConfig({ NODE_ENV: 'development' }).catalogueExtractUrl).toBeNull();
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).catalogueExtractUrl).toBeNull();
    expect(loadConfig({ SEED_DEMO: 'true', GRANTS_GOV_EXTRACT_URL: 'http://mirror.local/x{YYYYMMDD}.zip' }).catalogueExtractUrl).toBe('http://mirror.local/x{YYYYMMDD}.zip');
    expect(loadConfig({ NODE_ENV: 'production', GRANTS_GOV_EXTRACT_URL: 'off' }).catalogueExtractUrl).toBeNull();
    expect(loadConfig({ NODE_ENV: 'production', CATALOGUE_REFRESH_AT: '22:30' }).catalogueRefreshAt).toBe('22:30');
  });

  it('refuses a bad time or address, naming the setting', () => {
    expect(() => loadConfig({ CATALOGUE_REFRESH_AT: '6am' })).toThrow(/CATALOGUE_REFRESH_AT: must be a time of day/);
    expect(() => loadConfig({ CATALOGUE_REFRESH_AT: '24:00' })).toThrow(/CATALOGUE_REFRESH_AT/);
    expect(() => loadConfig({ GRANTS_GOV_EXTRACT_URL: 'ftp://x/y.zip' })).toThrow(/GRANTS_GOV_EXTRACT_URL: must be an http\(s\) address/);
  });
});
