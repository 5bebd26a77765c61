// The cache updates behind the live feed: a post listed once however it
// arrives, others' changes applied without losing my like, deletions, and
// comments joining an open list only where they belong.
import { describe, expect, it } from 'vitest';
import type { FeedComment, FeedItem } from '@grantbridge/contract/feed';
import {
  appendComment,
  applyRemoteItem,
  itemsOf,
  prependItem,
  removeComment,
  removeItem,
  replaceComment,
  setCommentCount,
  updateItem,
  type CommentPages,
  type FeedPages,
} from './feed-cache';

const post = (id: string, over: Partial<FeedItem> = {}): FeedItem => ({
  id,
  kind: 'post',
  author: {
    id: 'u1',
    name: 'Dr. Ada Lovelace',
    title: 'Professor',
    avatarUrl: null,
    institutionName: 'Example State University',
  },
  institutionId: 'i1',
  content: `Post ${id}`,
  event: null,
  image: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  editedAt: null,
  likeCount: 0,
  likedByMe: false,
  commentCount: 0,
  ...over,
});
const feed = (...pages: FeedItem[][]): FeedPages => ({
  pages: pages.map((items, i) => ({ items, nextCursor: i < pages.length - 1 ? `c${i}` : null })),
  pageParams: pages.map((_, i) => (i === 0 ? undefined : `c${i - 1}`)),
});
const comment = (id: string, postId = 'p1'): FeedComment => ({
  id,
  postId,
  author: { id: 'u2', name: 'Dr. Grace Hopper', avatarUrl: null },
  content: `Comment ${id}`,
  createdAt: '2026-11-25T10:05:00.000Z',
  editedAt: null,
});
const comments = (pages: FeedComment[][], lastCursor: string | null = null): CommentPages => ({
  pages: pages.map((items, i) => ({
    items,
    nextCursor: i < pages.length - 1 ? `c${i}` : lastCursor,
  })),
  pageParams: pages.map((_, i) => (i === 0 ? undefined : `c${i - 1}`)),
});
const ids = (data: FeedPages | CommentPages) =>
  itemsOf<{ id: string }>(data).map((item) => item.id);

describe('new posts', () => {
  it('go on top of the first page, and only once', () => {
    const data = feed([post('b'), post('c')], [post('d')]);
    const next = prependItem(data, post('a'));
    expect(ids(next)).toEqual(['a', 'b', 'c', 'd']);
    expect(next.pages[1]).toBe(data.pages[1]);
    // The POST answer and the live event of the same post: listed once.
    expect(prependItem(next, post('a'))).toBe(next);
    // Already on a later page (loaded after it was written): not listed again.
    expect(prependItem(next, post('d'))).toBe(next);
  });

  it('are listed once even if two pages overlap', () => {
    expect(ids(feed([post('a'), post('b')], [post('b'), post('c')]))).toEqual(['a', 'b', 'c']);
    expect(itemsOf(undefined)).toEqual([]);
  });
});

describe('changed and deleted posts', () => {
  it('take the new text and counts but keep my like', () => {
    const data = feed([post('a', { likedByMe: true, likeCount: 1 }), post('b')]);
    const { likedByMe: _mine, ...remote } = post('a', {
      content: 'Edited',
      editedAt: '2026-11-25T11:00:00.000Z',
      likeCount: 2,
      commentCount: 3,
    });
    const next = applyRemoteItem(data, remote);
    expect(itemsOf(next)[0]).toMatchObject({
      content: 'Edited',
      likeCount: 2,
      commentCount: 3,
      likedByMe: true,
    });
    expect(itemsOf(next)[1]).toBe(data.pages[0]!.items[1]);
  });

  it('leave the list alone when the post is not in it', () => {
    const data = feed([post('a')]);
    expect(updateItem(data, 'zz', (item) => ({ ...item, likeCount: 9 }))).toBe(data);
    expect(removeItem(data, 'zz')).toBe(data);
  });

  it('go when deleted, from whichever page holds them', () => {
    expect(ids(removeItem(feed([post('a')], [post('b'), post('c')]), 'b'))).toEqual(['a', 'c']);
  });

  it('show the comment count they are told', () => {
    const data = feed([post('a', { commentCount: 1 })]);
    expect(itemsOf(setCommentCount(data, 'a', 2))[0]!.commentCount).toBe(2);
  });
});

describe('comments', () => {
  it('join the end of a fully loaded list once', () => {
    const data = comments([[comment('c1')]]);
    const next = appendComment(data, comment('c2'));
    expect(ids(next)).toEqual(['c1', 'c2']);
    expect(appendComment(next, comment('c2'))).toBe(next);
  });

  it('wait for the later pages while those are still to be loaded', () => {
    const data = comments([[comment('c1')]], 'more');
    expect(appendComment(data, comment('c9'))).toBe(data);
  });

  it('are replaced when edited and removed when deleted', () => {
    const data = comments([[comment('c1'), comment('c2')]]);
    const edited = { ...comment('c1'), content: 'Better', editedAt: '2026-11-25T12:00:00.000Z' };
    expect(itemsOf(replaceComment(data, edited))[0]!.content).toBe('Better');
    expect(ids(removeComment(data, 'c1'))).toEqual(['c2']);
    expect(removeComment(data, 'nope')).toBe(data);
  });
});
