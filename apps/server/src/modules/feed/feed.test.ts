// The activity feed through the API on a real database: who sees a post (the
// author's institution and the author's teammates elsewhere, nobody else, by
// any route), posting, editing, liking and commenting, paging without
// repeats, pictures, and the live events each change sends to whom.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeDelivery } from '../../plugins/realtime-bus';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makePerson, type TestPerson } from '../../../test/factories';

let t: TestApp;
const p: Record<string, TestPerson & { domain: string }> = {};
const deliveries: RealtimeDelivery[] = [];
let applicationId: string;

type Who = keyof typeof p | undefined;
const call = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: p[who]!.cookie } : {}, ...(payload ? { payload } : {}) });
const post = async (who: string, content: string) => {
  const res = await call(who, 'POST', '/api/v1/posts', { content });
  expect(res.statusCode).toBe(201);
  return res.json().item as { id: string; content: string };
};
const feedIds = async (who: string) =>
  {
    const res = await call(who, 'GET', '/api/v1/feed?limit=50');
    if (res.statusCode !== 200) throw new Error(res.body);
    return (res.json().items as { id: string }[]).map((i) => i.id);
  };
const recipientsOf = (type: string, match: (data: never) => boolean) =>
  deliveries.filter((d) => d.event.type === type && match(d.event.data as never)).flatMap((d) => d.recipients);

beforeAll(async () => {
  t = await createTestApp();
  p.author = await makePerson(t.db, 'Dr. Ada Author');
  p.colleague = await makePerson(t.db, 'Cole League', 'researcher', p.author.domain);
  p.admin = await makePerson(t.db, 'Ann Admin', 'admin', p.author.domain);
  p.partner = await makePerson(t.db, 'Parker Partner');
  p.partnerColleague = await makePerson(t.db, 'Polly Elsewhere', 'researcher', p.partner.domain);
  p.otherAdmin = await makePerson(t.db, 'Oscar Otheradmin', 'admin', p.partner.domain);
  p.stranger = await makePerson(t.db, 'Stan Stranger');
  p.removed = await makePerson(t.db, 'Rita Removed', 'researcher', p.author.domain);
  // The partner joins the author's application: they are teammates across institutions.
  const grant = await makeGrant(t.db, { title: 'Tidal marsh carbon', closeDate: '2031-03-01' });
  const application = (await call('author', 'POST', '/api/v1/applications', { grantId: grant.id })).json().application.id;
  await call('author', 'POST', `/api/v1/applications/${application}/members`, { userId: p.partner.id, role: 'co_investigator' });
  expect((await call('partner', 'POST', `/api/v1/applications/${application}/members/me/accept`)).statusCode).toBe(200);
  expect((await call('admin', 'PATCH', `/api/v1/admin/researchers/${p.removed.id}`, { status: 'deactivated' })).statusCode).toBe(200);
  applicationId = application;
  t.app.realtime.subscribe((d) => deliveries.push(d));
});
afterAll(() => t.close());

describe('who sees a post', () => {
  let postId: string;
  beforeAll(async () => {
    deliveries.length = 0;
    postId = (await post('author', 'Our marsh cores are back from the lab: see https://example.org/cores')).id;
  });

  it.each([
    ['the author', 'author', true],
    ['a colleague', 'colleague', true],
    ["the institution's admin", 'admin', true],
    ['a teammate at another institution', 'partner', true],
    ["the teammate's colleague", 'partnerColleague', false],
    ["another institution's admin", 'otherAdmin', false],
    ['a stranger', 'stranger', false],
  ])('%s: sees it %s, by the feed and by id', async (_, who, sees) => {
    expect((await feedIds(who)).includes(postId)).toBe(sees);
    expect((await call(who, 'GET', `/api/v1/posts/${postId}`)).statusCode).toBe(sees ? 200 : 404);
    expect((await call(who, 'GET', `/api/v1/posts/${postId}/comments`)).statusCode).toBe(sees ? 200 : 404);
  });

  it('answers 404 on every route to those outside the audience, changing nothing', async () => {
    for (const who of ['partnerColleague', 'otherAdmin', 'stranger']) {
      expect((await call(who, 'PUT', `/api/v1/posts/${postId}/like`)).statusCode).toBe(404);
      expect((await call(who, 'DELETE', `/api/v1/posts/${postId}/like`)).statusCode).toBe(404);
      expect((await call(who, 'POST', `/api/v1/posts/${postId}/comments`, { content: 'hi' })).statusCode).toBe(404);
      expect((await call(who, 'PATCH', `/api/v1/posts/${postId}`, { content: 'mine now' })).statusCode).toBe(404);
      expect((await call(who, 'DELETE', `/api/v1/posts/${postId}`)).statusCode).toBe(404);
    }
    const { item } = (await call('author', 'GET', `/api/v1/posts/${postId}`)).json();
    expect(item).toMatchObject({ likeCount: 0, commentCount: 0, content: expect.stringContaining('marsh cores') });
  });

  it('asks the signed-out and the removed to sign in', async () => {
    expect((await call(undefined, 'GET', '/api/v1/feed')).statusCode).toBe(401);
    expect((await call('removed', 'GET', '/api/v1/feed')).statusCode).toBe(401);
    expect((await call('removed', 'GET', `/api/v1/posts/${postId}`)).statusCode).toBe(401);
  });

  it('sends the new post live to the audience only', () => {
    const recipients = recipientsOf('feed.post.created', (d: { id: string }) => d.id === postId);
    expect(new Set(recipients)).toEqual(new Set([p.author!.id, p.colleague!.id, p.admin!.id, p.partner!.id]));
    expect(recipients).toHaveLength(4);
  });

  it('sees the teammate’s own posts too, but not their colleagues’', async () => {
    const partnerPost = await post('partner', 'Sampling plan attached in the team chat.');
    const elsewhere = await post('partnerColleague', 'Seminar on Friday.');
    expect(await feedIds('author')).toContain(partnerPost.id);
    expect(await feedIds('colleague')).not.toContain(partnerPost.id);
    expect(await feedIds('author')).not.toContain(elsewhere.id);
  });
});

describe('posting', () => {
  it('refuses empty, whitespace and oversized text with validation_failed', async () => {
    for (const content of ['', '   \n\t ', 'x'.repeat(5001)]) {
      const res = await call('author', 'POST', '/api/v1/posts', { content });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    expect((await call('author', 'POST', '/api/v1/posts', { content: 'ok', imageAlt: 'alone' })).statusCode).toBe(400);
  });

  it('keeps hostile text exactly as written, trimmed', async () => {
    const hostile = '<script>alert(1)</script> ' + 'w'.repeat(3000);
    const item = await post('author', `  ${hostile}  `);
    expect(item.content).toBe(hostile);
  });

  it('starts a post with no likes and no comments, first in the feed', async () => {
    const item = (await call('colleague', 'POST', '/api/v1/posts', { content: 'Just arrived' })).json().item;
    expect(item).toMatchObject({ kind: 'post', likeCount: 0, likedByMe: false, commentCount: 0, editedAt: null, author: { name: 'Cole League' } });
    expect((await feedIds('author'))[0]).toBe(item.id);
  });

  it('lets the author edit and no one else; an admin of the institution removes it', async () => {
    const item = await post('colleague', 'Draft thought');
    expect((await call('author', 'PATCH', `/api/v1/posts/${item.id}`, { content: 'hijack' })).statusCode).toBe(403);
    expect((await call('admin', 'PATCH', `/api/v1/posts/${item.id}`, { content: 'hijack' })).statusCode).toBe(403);
    const edited = await call('colleague', 'PATCH', `/api/v1/posts/${item.id}`, { content: 'Better thought' });
    expect(edited.json().item).toMatchObject({ content: 'Better thought', editedAt: expect.any(String) });
    expect((await call('author', 'DELETE', `/api/v1/posts/${item.id}`)).statusCode).toBe(403);
    expect((await call('partner', 'DELETE', `/api/v1/posts/${item.id}`)).statusCode).toBe(404);
    deliveries.length = 0;
    expect((await call('admin', 'DELETE', `/api/v1/posts/${item.id}`)).statusCode).toBe(204);
    expect((await call('colleague', 'GET', `/api/v1/posts/${item.id}`)).statusCode).toBe(404);
    expect(recipientsOf('feed.post.deleted', (d: { id: string }) => d.id === item.id)).toContain(p.author!.id);
  });
});

describe('likes and comments', () => {
  it('likes idempotently and counts every person once', async () => {
    const item = await post('author', 'Like me twice');
    const url = `/api/v1/posts/${item.id}/like`;
    expect((await call('colleague', 'PUT', url)).json()).toEqual({ likeCount: 1, likedByMe: true });
    expect((await call('colleague', 'PUT', url)).json()).toEqual({ likeCount: 1, likedByMe: true });
    expect((await call('partner', 'PUT', url)).json()).toEqual({ likeCount: 2, likedByMe: true });
    expect((await call('colleague', 'DELETE', url)).json()).toEqual({ likeCount: 1, likedByMe: false });
    expect((await call('colleague', 'DELETE', url)).json()).toEqual({ likeCount: 1, likedByMe: false });
    const partnerView = (await call('partner', 'GET', `/api/v1/posts/${item.id}`)).json().item;
    expect(partnerView).toMatchObject({ likeCount: 1, likedByMe: true });
    const last = deliveries.filter((d) => d.event.type === 'feed.post.updated').at(-1)!;
    expect(last.event.data).toMatchObject({ id: item.id, likeCount: 1 });
    expect(last.event.data).not.toHaveProperty('likedByMe');
  });

  it('comments in order, counts them, and lets the author or the admin remove one', async () => {
    const item = await post('author', 'Comment on this');
    const url = `/api/v1/posts/${item.id}/comments`;
    expect((await call('colleague', 'POST', url, { content: '  ' })).json().code).toBe('validation_failed');
    deliveries.length = 0;
    const first = await call('colleague', 'POST', url, { content: 'First!' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ commentCount: 1, comment: { content: 'First!', author: { name: 'Cole League' } } });
    expect(new Set(recipientsOf('feed.comment.created', () => true))).toEqual(
      new Set([p.author!.id, p.colleague!.id, p.admin!.id, p.partner!.id]),
    );
    const second = (await call('partner', 'POST', url, { content: 'Second' })).json();
    expect(second.commentCount).toBe(2);
    expect(((await call('author', 'GET', url)).json().items as { content: string }[]).map((c) => c.content)).toEqual(['First!', 'Second']);
    const commentUrl = `/api/v1/comments/${second.comment.id}`;
    expect((await call('author', 'PATCH', commentUrl, { content: 'edited by another' })).statusCode).toBe(403);
    expect((await call('stranger', 'PATCH', commentUrl, { content: 'x' })).statusCode).toBe(404);
    expect((await call('partner', 'PATCH', commentUrl, { content: 'Second, edited' })).json().comment).toMatchObject({
      content: 'Second, edited',
      editedAt: expect.any(String),
    });
    expect((await call('colleague', 'DELETE', commentUrl)).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', commentUrl)).json()).toEqual({ postId: item.id, commentCount: 1 });
    expect((await call('author', 'GET', `/api/v1/posts/${item.id}`)).json().item.commentCount).toBe(1);
  });
});

describe('paging', () => {
  it('pages by cursor without repeating or skipping, even while new posts arrive', async () => {
    const person = await makePerson(t.db, 'Paige Pager');
    const mine = [];
    for (let i = 0; i < 7; i++) mine.push((await call(undefined, 'GET', '/api/v1/feed')) && (await t.app.inject({ method: 'POST', url: '/api/v1/posts', headers: { cookie: person.cookie }, payload: { content: `Post ${i}` } })).json().item.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/feed?limit=3${cursor ? `&cursor=${cursor}` : ''}`, headers: { cookie: person.cookie } });
      const body = res.json() as { items: { id: string }[]; nextCursor: string | null };
      seen.push(...body.items.map((i) => i.id));
      cursor = body.nextCursor;
      if (pages++ === 0) await t.app.inject({ method: 'POST', url: '/api/v1/posts', headers: { cookie: person.cookie }, payload: { content: 'Arrived meanwhile' } });
    } while (cursor);
    expect(seen).toEqual([...mine].reverse());
    expect(pages).toBe(3);
  });

  it('refuses a cursor it did not give out', async () => {
    const res = await call('author', 'GET', '/api/v1/feed?cursor=bm90LWEtY3Vyc29y');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});

describe('pictures', () => {
  const upload = (who: string, body: Buffer, type = 'image/png') =>
    t.app.inject({ method: 'POST', url: '/api/v1/feed/images', headers: { cookie: p[who]!.cookie, 'content-type': type }, payload: body });

  it('re-encodes a picture without its metadata and shows it with its post to the audience only', async () => {
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3366aa' } })
      .png()
      .withMetadata({ exif: { IFD0: { Artist: 'Secret Location' } } })
      .toBuffer();
    const uploaded = await upload('author', png);
    expect(uploaded.statusCode).toBe(201);
    const { image } = uploaded.json();
    expect(image).toMatchObject({ width: 1600, height: 800 });
    expect((await call('colleague', 'GET', image.url)).statusCode).toBe(404);
    const missingAlt = await call('author', 'POST', '/api/v1/posts', { content: 'Look', imageId: image.id });
    expect(missingAlt.json().errors).toEqual([{ path: 'imageAlt', message: 'Describe the image for people who cannot see it' }]);
    const item = (await call('author', 'POST', '/api/v1/posts', { content: 'Look', imageId: image.id, imageAlt: 'A blue field' })).json().item;
    expect(item.image).toMatchObject({ id: image.id, alt: 'A blue field', width: 1600 });
    const served = await call('partner', 'GET', image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect((await call('stranger', 'GET', image.url)).statusCode).toBe(404);
    expect((await call('colleague', 'POST', '/api/v1/posts', { content: 'Mine', imageId: image.id, imageAlt: 'x' })).statusCode).toBe(400);
  });

  it('refuses what is not a picture by its bytes, and what is too large', async () => {
    const huge = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#222' } }).webp().toBuffer();
    const tooMany = await upload('author', huge, 'image/webp');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0]).toMatchObject({ path: 'image', message: expect.stringContaining('49 megapixels') });
    const fake = await upload('author', Buffer.from('%PDF-1.7 not an image'), 'image/png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().code).toBe('validation_failed');
    const big = await upload('author', Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(big.statusCode).toBe(413);
  });
});

describe('events', () => {
  const events = async (who: string, type: string) =>
    ((await call(who, 'GET', '/api/v1/feed?limit=50')).json().items as { kind: string; event: { type: string } | null }[]).filter(
      (i) => i.kind === 'event' && i.event?.type === type,
    );

  it('says once that a team formed, to the institution and the team', async () => {
    const [formed] = await events('colleague', 'team.formed');
    expect(formed).toMatchObject({
      author: { name: 'Dr. Ada Author' },
      content: expect.stringContaining('formed a team with Parker Partner'),
      event: { subject: { kind: 'grant', label: 'Tidal marsh carbon' } },
    });
    expect(await events('partner', 'team.formed')).toHaveLength(1);
    expect(await events('stranger', 'team.formed')).toHaveLength(0);
    expect((await call('colleague', 'PATCH', `/api/v1/posts/${(formed as unknown as { id: string }).id}`, { content: 'x' })).statusCode).toBe(403);
  });

  it('shares an award only when the PI chooses to, once', async () => {
    const move = (who: string, body: object) => call(who, 'PATCH', `/api/v1/applications/${applicationId}`, body);
    expect((await move('author', { shareInFeed: true })).json().code).toBe('validation_failed');
    expect((await move('author', { status: 'internal_review' })).statusCode).toBe(200);
    expect((await move('admin', { status: 'submitted' })).statusCode).toBe(200);
    expect((await move('admin', { status: 'awarded', amountAwarded: 250000 })).statusCode).toBe(200);
    expect(await events('colleague', 'application.awarded')).toHaveLength(0);
    expect((await move('admin', { shareInFeed: true })).statusCode).toBe(403);
    expect((await move('partner', { shareInFeed: true })).statusCode).toBe(403);
    expect((await move('author', { shareInFeed: true })).statusCode).toBe(200);
    expect((await move('author', { shareInFeed: true })).statusCode).toBe(200);
    const shared = await events('colleague', 'application.awarded');
    expect(shared).toHaveLength(1);
    expect(shared[0]).toMatchObject({ content: expect.stringContaining('was awarded “Tidal marsh carbon”') });
    expect(await events('partner', 'application.awarded')).toHaveLength(1);
    expect(await events('otherAdmin', 'application.awarded')).toHaveLength(0);
  });
});
