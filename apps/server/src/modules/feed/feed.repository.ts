// The feed's queries. A feed page is two keyset scans (the viewer's
// institution, and teammates elsewhere) merged and cut to one page; counts
// live on the post, so nothing is counted per page. Reads users (authors'
// names, an institution's members) and the pipeline's application teams
// (who is whose teammate): docs/decisions/014-module-boundaries.md.
import { sql } from 'drizzle-orm';
import { queryRows, uuidArray, type Db } from '../../db/client';
import { createdKeySql, type Cursor } from '../../lib/keyset-cursor';

export type PostRow = {
  id: string;
  kind: 'post' | 'event';
  author_id: string;
  author_name: string;
  author_title: string | null;
  author_avatar: string | null;
  author_institution: string;
  institution_id: string;
  content: string;
  event_type: 'member.joined' | 'application.awarded' | 'team.formed' | null;
  event_subject_kind: 'researcher' | 'grant' | null;
  event_subject_id: string | null;
  event_subject_label: string | null;
  image_id: string | null;
  image_alt: string | null;
  image_width: number | null;
  image_height: number | null;
  like_count: number;
  comment_count: number;
  created_at: Date | string;
  edited_at: Date | string | null;
  /** created_at to the microsecond, as PostgreSQL reads it back: the cursor's key. */
  created_key: string;
};

export type CommentRow = {
  id: string;
  post_id: string;
  author_id: string;
  author_name: string;
  author_avatar: string | null;
  content: string;
  created_at: Date | string;
  edited_at: Date | string | null;
  created_key: string;
};


const postColumns = sql`p.id, p.kind, p.author_id, u.name AS author_name, u.title AS author_title,
  u.avatar_url AS author_avatar, i.name AS author_institution, p.institution_id, p.content, p.event_type,
  p.event_subject_kind, p.event_subject_id, p.event_subject_label, p.image_id, p.image_alt,
  fi.width AS image_width, fi.height AS image_height, p.like_count, p.comment_count, p.created_at, p.edited_at,
  ${createdKeySql('p.created_at')} AS created_key`;
const postFrom = sql`FROM posts p JOIN users u ON u.id = p.author_id JOIN institutions i ON i.id = p.institution_id
  LEFT JOIN feed_images fi ON fi.id = p.image_id`;

/** People on an application with `userId` (as PI or accepted member), `userId` left out. */
export async function findTeammateIds(db: Db, userId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`WITH mine AS (
        SELECT id FROM applications WHERE user_id = ${userId}
        UNION SELECT application_id FROM application_members WHERE user_id = ${userId} AND status = 'active')
      SELECT a.user_id AS id FROM applications a JOIN mine ON mine.id = a.id
      UNION SELECT m.user_id FROM application_members m JOIN mine ON mine.id = m.application_id WHERE m.status = 'active'`,
  );
  return rows.map((r) => r.id).filter((id) => id !== userId);
}

/** Teammates at other institutions than `institutionId` (those at the same one see its posts anyway). */
export async function findOutsideTeammates(db: Db, userId: string, institutionId: string): Promise<string[]> {
  const ids = await findTeammateIds(db, userId);
  if (!ids.length) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM users WHERE id = ANY(${uuidArray(ids)}) AND institution_id <> ${institutionId}`,
  );
  return rows.map((r) => r.id);
}

/** Everyone who may see what `authorId` posts as a member of `institutionId`: its active members and the author's teammates. */
export async function findAudienceIds(db: Db, authorId: string, institutionId: string): Promise<string[]> {
  const teammates = await findTeammateIds(db, authorId);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM users WHERE status = 'active'
      AND (institution_id = ${institutionId}${teammates.length ? sql` OR id = ANY(${uuidArray(teammates)})` : sql``})`,
  );
  return rows.map((r) => r.id);
}


/** Newest first, after `cursor`: the viewer's institution's posts and those of teammates elsewhere. */
export async function findFeedPage(
  db: Db,
  institutionId: string,
  outsideTeammates: string[],
  cursor: Cursor | null,
  limit: number,
): Promise<PostRow[]> {
  const after = cursor ? sql`AND (created_at, id) < (${cursor.key}::timestamptz, ${cursor.id}::uuid)` : sql``;
  // NULLS LAST as the indexes are declared (the columns are never null, so the order is the same): a plain
  // DESC means NULLS FIRST, which the indexes cannot give, and every post of the institution was read and
  // sorted for each page (npm run bench:feed).
  const newestFirst = sql.raw('ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST');
  const outside = outsideTeammates.length
    ? sql`UNION ALL (SELECT id, created_at FROM posts WHERE author_id = ANY(${uuidArray(outsideTeammates)})
        AND institution_id <> ${institutionId} ${after} ${newestFirst} LIMIT ${limit})`
    : sql``;
  return queryRows<PostRow>(
    db,
    sql`WITH page AS (
        SELECT id, created_at FROM (
          (SELECT id, created_at FROM posts WHERE institution_id = ${institutionId} ${after}
            ${newestFirst} LIMIT ${limit})
          ${outside}) merged
        ${newestFirst} LIMIT ${limit})
      SELECT ${postColumns} FROM page JOIN posts p ON p.id = page.id
        JOIN users u ON u.id = p.author_id JOIN institutions i ON i.id = p.institution_id
        LEFT JOIN feed_images fi ON fi.id = p.image_id
      ORDER BY p.created_at DESC, p.id DESC`,
  );
}

export async function findPost(db: Db, id: string): Promise<PostRow | undefined> {
  const [row] = await queryRows<PostRow>(db, sql`SELECT ${postColumns} ${postFrom} WHERE p.id = ${id}`);
  return row;
}

/** Of `postIds`, those `userId` likes. */
export async function findLikedPostIds(db: Db, userId: string, postIds: string[]): Promise<Set<string>> {
  if (!postIds.length) return new Set();
  const rows = await queryRows<{ post_id: string }>(
    db,
    sql`SELECT post_id FROM post_likes WHERE user_id = ${userId} AND post_id = ANY(${uuidArray(postIds)})`,
  );
  return new Set(rows.map((r) => r.post_id));
}

export type NewPost = {
  authorId: string;
  institutionId: string;
  content: string;
  imageId?: string | null;
  imageAlt?: string | null;
  event?: { type: string; subjectKind: string; subjectId: string; subjectLabel: string; key: string };
};

/** The new post's id; an event already recorded under its key returns null. */
export async function insertPost(db: Db, post: NewPost): Promise<string | null> {
  const e = post.event;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO posts (author_id, institution_id, kind, content, image_id, image_alt,
        event_type, event_subject_kind, event_subject_id, event_subject_label, event_key)
      VALUES (${post.authorId}, ${post.institutionId}, ${e ? 'event' : 'post'}, ${post.content},
        ${post.imageId ?? null}, ${post.imageAlt ?? null}, ${e?.type ?? null}, ${e?.subjectKind ?? null},
        ${e?.subjectId ?? null}, ${e?.subjectLabel ?? null}, ${e?.key ?? null})
      ON CONFLICT (event_key) WHERE event_key IS NOT NULL DO NOTHING
      RETURNING id`,
  );
  return row?.id ?? null;
}

export async function updatePostContent(db: Db, id: string, content: string) {
  await queryRows(db, sql`UPDATE posts SET content = ${content}, edited_at = now() WHERE id = ${id}`);
}

export async function deletePostRow(db: Db, id: string) {
  const [row] = await queryRows<{ image_id: string | null }>(db, sql`DELETE FROM posts WHERE id = ${id} RETURNING image_id`);
  if (row?.image_id) await queryRows(db, sql`DELETE FROM feed_images WHERE id = ${row.image_id}`);
}

/**
 * Like or unlike, once however often asked; the post's count moves only when
 * the like did (`changed`).
 */
export async function setLike(
  db: Db,
  postId: string,
  userId: string,
  liked: boolean,
): Promise<{ likeCount: number; changed: boolean }> {
  const changed = liked
    ? await queryRows(db, sql`INSERT INTO post_likes (post_id, user_id) VALUES (${postId}, ${userId}) ON CONFLICT DO NOTHING RETURNING post_id`)
    : await queryRows(db, sql`DELETE FROM post_likes WHERE post_id = ${postId} AND user_id = ${userId} RETURNING post_id`);
  const step = changed.length ? (liked ? 1 : -1) : 0;
  const [row] = await queryRows<{ like_count: number }>(
    db,
    step
      ? sql`UPDATE posts SET like_count = like_count + ${step} WHERE id = ${postId} RETURNING like_count`
      : sql`SELECT like_count FROM posts WHERE id = ${postId}`,
  );
  return { likeCount: row?.like_count ?? 0, changed: step !== 0 };
}

const commentColumns = sql`c.id, c.post_id, c.author_id, u.name AS author_name, u.avatar_url AS author_avatar,
  c.content, c.created_at, c.edited_at, ${createdKeySql('c.created_at')} AS created_key`;

/** Oldest first, after `cursor`. */
export async function findComments(db: Db, postId: string, cursor: Cursor | null, limit: number): Promise<CommentRow[]> {
  const after = cursor ? sql`AND (c.created_at, c.id) > (${cursor.key}::timestamptz, ${cursor.id}::uuid)` : sql``;
  return queryRows<CommentRow>(
    db,
    sql`SELECT ${commentColumns} FROM post_comments c JOIN users u ON u.id = c.author_id
      WHERE c.post_id = ${postId} ${after} ORDER BY c.created_at, c.id LIMIT ${limit}`,
  );
}

export async function findComment(db: Db, id: string): Promise<CommentRow | undefined> {
  const [row] = await queryRows<CommentRow>(
    db,
    sql`SELECT ${commentColumns} FROM post_comments c JOIN users u ON u.id = c.author_id WHERE c.id = ${id}`,
  );
  return row;
}

/** The new comment's id and the post's comment count after it. */
export async function insertComment(db: Db, postId: string, authorId: string, content: string) {
  const [created] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO post_comments (post_id, author_id, content) VALUES (${postId}, ${authorId}, ${content}) RETURNING id`,
  );
  const [post] = await queryRows<{ comment_count: number }>(
    db,
    sql`UPDATE posts SET comment_count = comment_count + 1 WHERE id = ${postId} RETURNING comment_count`,
  );
  return { id: created!.id, commentCount: post!.comment_count };
}

export async function updateCommentContent(db: Db, id: string, content: string) {
  await queryRows(db, sql`UPDATE post_comments SET content = ${content}, edited_at = now() WHERE id = ${id}`);
}

/** The post's comment count after removing the comment. */
export async function deleteCommentRow(db: Db, id: string, postId: string): Promise<number> {
  const removed = await queryRows(db, sql`DELETE FROM post_comments WHERE id = ${id} RETURNING id`);
  const [post] = await queryRows<{ comment_count: number }>(
    db,
    removed.length
      ? sql`UPDATE posts SET comment_count = comment_count - 1 WHERE id = ${postId} RETURNING comment_count`
      : sql`SELECT comment_count FROM posts WHERE id = ${postId}`,
  );
  return post?.comment_count ?? 0;
}

export async function insertImage(
  db: Db,
  image: { uploaderId: string; bytes: Buffer; width: number; height: number },
): Promise<string> {
  // Pictures uploaded a day ago and never posted are the uploader's abandoned drafts.
  await queryRows(
    db,
    sql`DELETE FROM feed_images fi WHERE fi.uploader_id = ${image.uploaderId} AND fi.created_at < now() - interval '1 day'
      AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.image_id = fi.id)`,
  );
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO feed_images (uploader_id, image, content_type, width, height)
      VALUES (${image.uploaderId}, ${image.bytes}, 'image/webp', ${image.width}, ${image.height}) RETURNING id`,
  );
  return row!.id;
}

export async function findImage(db: Db, id: string) {
  const [row] = await queryRows<{ uploader_id: string; image: Buffer | Uint8Array; content_type: string; post_id: string | null; attached: boolean }>(
    db,
    sql`SELECT fi.uploader_id, fi.image, fi.content_type, p.id AS post_id, (p.id IS NOT NULL) AS attached
      FROM feed_images fi LEFT JOIN posts p ON p.image_id = fi.id WHERE fi.id = ${id}`,
  );
  return row;
}
