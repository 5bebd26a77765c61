// perDatabase: one value per handle, made once, forgotten on demand.
import { describe, expect, it } from 'vitest';
import { perDatabase } from './per-database';

describe('perDatabase', () => {
  it('makes one value per database handle and keeps handles apart', () => {
    let made = 0;
    const kept = perDatabase(() => ({ n: ++made }));
    const [one, two] = [{}, {}];
    expect(kept.of(one)).toEqual({ n: 1 });
    expect(kept.of(two)).toEqual({ n: 2 });
    expect(kept.of(one)).toBe(kept.of(one));
    expect(made).toBe(2);
  });

  it('makes fresh values after forget()', () => {
    let made = 0;
    const kept = perDatabase(() => ++made);
    const db = {};
    expect(kept.of(db)).toBe(1);
    kept.forget();
    expect(kept.of(db)).toBe(2);
  });
});
