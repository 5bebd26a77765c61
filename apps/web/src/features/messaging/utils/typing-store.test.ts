// Who is typing: entries per conversation, refreshed by repeats, gone after
// a few quiet seconds or at once on "stopped", and the sentence shown.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { typingStore, typingText, type Typist } from './typing-store';

const names = (conversationId: string) =>
  (typingStore.getSnapshot()[conversationId] ?? []).map((t) => t.name);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  // Whatever a test left fades out, so the next one starts empty.
  vi.advanceTimersByTime(60_000);
  vi.useRealTimers();
});

describe('typing store', () => {
  it('lists each typist once per conversation, and drops one who stopped', () => {
    typingStore.started('a', 'u1', 'Avery');
    typingStore.started('a', 'u2', 'Priya');
    typingStore.started('a', 'u1', 'Avery');
    typingStore.started('b', 'u1', 'Avery');
    expect(names('a')).toEqual(['Priya', 'Avery']);
    expect(names('b')).toEqual(['Avery']);

    typingStore.stopped('a', 'u2');
    expect(names('a')).toEqual(['Avery']);
    typingStore.stopped('b', 'u1');
    expect(typingStore.getSnapshot()).not.toHaveProperty('b');
  });

  it('fades an entry after about four and a half quiet seconds; a repeat keeps it', () => {
    typingStore.started('a', 'u1', 'Avery');
    vi.advanceTimersByTime(3_000);
    typingStore.started('a', 'u1', 'Avery');
    vi.advanceTimersByTime(3_000);
    expect(names('a')).toEqual(['Avery']);
    vi.advanceTimersByTime(1_600);
    expect(typingStore.getSnapshot()).toEqual({});
  });

  it('fades each typist on their own clock', () => {
    typingStore.started('a', 'u1', 'Avery');
    vi.advanceTimersByTime(2_000);
    typingStore.started('a', 'u2', 'Priya');
    vi.advanceTimersByTime(2_600);
    expect(names('a')).toEqual(['Priya']);
    vi.advanceTimersByTime(2_000);
    expect(typingStore.getSnapshot()).toEqual({});
  });

  it('tells subscribers, and ignores a stop from someone not typing', () => {
    const listener = vi.fn();
    const unsubscribe = typingStore.subscribe(listener);
    typingStore.stopped('a', 'nobody');
    expect(listener).not.toHaveBeenCalled();
    typingStore.started('a', 'u1', 'Avery');
    typingStore.stopped('a', 'u1');
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    typingStore.started('a', 'u1', 'Avery');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('typing text', () => {
  const typist = (name: string): Typist => ({ userId: name, name, until: 0 });

  it('names one or two people and counts more', () => {
    expect(typingText([])).toBe('');
    expect(typingText([typist('Avery')])).toBe('Avery is typing…');
    expect(typingText([typist('Avery'), typist('Priya')])).toBe('Avery and Priya are typing…');
    expect(typingText([typist('Avery'), typist('Priya'), typist('Sam')])).toBe(
      'Several people are typing…',
    );
  });
});
