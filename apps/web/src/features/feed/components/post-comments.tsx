// A post's comments, opened from its comments toggle: the conversation oldest
// first (more on request), each author's own comments editable and deletable,
// and a box to add one. New comments by others join the list live.
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { commentMaxLength, type FeedComment } from '@grantbridge/contract/feed';
import { Button } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/loading-state';
import {
  useAddComment,
  useComments,
  useDeleteComment,
  useEditComment,
} from '../hooks/use-comments';
import { useFocusAfterEdit } from '../hooks/use-focus-after-edit';
import { itemsOf } from '../utils/feed-cache';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import type { FeedPaths } from './feed-post';
import { AuthorAvatar, PostText, PostTime } from './post-parts';
import { TextForm } from './text-form';
import { LoadFailed } from '../../../components/ui/load-failed';

type Props = {
  id: string;
  postId: string;
  userId: string;
  paths: FeedPaths;
  now: Date;
  announce: (message: string) => void;
};

export function PostComments({ id, postId, userId, paths, now, announce }: Props) {
  const comments = useComments(postId);
  const add = useAddComment(postId);
  const items = itemsOf(comments.data);
  const section = useRef<HTMLElement>(null);
  // A deleted comment takes its buttons with it: focus stays in the comments.
  const onDeleted = () => window.setTimeout(() => section.current?.focus(), 0);
  return (
    <section
      ref={section}
      id={id}
      tabIndex={-1}
      aria-label="Comments"
      className="mt-2 space-y-3 border-t border-slate-100 pt-3 focus:outline-none"
    >
      {comments.isPending ? (
        <LoadingState label="Loading comments…" className="p-2 text-sm" />
      ) : comments.isError ? (
        <LoadFailed what="The comments" onRetry={() => void comments.refetch()} />
      ) : items.length ? (
        <ul className="space-y-3">
          {items.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              postId={postId}
              mine={comment.author.id === userId}
              paths={paths}
              now={now}
              announce={announce}
              onDeleted={onDeleted}
            />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">No comments yet. Be the first to comment.</p>
      )}
      {comments.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={comments.isFetchingNextPage}
          onClick={() => void comments.fetchNextPage()}
        >
          {comments.isFetchingNextPage ? 'Loading…' : 'Load more comments'}
        </Button>
      ) : null}
      <TextForm
        label="Write a comment"
        hideLabel
        placeholder="Write a comment…"
        submitLabel="Comment"
        maxLength={commentMaxLength}
        inline
        pending={add.isPending}
        onSubmit={async (content) => {
          await add.mutateAsync(content);
          announce('Your comment is added.');
        }}
      />
    </section>
  );
}

type CommentItemProps = Omit<Props, 'id' | 'userId'> & {
  comment: FeedComment;
  mine: boolean;
  onDeleted: () => void;
};

function CommentItem({ comment, postId, mine, paths, now, announce, onDeleted }: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const edit = useEditComment(postId, comment.id);
  const remove = useDeleteComment(postId, comment.id);
  const editButton = useFocusAfterEdit<HTMLButtonElement>(editing);
  return (
    <li className="flex items-start gap-2.5">
      <AuthorAvatar name={comment.author.name} avatarUrl={comment.author.avatarUrl} size="sm" />
      <div className="min-w-0 flex-1">
        <div className="rounded-xl bg-slate-100 px-3 py-2 text-sm">
          <p>
            <Link
              to={paths.person(comment.author.id)}
              className="font-semibold text-slate-900 hover:underline"
            >
              {comment.author.name}
            </Link>
            <span className="text-xs text-slate-600">
              {' · '}
              <PostTime createdAt={comment.createdAt} editedAt={comment.editedAt} now={now} />
            </span>
          </p>
          {editing ? (
            <TextForm
              className="mt-2"
              label="Edit your comment"
              hideLabel
              initial={comment.content}
              submitLabel="Save"
              maxLength={commentMaxLength}
              autoFocus
              pending={edit.isPending}
              onSubmit={async (content) => {
                await edit.mutateAsync(content);
                setEditing(false);
                announce('Your comment is updated.');
              }}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <PostText content={comment.content} className="mt-0.5 text-slate-800" />
          )}
        </div>
        {mine && !editing ? (
          <div className="mt-1 flex gap-3 pl-3 text-xs">
            <button
              type="button"
              ref={editButton}
              className="font-medium text-slate-700 hover:underline"
              onClick={() => setEditing(true)}
              aria-label="Edit comment"
            >
              Edit
            </button>
            <button
              type="button"
              className="font-medium text-slate-700 hover:underline"
              onClick={() => setConfirming(true)}
              aria-label="Delete comment"
            >
              Delete
            </button>
          </div>
        ) : null}
      </div>
      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        what="comment"
        pending={remove.isPending}
        onConfirm={() => {
          void remove.mutateAsync().then(
            () => {
              announce('Your comment is deleted.');
              onDeleted();
            },
            () => undefined,
          );
        }}
      />
    </li>
  );
}
