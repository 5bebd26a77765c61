// Pure updates of the cached feed and comment lists, so a realtime event or
// one of the user's own changes shows at once without refetching, and no post
// or comment is ever listed twice (the author's own post arrives both as the
// POST answer and as a live event).
import type { FeedComment, FeedItem } from '@grantbridge/contract/feed';
import type { CommentPage, FeedPage } from '../api/feed-api';

/** The pages of an infinite list, as TanStack Query keeps them. */
export type Pages<P> = { pages: P[]; pageParams: unknown[] };
export type FeedPages = Pages<FeedPage>;
export type CommentPages = Pages<CommentPage>;

/** A post as a live update sends it: everything but the recipient's own like. */
export type RemoteFeedItem = Omit<FeedItem, 'likedByMe'>;

/** Every item of the loaded pages in order, each once. */
export function itemsOf<T extends { id: string }>(data: Pages<{ items: T[] }> | undefined): T[] {
  if (!data) return [];
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

const has = (data: Pages<{ items: { id: string }[] }>, id: string) =>
  data.pages.some((page) => page.items.some((item) => item.id === id));

/**
 * A new post on top of the first page, unless it is already listed. The
 * cursors of later pages point below it, so they stay right.
 */
export function prependItem(data: FeedPages, item: FeedItem): FeedPages {
  const [first, ...rest] = data.pages;
  if (!first || has(data, item.id)) return data;
  return { ...data, pages: [{ ...first, items: [item, ...first.items] }, ...rest] };
}

/** The list with one post changed; the same object when it is not listed. */
export function updateItem(
  data: FeedPages,
  id: string,
  change: (item: FeedItem) => FeedItem,
): FeedPages {
  if (!has(data, id)) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.items.some((item) => item.id === id)
        ? { ...page, items: page.items.map((item) => (item.id === id ? change(item) : item)) }
        : page,
    ),
  };
}

/** A post as someone else changed it (text, counts), keeping whether I like it. */
export function applyRemoteItem(data: FeedPages, remote: RemoteFeedItem): FeedPages {
  return updateItem(data, remote.id, (item) => ({ ...item, ...remote, likedByMe: item.likedByMe }));
}

export function removeItem(data: FeedPages, id: string): FeedPages {
  if (!has(data, id)) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.filter((item) => item.id !== id),
    })),
  };
}

export function setCommentCount(data: FeedPages, postId: string, commentCount: number): FeedPages {
  return updateItem(data, postId, (item) =>
    item.commentCount === commentCount ? item : { ...item, commentCount },
  );
}

/**
 * A new comment at the end of the list (oldest first), once. While later
 * pages are still to be loaded it is left to them, where it will come in order.
 */
export function appendComment(data: CommentPages, comment: FeedComment): CommentPages {
  const last = data.pages.at(-1);
  if (!last || last.nextCursor !== null || has(data, comment.id)) return data;
  return {
    ...data,
    pages: [...data.pages.slice(0, -1), { ...last, items: [...last.items, comment] }],
  };
}

export function replaceComment(data: CommentPages, comment: FeedComment): CommentPages {
  if (!has(data, comment.id)) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((c) => (c.id === comment.id ? comment : c)),
    })),
  };
}

export function removeComment(data: CommentPages, id: string): CommentPages {
  if (!has(data, id)) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: page.items.filter((c) => c.id !== id) })),
  };
}
