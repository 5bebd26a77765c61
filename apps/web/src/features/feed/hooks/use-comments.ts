// A post's comments (oldest first, a page at a time) and writing them: add,
// edit, delete. Each answer carries the post's comment count, written into
// the cached feed so the toggle's "N comments" is right at once.
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  createComment,
  deleteComment,
  feedKeys,
  getComments,
  updateComment,
} from '../api/feed-api';
import {
  appendComment,
  removeComment,
  replaceComment,
  setCommentCount,
  type CommentPages,
} from '../utils/feed-cache';
import { writeFeed } from './use-feed';

export function useComments(postId: string) {
  return useInfiniteQuery({
    queryKey: feedKeys.comments(postId),
    queryFn: ({ pageParam, signal }) => getComments(postId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
}

/** Applies a change to one post's cached comments, if they are loaded. */
export function writeComments(
  queryClient: QueryClient,
  postId: string,
  change: (data: CommentPages) => CommentPages,
): void {
  queryClient.setQueryData<CommentPages>(feedKeys.comments(postId), (data) =>
    data ? change(data) : data,
  );
}

export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => createComment(postId, content),
    onSuccess: ({ comment, commentCount }) => {
      writeComments(queryClient, postId, (data) => appendComment(data, comment));
      writeFeed(queryClient, (data) => setCommentCount(data, postId, commentCount));
    },
  });
}

export function useEditComment(postId: string, commentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => updateComment(commentId, content),
    onSuccess: ({ comment, commentCount }) => {
      writeComments(queryClient, postId, (data) => replaceComment(data, comment));
      writeFeed(queryClient, (data) => setCommentCount(data, postId, commentCount));
    },
  });
}

export function useDeleteComment(postId: string, commentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteComment(commentId),
    onSuccess: ({ commentCount }) => {
      writeComments(queryClient, postId, (data) => removeComment(data, commentId));
      writeFeed(queryClient, (data) => setCommentCount(data, postId, commentCount));
    },
    onError: () => {
      toast.error('We couldn’t delete the comment. Please try again.');
    },
  });
}
