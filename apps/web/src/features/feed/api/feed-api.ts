// The activity feed's REST calls and their cache keys. Posts, counts and
// comments written by others arrive over the realtime socket and are written
// into the same caches (hooks/use-feed-realtime.ts).
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { EndpointResponse } from '@grantbridge/contract/endpoints';
import type { FeedComment, FeedItem } from '@grantbridge/contract/feed';
import { api, isApiError } from '../../../lib/api-client';

export type FeedPage = EndpointResponse<'feed'>;
export type CommentPage = EndpointResponse<'postComments'>;
export type UploadedImage = EndpointResponse<'uploadFeedImage'>['image'];

export const feedKeys = {
  all: ['feed'] as const,
  /** The feed itself, one infinite list, newest first. */
  list: ['feed', 'list'] as const,
  /** Posts shown on their own, above the feed (a notice's link). */
  postsAll: ['feed', 'post'] as const,
  post: (id: string) => ['feed', 'post', id] as const,
  commentsAll: ['feed', 'comments'] as const,
  /** One post's comments, an infinite list, oldest first. */
  comments: (postId: string) => ['feed', 'comments', postId] as const,
};

export function getFeed(cursor: string | undefined, signal?: AbortSignal): Promise<FeedPage> {
  return api.call('GET /api/v1/feed', { query: { cursor }, signal });
}

/** The feed's first page and the next ones (the route starts it while the page loads). */
export const feedQuery = infiniteQueryOptions({
  queryKey: feedKeys.list,
  queryFn: ({ pageParam, signal }) => getFeed(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
  // Events are heard only while the feed is on screen: coming back loads it afresh. The route
  // asks for it as the page opens (decision 051); within a second it is that very answer.
  staleTime: 1000,
});

/** One post, or null when it is gone or not the viewer's to see (the API answers as if it never was). */
export const postQuery = (id: string) =>
  queryOptions({
    queryKey: feedKeys.post(id),
    queryFn: async ({ signal }): Promise<FeedItem | null> => {
      try {
        return (await api.call('GET /api/v1/posts/:id', { params: { id }, signal })).item;
      } catch (error) {
        // 400: an address whose id is not a post's at all.
        if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
  });

export async function createPost(body: {
  content: string;
  imageId?: string;
  imageAlt?: string;
}): Promise<FeedItem> {
  const result = await api.call('POST /api/v1/posts', { body });
  return result.item;
}

export async function updatePost(id: string, content: string): Promise<FeedItem> {
  const result = await api.call('PATCH /api/v1/posts/:id', { params: { id }, body: { content } });
  return result.item;
}

export async function deletePost(id: string): Promise<void> {
  await api.call('DELETE /api/v1/posts/:id', { params: { id } });
}

export function setLike(id: string, liked: boolean): Promise<EndpointResponse<'likePost'>> {
  const params = { id };
  return liked
    ? api.call('PUT /api/v1/posts/:id/like', { params })
    : api.call('DELETE /api/v1/posts/:id/like', { params });
}

export function getComments(
  postId: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<CommentPage> {
  return api.call('GET /api/v1/posts/:id/comments', {
    params: { id: postId },
    query: { cursor },
    signal,
  });
}

export function createComment(
  postId: string,
  content: string,
): Promise<{ comment: FeedComment; commentCount: number }> {
  return api.call('POST /api/v1/posts/:id/comments', { params: { id: postId }, body: { content } });
}

export function updateComment(
  id: string,
  content: string,
): Promise<{ comment: FeedComment; commentCount: number }> {
  return api.call('PATCH /api/v1/comments/:id', { params: { id }, body: { content } });
}

export function deleteComment(id: string): Promise<EndpointResponse<'deleteComment'>> {
  return api.call('DELETE /api/v1/comments/:id', { params: { id } });
}

/** Sends a picture's bytes; the server re-encodes it and answers where it is served. */
export async function uploadFeedImage(file: File): Promise<UploadedImage> {
  const result = await api.upload('POST /api/v1/feed/images', {
    text: file,
    contentType: file.type,
  });
  return result.image;
}
