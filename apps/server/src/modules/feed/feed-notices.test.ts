// What a post's author is told when others like or comment on it, through the
// API on a real database: one notice per liker and post (however often they
// unlike and like again), one per comment with its first words, each linking
// to the post on top of the author's home feed; nothing for one's own likes
// and comments, nothing from those who cannot see the post; the author's
// preference obeyed, and no e-mail unless asked for.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import type { RealtimeDelivery } from '../../plugins/realtime-bus';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makePerson, type TestPerson } from '../../../test/factories';

let t: TestApp;
const p: Record<string, TestPerson & { domain: string }> = {};
const deliveries: RealtimeDelivery[] = [];

type Notice = { id: string; kind: string; title: string; body: string; link: string; readAt: string | null };
const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: p[who]!.cookie }, ...(payload ? { payload } : {}) });
const post = async (who: string, content: string) => {
  const res = await call(who, 'POST', '/api/v1/posts', { content });
  expect(res.statusCode).toBe(201);
  return res.json().item.id as string;
};
const like = async (who: string, postId: string, liked = true) =>
  (await call(who, liked ? 'PUT' : 'DELETE', `/api/v1/posts/${postId}/like`)).statusCode;
const comment = async (who: string, postId: string, content: string) =>
  (await call(who, 'POST', `/api/v1/posts/${postId}/comments`, { content })).statusCode;
/** The person's notices about posts, newest first. */
const postNotices = async (who: string): Promise<Notice[]> => {
  const res = await call(who, 'GET', '/api/v1/notifications?limit=100');
  expect(res.statusCode).toBe(200);
  return (res.json().items as Notice[]).filter((n) => n.kind.startsWith('post.'));
};

beforeAll(async () => {
  t = await createTestApp();
  p.author = await makePerson(t.db, 'Dr. Ada Author');
  p.colleague = await makePerson(t.db, 'Dr. Cole League', 'researcher', p.author.domain);
  p.office = await makePerson(t.db, 'Ann Office', 'admin', p.author.domain);
  p.quiet = await makePerson(t.db, 'Quinn Quiet', 'researcher', p.author.domain);
  p.stranger = await makePerson(t.db, 'Stan Stranger');
  t.app.realtime.subscribe((d) => deliveries.push(d));
});
afterAll(() => t.close());

describe('likes', () => {
  it('tell the author once per liker and post, live, linking to the post; unliking and liking again tells nothing new', async () => {
    const postId = await post('author', 'Our marsh cores are back from the lab, and the carbon numbers look better than we hoped.');
    deliveries.length = 0;
    expect(await like('colleague', postId)).toBe(200);
    expect(await like('colleague', postId)).toBe(200);
    expect(await like('colleague', postId, false)).toBe(200);
    expect(await like('colleague', postId)).toBe(200);
    const notices = await postNotices('author');
    expect(notices).toEqual([
      {
        id: expect.any(String),
        kind: 'post.liked',
        title: 'Dr. Cole League liked your post',
        body: '“Our marsh cores are back from the lab, and the carbon numbers look better than…”',
        link: `/dashboard?post=${postId}`,
        createdAt: expect.any(String),
        readAt: null,
      },
    ]);
    const live = deliveries.filter((d) => d.event.type === 'notification.created');
    expect(live.map((d) => d.recipients)).toEqual([[p.author!.id]]);
    // Another colleague's like is a notice of its own; the likers are never told.
    expect(await like('office', postId)).toBe(200);
    expect((await postNotices('author')).map((n) => n.title)).toEqual([
      'Ann Office liked your post',
      'Dr. Cole League liked your post',
    ]);
    expect(await postNotices('colleague')).toEqual([]);
    expect(await postNotices('office')).toEqual([]);
  });

  it('of one’s own post tell nobody', async () => {
    const postId = await post('author', 'A note to myself, liked by myself.');
    const before = (await postNotices('author')).length;
    expect(await like('author', postId)).toBe(200);
    expect(await postNotices('author')).toHaveLength(before);
  });

  it('are refused (404) to those who cannot see the post, and tell nobody', async () => {
    const postId = await post('author', 'Only for my institution.');
    const before = (await postNotices('author')).length;
    expect(await like('stranger', postId)).toBe(404);
    expect(await comment('stranger', postId, 'Let me in')).toBe(404);
    expect(await postNotices('author')).toHaveLength(before);
  });

  it('link an administrator’s notice to the feed on their dashboard', async () => {
    const postId = await post('office', 'The research office is closed on Friday.');
    expect(await like('author', postId)).toBe(200);
    const [notice] = await postNotices('office');
    expect(notice).toMatchObject({ title: 'Dr. Ada Author liked your post', link: `/admin/dashboard?post=${postId}` });
  });
});

describe('comments', () => {
  it('tell the author each time, with the first words, linking to the post', async () => {
    const postId = await post('author', 'Sampling plan for the spring is ready.');
    const long = `Great plan! ${'Could we add two more transects near the outlet, '.repeat(4)}please?`;
    expect(await comment('colleague', postId, long)).toBe(201);
    expect(await comment('colleague', postId, 'Count me in   for\n\nMarch.')).toBe(201);
    const [second, first] = await postNotices('author');
    expect(first).toMatchObject({
      kind: 'post.commented',
      title: 'Dr. Cole League commented on your post',
      body: '“Great plan! Could we add two more transects near the outlet, Could we add two…”',
      link: `/dashboard?post=${postId}`,
    });
    expect(second).toMatchObject({ kind: 'post.commented', body: '“Count me in for March.”', link: `/dashboard?post=${postId}` });
  });

  it('on one’s own post tell nobody', async () => {
    const postId = await post('author', 'Replying to myself.');
    const before = (await postNotices('author')).length;
    expect(await comment('author', postId, 'And one more thing.')).toBe(201);
    expect(await postNotices('author')).toHaveLength(before);
  });

  it('cut long text between characters, never inside one', async () => {
    const postId = await post('author', '🌊'.repeat(300));
    expect(await like('colleague', postId)).toBe(200);
    expect(await comment('colleague', postId, '🦆'.repeat(300))).toBe(201);
    const [commented, liked] = await postNotices('author');
    expect(liked!.body).toBe(`“${'🌊'.repeat(79)}…”`);
    expect(commented!.body).toBe(`“${'🦆'.repeat(79)}…”`);
  });
});

describe('preferences', () => {
  it('are in the app only by default (never e-mailed), and obeyed when turned off', async () => {
    const rows = await queryRows<{ kind: string; email: string | null }>(
      t.db,
      sql`SELECT kind, email FROM notifications WHERE kind LIKE 'post.%'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.email === null)).toBe(true);

    const prefs = (await call('quiet', 'GET', '/api/v1/notification-preferences')).json();
    expect(prefs.kinds['post.liked']).toEqual({ inApp: true, email: 'off' });
    expect(prefs.kinds['post.commented']).toEqual({ inApp: true, email: 'off' });
    const off = { ...prefs, kinds: { ...prefs.kinds, 'post.liked': { inApp: false, email: 'off' } } };
    expect((await call('quiet', 'PUT', '/api/v1/notification-preferences', off)).statusCode).toBe(200);
    const postId = await post('quiet', 'Seminar notes are on the shared drive.');
    expect(await like('colleague', postId)).toBe(200);
    expect(await comment('colleague', postId, 'Thanks!')).toBe(201);
    expect((await postNotices('quiet')).map((n) => n.kind)).toEqual(['post.commented']);
  });
});
