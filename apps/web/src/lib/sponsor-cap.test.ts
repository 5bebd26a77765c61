import { describe, expect, it } from 'vitest';
import type { SponsorCapStatus } from '@grantbridge/contract/sponsor-caps';
import { sponsorCapText } from './sponsor-cap';

const status = (used: number, year = 2026): SponsorCapStatus => ({
  sponsor: 'NIH',
  cap: 6,
  used,
  year,
  warn: used === 5,
  atCap: used >= 6,
  source: { notice: 'NOT-OD-25-132', title: 'x', url: 'https://grants.nih.gov/' },
});

describe('sponsorCapText', () => {
  it('counts, naming the year when it is not this one', () => {
    expect(sponsorCapText(status(4), 2026)).toEqual({ count: '4 of 6 NIH applications this year', warning: null, tone: 'info' });
    expect(sponsorCapText(status(0, 2027), 2026).count).toBe('0 of 6 NIH applications in 2027');
  });

  it('warns at the fifth (the next is the sixth) and at the sixth', () => {
    expect(sponsorCapText(status(5), 2026)).toMatchObject({ tone: 'warning', warning: 'This would be your sixth: the last NIH accepts from you this year.' });
    expect(sponsorCapText(status(6), 2026)).toMatchObject({ tone: 'warning', warning: "You have reached NIH's limit of six applications for 2026." });
    expect(sponsorCapText(status(6), 2026, 'they').warning).toBe("They have reached NIH's limit of six applications for 2026.");
  });
});
