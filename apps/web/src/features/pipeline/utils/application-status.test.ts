// The pipeline status as the seed shows it: uppercase words, one colour per stage.
import { describe, expect, it } from 'vitest';
import { applicationStatusLabel, applicationStatusTone } from './application-status';

describe('application status', () => {
  it('is shown uppercase with underscores as spaces', () => {
    expect(applicationStatusLabel('drafting')).toBe('DRAFTING');
    expect(applicationStatusLabel('under_review')).toBe('UNDER REVIEW');
  });

  it('is coloured by stage', () => {
    expect(
      ['drafting', 'submitted', 'under_review', 'awarded', 'rejected'].map(applicationStatusTone),
    ).toEqual(['amber', 'brand', 'brand', 'green', 'red']);
  });
});
