// The activity feed: pages of posts the viewer may see, posts, likes and
// comments, each change sent live to the post's audience once it is stored
// (after its transaction commits). Other modules record events through
// `recordFeedEvent`; recording the same fact twice posts it once. A new like
// and a comment are domain events (`post.liked`, `post.commented`) for others
// to react to: the notifications module tells the post's author.
import { isoInstant } from '@grantbridge/contract/days';
import type { FeedComment, FeedItem, FeedResponse } from '@grantbridge/contract/feed';
import { withTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { RealtimeBus } from '../../plugins/realtime-bus';
import type { Actor } from '../../plugins/types';
import { changeWithEvents } from '../events/events.service';
import { canDeleteComment, canDeletePost, canEditComment, canEditPost, canSeePost, type PostRef } from './feed.policy';
import {
  deleteCommentRow,
  deletePostRow,
  findAudienceIds,
  findComment,
  findComments,
  findFeedPage,
  findImage,
  findLikedPostIds,
  findOutsideTeammates,
  findPost,
  findTeammateIds,
  insertComment,
  insertPost,
  setLike,
  updateCommentContent,
  updatePostContent,
  type CommentRow,
  type PostRow,
} from './feed.repository';

export const feedImagePath = (id: string) => `/api/v1/feed/images/${id}`;

const refOf = (row: PostRow): PostRef => ({ authorId: row.author_id, institutionId: row.institution_id, kind: row.kind });

export function toItem(row: PostRow, likedByMe: boolean): FeedItem {
  return {
    id: row.id,
    kind: row.kind,
    author: {
      id: row.author_id,
      name: row.author_name,
      title: row.author_title,
      avatarUrl: row.author_avatar,
      institutionName: row.author_institution,
    },
    institutionId: row.institution_id,
    content: row.content,
    event:
      row.event_type && row.event_subject_kind && row.event_subject_id
        ? {
            type: row.event_type,
            subject: { kind: row.event_subject_kind, id: row.event_subject_id, label: row.event_subject_label ?? '' },
          }
        : null,
    image:
      row.image_id && row.image_width && row.image_height
        ? { id: row.image_id, url: feedImagePath(row.image_id), alt: row.image_alt ?? '', width: row.image_width, height: row.image_height }
        : null,
    createdAt: isoInstant(row.created_at),
    editedAt: row.edited_at ? isoInstant(row.edited_at) : null,
    likeCount: row.like_count,
    likedByMe,
    commentCount: row.comment_count,
  };
}

function toComment(row: CommentRow): FeedComment {
  return {
    id: row.id,
    postId: row.post_id,
    author: { id: row.author_id, name: row.author_name, avatarUrl: row.author_avatar },
    content: row.content,
    createdAt: isoInstant(row.created_at),
    editedAt: row.edited_at ? isoInstant(row.edited_at) : null,
  };
}

const notFound = () => new AppError('not_found', 'Post not found.');

/** The post, if the actor may see it; 404 otherwise (as if it did not exist). */
async function loadVisiblePost(db: Db, actor: Actor, id: string): Promise<PostRow> {
  const row = await findPost(db, id);
  if (!row) throw notFound();
  const ref = refOf(row);
  if (canSeePost(actor, ref, new Set())) return row;
  const teammates = new Set(await findTeammateIds(db, actor.id));
  if (!canSeePost(actor, ref, teammates)) throw notFound();
  return row;
}

async function publishToAudience(db: Db, bus: RealtimeBus, row: Pick<PostRow, 'author_id' | 'institution_id'>, event: Parameters<RealtimeBus['publish']>[1]) {
  const audience = await findAudienceIds(db, row.author_id, row.institution_id);
  await bus.publish(audience, event);
}

function updatedEvent(row: PostRow) {
  const { likedByMe: _mine, ...data } = toItem(row, false);
  return { type: 'feed.post.updated' as const, data };
}

export async function getFeed(db: Db, actor: Actor, query: { cursor?: string; limit: number }): Promise<FeedResponse> {
  const cursor = decodeCursor(query.cursor, 'feed');
  const outside = await findOutsideTeammates(db, actor.id, actor.institution.id);
  const rows = await findFeedPage(db, actor.institution.id, outside, cursor, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const liked = await findLikedPostIds(db, actor.id, page.map((r) => r.id));
  return {
    items: page.map((row) => toItem(row, liked.has(row.id))),
    nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}

export async function getPost(db: Db, actor: Actor, id: string) {
  const row = await loadVisiblePost(db, actor, id);
  const liked = await findLikedPostIds(db, actor.id, [row.id]);
  return { item: toItem(row, liked.has(row.id)) };
}

export async function createPost(
  db: Db,
  bus: RealtimeBus,
  actor: Actor,
  body: { content: string; imageId?: string; imageAlt?: string },
) {
  if (body.imageId) {
    const image = await findImage(db, body.imageId);
    if (!image || image.uploader_id !== actor.id) {
      throw new AppError('validation_failed', 'Upload the picture again.', { errors: [{ path: 'imageId', message: 'Image not found' }] });
    }
    if (image.attached) {
      throw new AppError('validation_failed', 'That picture is already in a post.', { errors: [{ path: 'imageId', message: 'Upload the picture again' }] });
    }
  }
  const id = await insertPost(db, {
    authorId: actor.id,
    institutionId: actor.institution.id,
    content: body.content,
    imageId: body.imageId ?? null,
    imageAlt: body.imageId ? body.imageAlt ?? null : null,
  });
  const row = (await findPost(db, id!))!;
  const item = toItem(row, false);
  await publishToAudience(db, bus, row, { type: 'feed.post.created', data: item });
  return { item };
}

/** A fact other modules report (a person joined, an award shared, a team formed); once per `key`. */
export async function recordFeedEvent(
  db: Db,
  bus: RealtimeBus,
  event: {
    type: 'member.joined' | 'application.awarded' | 'team.formed';
    authorId: string;
    institutionId: string;
    content: string;
    subject: { kind: 'researcher' | 'grant'; id: string; label: string };
    key: string;
  },
) {
  const id = await insertPost(db, {
    authorId: event.authorId,
    institutionId: event.institutionId,
    content: event.content,
    event: { type: event.type, subjectKind: event.subject.kind, subjectId: event.subject.id, subjectLabel: event.subject.label, key: event.key },
  });
  if (!id) return null;
  const row = (await findPost(db, id))!;
  await publishToAudience(db, bus, row, { type: 'feed.post.created', data: toItem(row, false) });
  return id;
}

export async function editPost(db: Db, bus: RealtimeBus, actor: Actor, id: string, content: string) {
  const row = await loadVisiblePost(db, actor, id);
  if (!canEditPost(actor, refOf(row))) throw new AppError('forbidden', 'Only the author edits a post.');
  await updatePostContent(db, id, content);
  const updated = (await findPost(db, id))!;
  await publishToAudience(db, bus, updated, updatedEvent(updated));
  const liked = await findLikedPostIds(db, actor.id, [id]);
  return { item: toItem(updated, liked.has(id)) };
}

export async function deletePost(db: Db, bus: RealtimeBus, actor: Actor, id: string) {
  const row = await loadVisiblePost(db, actor, id);
  if (!canDeletePost(actor, refOf(row))) throw new AppError('forbidden', 'Only the author or an administrator of their institution removes a post.');
  // The audience is read before the post goes, so everyone who saw it is told.
  const audience = await findAudienceIds(db, row.author_id, row.institution_id);
  await withTransaction(db, (tx) => deletePostRow(tx, id));
  await bus.publish(audience, { type: 'feed.post.deleted', data: { id } });
}

/** The beginning of a post's or comment's text, for an event; cut between characters, never inside one. */
const textOf = (content: string) => Array.from(content).slice(0, 200).join('');
const postRef = (row: PostRow) => ({ id: row.id, authorId: row.author_id, text: textOf(row.content) });

/** A new like is reported (`post.liked`) with it; asking again, or unliking, reports nothing. */
export async function likePost(db: Db, bus: RealtimeBus, actor: Actor & { name: string }, id: string, liked: boolean) {
  const post = await loadVisiblePost(db, actor, id);
  const { likeCount } = await changeWithEvents(db, async (tx, record) => {
    const result = await setLike(tx, id, actor.id, liked);
    if (liked && result.changed) {
      record({ type: 'post.liked', data: { by: { id: actor.id, name: actor.name }, post: postRef(post) } });
    }
    return result;
  });
  const updated = await findPost(db, id);
  if (updated) await publishToAudience(db, bus, updated, updatedEvent(updated));
  return { likeCount, likedByMe: liked };
}

export async function listComments(db: Db, actor: Actor, postId: string, query: { cursor?: string; limit: number }) {
  const cursor = decodeCursor(query.cursor, 'comments');
  await loadVisiblePost(db, actor, postId);
  const rows = await findComments(db, postId, cursor, query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(toComment),
    nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}

/** Reports the comment (`post.commented`) in its transaction. */
export async function addComment(db: Db, bus: RealtimeBus, actor: Actor & { name: string }, postId: string, content: string) {
  const post = await loadVisiblePost(db, actor, postId);
  const { id, commentCount } = await changeWithEvents(db, async (tx, record) => {
    const created = await insertComment(tx, postId, actor.id, content);
    record({
      type: 'post.commented',
      data: { by: { id: actor.id, name: actor.name }, post: postRef(post), comment: { id: created.id, text: textOf(content) } },
    });
    return created;
  });
  const comment = toComment((await findComment(db, id))!);
  await publishToAudience(db, bus, post, { type: 'feed.comment.created', data: { comment, commentCount } });
  return { comment, commentCount };
}

async function loadVisibleComment(db: Db, actor: Actor, id: string) {
  const comment = await findComment(db, id);
  if (!comment) throw new AppError('not_found', 'Comment not found.');
  try {
    return { comment, post: await loadVisiblePost(db, actor, comment.post_id) };
  } catch {
    throw new AppError('not_found', 'Comment not found.');
  }
}

export async function editComment(db: Db, actor: Actor, id: string, content: string) {
  const { comment, post } = await loadVisibleComment(db, actor, id);
  if (!canEditComment(actor, { authorId: comment.author_id })) throw new AppError('forbidden', 'Only the author edits a comment.');
  await updateCommentContent(db, id, content);
  return { comment: toComment((await findComment(db, id))!), commentCount: post.comment_count };
}

export async function deleteComment(db: Db, bus: RealtimeBus, actor: Actor, id: string) {
  const { comment, post } = await loadVisibleComment(db, actor, id);
  if (!canDeleteComment(actor, { authorId: comment.author_id }, refOf(post))) {
    throw new AppError('forbidden', 'Only the author or an administrator of the post’s institution removes a comment.');
  }
  const commentCount = await withTransaction(db, (tx) => deleteCommentRow(tx, id, post.id));
  const updated = await findPost(db, post.id);
  if (updated) await publishToAudience(db, bus, updated, updatedEvent(updated));
  return { postId: post.id, commentCount };
}
