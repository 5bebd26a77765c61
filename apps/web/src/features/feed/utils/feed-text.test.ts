// An event's subject found in its sentence, and the pictures the composer accepts.
import { describe, expect, it } from 'vitest';
import { feedImageMaxBytes } from '@grantbridge/contract/feed';
import { eventParts } from './event-text';
import { pictureProblem } from './picture';

describe('event sentences', () => {
  it('split around the subject so its name can be the link', () => {
    expect(
      eventParts('Dr. Dana Whitlock joined Example State University.', 'Dr. Dana Whitlock'),
    ).toEqual({
      before: '',
      label: 'Dr. Dana Whitlock',
      after: ' joined Example State University.',
    });
    expect(eventParts('Dr. Felix Novak’s team was awarded “Soil Carbon”.', 'Soil Carbon')).toEqual({
      before: 'Dr. Felix Novak’s team was awarded “',
      label: 'Soil Carbon',
      after: '”.',
    });
  });

  it('say so when the sentence does not name the subject', () => {
    expect(eventParts('Something happened.', 'Someone')).toBeNull();
    expect(eventParts('Something happened.', '')).toBeNull();
  });
});

describe('pictures', () => {
  it('are PNG, JPEG or WebP up to the limit', () => {
    expect(pictureProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(pictureProblem({ type: 'image/webp', size: feedImageMaxBytes })).toBeNull();
    expect(pictureProblem({ type: 'image/gif', size: 1000 })).toBe(
      'Choose a PNG, JPEG or WebP picture.',
    );
    expect(pictureProblem({ type: 'image/jpeg', size: feedImageMaxBytes + 1 })).toMatch(
      /larger than 5 MB/,
    );
    expect(pictureProblem({ type: 'image/jpeg', size: 0 })).toBe('The picture file is empty.');
  });
});
