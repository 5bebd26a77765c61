// The group-commit send queue on a real database: batches keep each
// conversation's numbering gapless, refuse non-members one by one, and one
// message the database refuses does not take its batch down with it.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSendQueue } from './send-queue';
import { makePerson } from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function direct(a: { cookie: string }, otherId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/conversations',
    headers: { cookie: a.cookie },
    payload: { type: 'direct', memberIds: [otherId] },
  });
  return res.json().conversation.id as string;
}

const message = (
  conversationId: string,
  senderId: string,
  content: string,
  clientId: string = crypto.randomUUID(),
) => ({
  conversationId,
  senderId,
  content,
  clientId,
  createdAt: new Date(),
});

describe('send queue', () => {
  it('stores a burst across conversations in batches, numbering each conversation without gaps', async () => {
    const [a, b, c] = [await makePerson(t.db), await makePerson(t.db), await makePerson(t.db)];
    const ab = await direct(a, b.id);
    const ac = await direct(a, c.id);
    const queue = createSendQueue(t.db, { maxBatch: 7 });
    const sends = Array.from({ length: 30 }, (_, i) =>
      queue.send(message(i % 3 ? ab : ac, i % 2 ? a.id : i % 3 ? b.id : c.id, `m${i}`)),
    );
    const results = await Promise.all(sends);
    expect(results.every((r) => r.member && r.created)).toBe(true);
    const seqsOf = (conversation: string) =>
      results
        .filter((_, i) => (i % 3 ? ab : ac) === conversation)
        .map((r) => r.seq!)
        .sort((x, y) => x - y);
    expect(seqsOf(ab)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(seqsOf(ac)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    // Each new message names its conversation's members as the audience.
    expect(new Set(results[1]!.recipients)).toEqual(new Set([a.id, b.id]));
  });

  it('refuses only the non-member of a batch, and answers a repeated client id with the stored message', async () => {
    const [a, b, outsider] = [
      await makePerson(t.db),
      await makePerson(t.db),
      await makePerson(t.db),
    ];
    const ab = await direct(a, b.id);
    const queue = createSendQueue(t.db);
    const [first, intruder, repeat, other] = await Promise.all([
      queue.send(message(ab, a.id, 'hello', 'same-id')),
      queue.send(message(ab, outsider.id, 'let me in')),
      queue.send(message(ab, a.id, 'hello', 'same-id')),
      queue.send(message(ab, b.id, 'hi')),
    ]);
    expect(first).toMatchObject({ member: true, created: true });
    expect(intruder).toMatchObject({ member: false, created: false, id: null });
    expect(repeat).toMatchObject({ member: true, created: false, id: first!.id });
    expect(other).toMatchObject({ member: true, created: true });
    expect([first!.seq, other!.seq].sort()).toEqual([1, 2]);
  });

  it('writes the rest of a batch one by one when the database refuses one message', async () => {
    const [a, b] = [await makePerson(t.db), await makePerson(t.db)];
    const ab = await direct(a, b.id);
    const queue = createSendQueue(t.db);
    // Routes validate ids first; here a malformed one reaches the database on purpose.
    const outcomes = await Promise.allSettled([
      queue.send(message(ab, a.id, 'one')),
      queue.send(message('not-a-uuid', a.id, 'broken')),
      queue.send(message(ab, b.id, 'two')),
      queue.send(message(ab, a.id, 'three')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const seqs = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value.seq] : []));
    expect(seqs.sort()).toEqual([1, 2, 3]);
  });
});
