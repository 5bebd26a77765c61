// The endpoint table's entries for the activity feed and the researcher's
// home (the stat view and the remembered view). Spread into `endpoints`
// (endpoints.ts).
import { z } from 'zod';
import {
  commentParamsSchema,
  commentResponseSchema,
  commentsQuerySchema,
  commentsResponseSchema,
  createCommentRequestSchema,
  createPostRequestSchema,
  deletedCommentResponseSchema,
  feedImageParamsSchema,
  feedImageResponseSchema,
  feedQuerySchema,
  feedResponseSchema,
  likeResponseSchema,
  postParamsSchema,
  postResponseSchema,
  updatePostRequestSchema,
} from './feed';
import { dashboardQuerySchema, dashboardResponseSchema, homeViewRequestSchema, homeViewResponseSchema } from './home';

const noContent = { response: z.null(), statuses: [204] } as const;

export const feedEndpoints = {
  feed: { method: 'GET', path: '/api/v1/feed', query: feedQuerySchema, response: feedResponseSchema },
  createPost: {
    method: 'POST',
    path: '/api/v1/posts',
    body: createPostRequestSchema,
    response: postResponseSchema,
    statuses: [201],
  },
  post: { method: 'GET', path: '/api/v1/posts/:id', params: postParamsSchema, response: postResponseSchema },
  updatePost: {
    method: 'PATCH',
    path: '/api/v1/posts/:id',
    params: postParamsSchema,
    body: updatePostRequestSchema,
    response: postResponseSchema,
  },
  deletePost: { method: 'DELETE', path: '/api/v1/posts/:id', params: postParamsSchema, ...noContent },
  likePost: { method: 'PUT', path: '/api/v1/posts/:id/like', params: postParamsSchema, response: likeResponseSchema },
  unlikePost: { method: 'DELETE', path: '/api/v1/posts/:id/like', params: postParamsSchema, response: likeResponseSchema },
  postComments: {
    method: 'GET',
    path: '/api/v1/posts/:id/comments',
    params: postParamsSchema,
    query: commentsQuerySchema,
    response: commentsResponseSchema,
  },
  createComment: {
    method: 'POST',
    path: '/api/v1/posts/:id/comments',
    params: postParamsSchema,
    body: createCommentRequestSchema,
    response: commentResponseSchema,
    statuses: [201],
  },
  updateComment: {
    method: 'PATCH',
    path: '/api/v1/comments/:id',
    params: commentParamsSchema,
    body: createCommentRequestSchema,
    response: commentResponseSchema,
  },
  deleteComment: {
    method: 'DELETE',
    path: '/api/v1/comments/:id',
    params: commentParamsSchema,
    response: deletedCommentResponseSchema,
  },
  /** The image's bytes (PNG, JPEG or WebP, up to 5 MB) as the body; attach it to a post within a day. */
  uploadFeedImage: {
    method: 'POST',
    path: '/api/v1/feed/images',
    body: z.unknown(),
    response: feedImageResponseSchema,
    statuses: [201],
  },
  /** image/webp bytes, for those who may see the post (or its uploader before posting). */
  feedImage: { method: 'GET', path: '/api/v1/feed/images/:id', params: feedImageParamsSchema, response: z.unknown() },
  dashboard: { method: 'GET', path: '/api/v1/dashboard', query: dashboardQuerySchema, response: dashboardResponseSchema },
  setHomeView: { method: 'PUT', path: '/api/v1/dashboard/view', body: homeViewRequestSchema, response: homeViewResponseSchema },
} as const;
