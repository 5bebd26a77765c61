// The Limited line's words and the review's rule: a conflict gives no score.
import { describe, expect, it } from 'vitest';
import { limitedLineText, shortDay, submitReviewRequestSchema } from './limited-submissions';

describe('limited submissions', () => {
  it('says the line as the grant page shows it', () => {
    expect(limitedLineText({ cap: 2, placesLeft: 1, internalDeadline: '2027-01-12' })).toBe(
      'Limited: 2 per institution · 1 place left · internal deadline Jan 12',
    );
    expect(limitedLineText({ cap: 3, placesLeft: 0, internalDeadline: '2026-12-01' })).toBe(
      'Limited: 3 per institution · no places left · internal deadline Dec 1',
    );
    expect(shortDay('2027-03-09')).toBe('Mar 9');
  });

  it('takes a score from 1 to 5, or a declared conflict without one', () => {
    expect(submitReviewRequestSchema.safeParse({ score: 4 }).success).toBe(true);
    expect(submitReviewRequestSchema.safeParse({ conflictOfInterest: true }).success).toBe(true);
    expect(submitReviewRequestSchema.safeParse({ score: 4, conflictOfInterest: true }).success).toBe(false);
    expect(submitReviewRequestSchema.safeParse({}).success).toBe(false);
    expect(submitReviewRequestSchema.safeParse({ score: 0 }).success).toBe(false);
  });
});
