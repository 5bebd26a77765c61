// The feed module's tables: posts (people's and the product's own events),
// their likes and comments, and the pictures attached to posts. Counts of
// likes and comments are kept on the post, changed in the same transaction
// as the like or comment, so a feed page never counts rows.
import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userReference, users } from './auth';
import { institutions } from './institutions';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Re-encoded WebP (metadata stripped); unattached ones are removed after a day. */
export const feedImages = pgTable(
  'feed_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uploaderId: userReference('uploader_id'),
    image: bytea('image').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feed_images_uploader_idx').on(t.uploaderId, t.createdAt)],
);

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: userReference('author_id'),
    /** The author's institution when posted: its members see the post, its admins may remove it. */
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['post', 'event'] }).notNull().default('post'),
    eventType: text('event_type', { enum: ['member.joined', 'application.awarded', 'team.formed'] }),
    eventSubjectKind: text('event_subject_kind', { enum: ['researcher', 'grant'] }),
    eventSubjectId: uuid('event_subject_id'),
    eventSubjectLabel: text('event_subject_label'),
    /** One event per fact ("awarded:<application>"): recording it twice changes nothing. */
    eventKey: text('event_key'),
    content: text('content').notNull(),
    imageId: uuid('image_id').references(() => feedImages.id, { onDelete: 'set null' }),
    imageAlt: text('image_alt'),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    index('posts_institution_idx').on(t.institutionId, t.createdAt.desc(), t.id.desc()),
    index('posts_author_idx').on(t.authorId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('posts_event_key_idx').on(t.eventKey).where(sql`event_key IS NOT NULL`),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: userReference(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_idx').on(t.userId)],
);

export const postComments = pgTable(
  'post_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [index('post_comments_post_idx').on(t.postId, t.createdAt, t.id), index('post_comments_author_idx').on(t.authorId)],
);
