// The activity feed: posts, likes, comments and the events the product posts
// itself (a person joined, an award shared, a team formed). A post is seen by
// its author's institution and by the author's application teammates; nobody
// else. Text is plain: clients make links clickable and interpret nothing else.
import { z } from 'zod';
import { uuidSchema } from './uuid-schema';

export const postMaxLength = 5000;
export const commentMaxLength = 2000;
export const imageAltMaxLength = 300;
export const feedImageMaxBytes = 5 * 1024 * 1024;
export const feedPageSize = 20;

/** The query parameter of an area's home that puts one post on top of its feed (a notice's link). */
export const feedPostParam = 'post';
/** One post's address: the area's home (`home`) with the post on top of the feed, its comments open. */
export const feedPostPath = (home: string, postId: string) =>
  `${home}?${feedPostParam}=${encodeURIComponent(postId)}`;

export const feedEventTypes = ['member.joined', 'application.awarded', 'team.formed'] as const;
export type FeedEventType = (typeof feedEventTypes)[number];

const person = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  institutionName: z.string(),
});

export const feedImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type FeedImage = z.infer<typeof feedImageSchema>;

export const feedItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['post', 'event']),
  author: person,
  /** The author's institution when posted: its admins may remove the post. */
  institutionId: z.string(),
  /** Plain text exactly as written (an event's sentence for events). */
  content: z.string(),
  /** What an event is about, to link to. */
  event: z
    .object({
      type: z.enum(feedEventTypes),
      subject: z.object({ kind: z.enum(['researcher', 'grant']), id: z.string(), label: z.string() }),
    })
    .nullable(),
  image: feedImageSchema.nullable().optional(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  likeCount: z.number().int(),
  likedByMe: z.boolean(),
  commentCount: z.number().int(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

export const feedQuerySchema = z
  .object({
    /** From the previous page's nextCursor. */
    cursor: z.string().max(200, 'Not a feed cursor').optional(),
    limit: z.coerce.number({ error: 'limit is a number' }).int().min(1, 'limit is at least 1').max(50, 'limit is at most 50').default(feedPageSize),
  })
  .strict();
export const feedResponseSchema = z.object({ items: z.array(feedItemSchema), nextCursor: z.string().nullable() });
export type FeedResponse = z.infer<typeof feedResponseSchema>;

const text = (max: number, what: string) =>
  z
    .string({ error: `Write a ${what}` })
    .trim()
    .min(1, `Write a ${what}`)
    .max(max, `A ${what} is at most ${max.toLocaleString('en-US')} characters`);

export const createPostRequestSchema = z
  .object({
    content: text(postMaxLength, 'post'),
    imageId: uuidSchema('Image not found').optional(),
    imageAlt: z.string().trim().max(imageAltMaxLength, `Alt text is at most ${imageAltMaxLength} characters`).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.imageId && !body.imageAlt) {
      ctx.addIssue({ code: 'custom', path: ['imageAlt'], message: 'Describe the image for people who cannot see it' });
    }
    if (!body.imageId && body.imageAlt) {
      ctx.addIssue({ code: 'custom', path: ['imageId'], message: 'Alt text needs an image' });
    }
  });
export type CreatePostRequest = z.infer<typeof createPostRequestSchema>;
export const updatePostRequestSchema = z.object({ content: text(postMaxLength, 'post') }).strict();
export const postParamsSchema = z.object({ id: uuidSchema('Post not found') });
export const postResponseSchema = z.object({ item: feedItemSchema });
export const likeResponseSchema = z.object({ likeCount: z.number().int(), likedByMe: z.boolean() });

export const feedCommentSchema = z.object({
  id: z.string(),
  postId: z.string(),
  author: person.pick({ id: true, name: true, avatarUrl: true }),
  content: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type FeedComment = z.infer<typeof feedCommentSchema>;
export const commentsQuerySchema = z
  .object({
    cursor: z.string().max(200, 'Not a comments cursor').optional(),
    limit: z.coerce.number({ error: 'limit is a number' }).int().min(1, 'limit is at least 1').max(100, 'limit is at most 100').default(50),
  })
  .strict();
/** Oldest first, as a conversation reads. */
export const commentsResponseSchema = z.object({ items: z.array(feedCommentSchema), nextCursor: z.string().nullable() });
export const createCommentRequestSchema = z.object({ content: text(commentMaxLength, 'comment') }).strict();
export const commentParamsSchema = z.object({ id: uuidSchema('Comment not found') });
export const commentResponseSchema = z.object({ comment: feedCommentSchema, commentCount: z.number().int() });
export const deletedCommentResponseSchema = z.object({ postId: z.string(), commentCount: z.number().int() });

export const feedImageResponseSchema = z.object({
  image: feedImageSchema.omit({ alt: true }),
});
export const feedImageParamsSchema = z.object({ id: uuidSchema('Image not found') });
