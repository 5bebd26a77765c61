// What a person does to posts: publish (with a picture uploaded first), like
// (shown at once, undone if the server refuses), edit and delete. Each writes
// the answer into the cached feed, so nothing waits for a refetch.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  createPost,
  deletePost,
  feedKeys,
  setLike,
  updatePost,
  uploadFeedImage,
} from '../api/feed-api';
import { prependItem, removeItem, updateItem } from '../utils/feed-cache';
import { writeFeed } from './use-feed';

export type NewPost = { content: string; picture?: { file: File; alt: string } };

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ content, picture }: NewPost) => {
      const image = picture ? await uploadFeedImage(picture.file) : null;
      return createPost(
        image && picture ? { content, imageId: image.id, imageAlt: picture.alt } : { content },
      );
    },
    onSuccess: (item) => writeFeed(queryClient, (data) => prependItem(data, item)),
  });
}

export function useLikePost(postId: string) {
  const queryClient = useQueryClient();
  const setMine = (likedByMe: boolean, likeCount?: number) =>
    writeFeed(queryClient, (data) =>
      updateItem(data, postId, (item) => ({
        ...item,
        likedByMe,
        likeCount:
          likeCount ??
          Math.max(0, item.likeCount + (likedByMe === item.likedByMe ? 0 : likedByMe ? 1 : -1)),
      })),
    );
  return useMutation({
    mutationFn: (liked: boolean) => setLike(postId, liked),
    onMutate: (liked) => setMine(liked),
    onSuccess: (result) => setMine(result.likedByMe, result.likeCount),
    onError: (_error, liked) => {
      setMine(!liked);
      toast.error('We couldn’t update your like. Please try again.');
    },
  });
}

export function useEditPost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => updatePost(postId, content),
    onSuccess: (item) => writeFeed(queryClient, (data) => updateItem(data, postId, () => item)),
  });
}

export function useDeletePost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deletePost(postId),
    onSuccess: () => {
      writeFeed(queryClient, (data) => removeItem(data, postId));
      queryClient.removeQueries({ queryKey: feedKeys.comments(postId) });
    },
    onError: () => {
      toast.error('We couldn’t delete the post. Please try again.');
    },
  });
}
