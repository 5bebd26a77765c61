import { describe, expect, it } from 'vitest';
import { dayOf, runStarts } from './message-runs';

/** A local wall-clock instant as the ISO string the API sends. */
const at = (hour: number, minute: number, second = 0, day = 11) =>
  new Date(2026, 2, day, hour, minute, second).toISOString();

const ana = 'ana';
const ben = 'ben';

describe('message runs', () => {
  it('groups one person’s messages of the same minute under one header', () => {
    expect(
      runStarts([
        { senderId: ana, createdAt: at(9, 7, 0) },
        { senderId: ana, createdAt: at(9, 7, 30) },
        { senderId: ana, createdAt: at(9, 7, 59) },
      ]),
    ).toEqual([true, false, false]);
  });

  it('never puts a 9:12 message under a 9:07 time, even when each is close to the one before', () => {
    expect(
      runStarts([
        { senderId: ana, createdAt: at(9, 7) },
        { senderId: ana, createdAt: at(9, 9) },
        { senderId: ana, createdAt: at(9, 12) },
      ]),
    ).toEqual([true, true, true]);
    // Across a minute boundary a few seconds apart, too: the header would be wrong.
    expect(
      runStarts([
        { senderId: ana, createdAt: at(9, 7, 58) },
        { senderId: ana, createdAt: at(9, 8, 2) },
      ]),
    ).toEqual([true, true]);
  });

  it('starts a run when the sender changes, and again when they come back', () => {
    expect(
      runStarts([
        { senderId: ana, createdAt: at(9, 7, 1) },
        { senderId: ben, createdAt: at(9, 7, 2) },
        { senderId: ana, createdAt: at(9, 7, 3) },
        { senderId: ana, createdAt: at(9, 7, 4) },
      ]),
    ).toEqual([true, true, true, false]);
  });

  it('starts a run on a new day at the same clock minute', () => {
    expect(
      runStarts([
        { senderId: ana, createdAt: at(9, 7, 0, 11) },
        { senderId: ana, createdAt: at(9, 7, 0, 12) },
      ]),
    ).toEqual([true, true]);
    expect(dayOf(at(9, 7, 0, 11))).not.toBe(dayOf(at(9, 7, 0, 12)));
  });

  it('handles an empty conversation', () => {
    expect(runStarts([])).toEqual([]);
  });
});
