// Who may see and change what in the feed (DESIGN §9): a post is seen by its
// author's institution and by the author's application teammates; its author
// edits and deletes it, and an admin of its institution removes it. Comments
// are seen with their post; their author edits and deletes them, and the
// post's institution's admin removes them. Anything else answers 404.
import type { Actor } from '../../plugins/types';

export type PostRef = { authorId: string; institutionId: string; kind: 'post' | 'event' };

/** `teammates` are the viewer's application teammates (either way round: the relation is symmetric). */
export function canSeePost(actor: Actor, post: PostRef, teammates: ReadonlySet<string>): boolean {
  return actor.id === post.authorId || actor.institution.id === post.institutionId || teammates.has(post.authorId);
}

/** The product writes events; people edit only what they wrote. */
export function canEditPost(actor: Actor, post: PostRef): boolean {
  return post.kind === 'post' && actor.id === post.authorId;
}

export function canDeletePost(actor: Actor, post: PostRef): boolean {
  return actor.id === post.authorId || (actor.role === 'admin' && actor.institution.id === post.institutionId);
}

export function canEditComment(actor: Actor, comment: { authorId: string }): boolean {
  return actor.id === comment.authorId;
}

export function canDeleteComment(actor: Actor, comment: { authorId: string }, post: PostRef): boolean {
  return actor.id === comment.authorId || (actor.role === 'admin' && actor.institution.id === post.institutionId);
}
