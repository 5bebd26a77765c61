// Pictures are decoded a few at a time, and a burst beyond the queue is told to come back.
import os from 'node:os';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { withPicture } from './pictures';

describe('withPicture', () => {
  it('decodes at most one picture per core (up to 4) at once, and refuses a burst past the queue with 503', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } }).png().toBuffer();
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const decode = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => release.push(resolve));
      running--;
      return 'ok';
    };
    const slots = Math.max(1, Math.min(4, os.availableParallelism()));
    // One more than the slots and the queue (32) hold.
    const calls = Array.from({ length: slots + 33 }, () => withPicture(png, 'image', decode));
    let refusals = 0;
    calls.forEach((call) => call.catch(() => refusals++));
    // Nothing finishes until every call is decoding, queued or refused.
    while (!(refusals === 1 && release.length === slots)) await new Promise((r) => setTimeout(r, 5));
    const drain = setInterval(() => release.splice(0).forEach((r) => r()), 1);
    const results = await Promise.allSettled(calls);
    clearInterval(drain);
    expect(most).toBe(slots);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(slots + 32);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'unavailable', meta: { retryAfterSeconds: 5 } });
  });
});
