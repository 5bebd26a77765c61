// A post shown on its own (a notice's link) follows the feed's changes as the
// listed posts do: likes and counts, its removal; but it never gains the new
// posts that go on top of the list.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { FeedItem } from '@grantbridge/contract/feed';
import { feedKeys } from '../api/feed-api';
import { prependItem, removeItem, setCommentCount, updateItem, type FeedPages } from '../utils/feed-cache';
import { writeFeed } from './use-feed';

const post = (id: string, over: Partial<FeedItem> = {}): FeedItem => ({
  id,
  kind: 'post',
  author: { id: 'u1', name: 'Dr. Ada Lovelace', title: null, avatarUrl: null, institutionName: 'Example State' },
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

function clientWith(focused: FeedItem, listed: FeedItem[]) {
  const client = new QueryClient();
  client.setQueryData<FeedPages>(feedKeys.list, { pages: [{ items: listed, nextCursor: null }], pageParams: [undefined] });
  client.setQueryData(feedKeys.post(focused.id), focused);
  return client;
}

describe('writeFeed and a post shown on its own', () => {
  it('applies a like and a comment count to it, listed or not', () => {
    const client = clientWith(post('old'), [post('new')]);
    writeFeed(client, (data) => updateItem(data, 'old', (item) => ({ ...item, likedByMe: true, likeCount: 1 })));
    writeFeed(client, (data) => setCommentCount(data, 'old', 3));
    expect(client.getQueryData(feedKeys.post('old'))).toMatchObject({ likedByMe: true, likeCount: 1, commentCount: 3 });
    expect(client.getQueryData<FeedPages>(feedKeys.list)!.pages[0]!.items).toEqual([post('new')]);
  });

  it('leaves it alone when another post changes, and never adds the new ones to it', () => {
    const focused = post('old');
    const client = clientWith(focused, []);
    writeFeed(client, (data) => updateItem(data, 'other', (item) => ({ ...item, likeCount: 9 })));
    writeFeed(client, (data) => prependItem(data, post('newest')));
    expect(client.getQueryData(feedKeys.post('old'))).toBe(focused);
  });

  it('makes it null when it is deleted', () => {
    const client = clientWith(post('old'), []);
    writeFeed(client, (data) => removeItem(data, 'old'));
    expect(client.getQueryData(feedKeys.post('old'))).toBeNull();
  });
});
