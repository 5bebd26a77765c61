// One post in the feed: who wrote it and when, its text and picture, the like
// toggle (shown at once), the comments toggle with its count, and for the
// author Edit (in place) and Delete (after asking).
import { useState } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { Heart, MessageCircle, Pencil, Trash2 } from 'lucide-react';
import { postMaxLength, type FeedItem } from '@grantbridge/contract/feed';
import { Button } from '../../../components/ui/button';
import { useFocusAfterEdit } from '../hooks/use-focus-after-edit';
import { useDeletePost, useEditPost, useLikePost } from '../hooks/use-post-actions';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { PostComments } from './post-comments';
import { AuthorAvatar, PostText, PostTime } from './post-parts';
import { TextForm } from './text-form';

export type FeedPaths = { person: (id: string) => string; grant: (id: string) => string };

type FeedPostProps = {
  item: FeedItem;
  userId: string;
  paths: FeedPaths;
  now: Date;
  /** The post is gone (deleted here): focus goes somewhere that still exists. */
  onDeleted: () => void;
  announce: (message: string) => void;
  /** An administrator's institution: its posts may be removed by them. */
  moderatorOf?: string;
  /** Its comments open at first (the post a notice links to). */
  commentsOpen?: boolean;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function FeedPost({
  item,
  userId,
  paths,
  now,
  onDeleted,
  announce,
  moderatorOf,
  commentsOpen = false,
}: FeedPostProps) {
  const [showComments, setShowComments] = useState(commentsOpen);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const like = useLikePost(item.id);
  const edit = useEditPost(item.id);
  const remove = useDeletePost(item.id);
  const editButton = useFocusAfterEdit<HTMLButtonElement>(editing);
  const mine = item.author.id === userId;
  const removable = mine || (moderatorOf !== undefined && item.institutionId === moderatorOf);
  const commentsId = `post-${item.id}-comments`;
  const nameId = `post-${item.id}-author`;

  return (
    <article
      aria-labelledby={nameId}
      className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4"
    >
      <header className="flex items-start gap-3">
        <AuthorAvatar name={item.author.name} avatarUrl={item.author.avatarUrl} />
        <div className="min-w-0 flex-1 text-sm">
          <Link
            id={nameId}
            to={paths.person(item.author.id)}
            className="font-semibold text-slate-900 hover:underline"
          >
            {item.author.name}
          </Link>
          <p className="text-slate-600">
            {[item.author.title, item.author.institutionName].filter(Boolean).join(' · ')}
            {' · '}
            <PostTime createdAt={item.createdAt} editedAt={item.editedAt} now={now} />
          </p>
        </div>
      </header>

      {editing ? (
        <TextForm
          className="mt-3"
          label="Edit your post"
          hideLabel
          initial={item.content}
          submitLabel="Save"
          maxLength={postMaxLength}
          rows={4}
          autoFocus
          pending={edit.isPending}
          onSubmit={async (content) => {
            await edit.mutateAsync(content);
            setEditing(false);
            announce('Your post is updated.');
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <PostText
          content={item.content}
          className="mt-3 text-[0.9375rem] leading-relaxed text-slate-900"
        />
      )}

      {item.image ? (
        <img
          src={item.image.url}
          alt={item.image.alt}
          width={item.image.width}
          height={item.image.height}
          loading="lazy"
          className="mt-3 h-auto max-h-[28rem] w-auto max-w-full rounded-lg border border-slate-200 object-contain"
        />
      ) : null}

      <div className="mt-3 flex flex-wrap items-center gap-1 border-t border-slate-100 pt-2">
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={item.likedByMe}
          onClick={() => {
            if (!like.isPending) like.mutate(!item.likedByMe);
          }}
        >
          <Heart
            className={clsx('size-4', item.likedByMe && 'fill-current text-rose-700')}
            aria-hidden="true"
          />
          {/* Named by what it shows (WCAG 2.5.3): "Like 4 likes", the visible "Like 4" first. */}
          Like
          <span className="tabular-nums">{item.likeCount}</span>
          <span className="sr-only">{item.likeCount === 1 ? 'like' : 'likes'}</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showComments}
          aria-controls={commentsId}
          onClick={() => setShowComments((v) => !v)}
        >
          <MessageCircle className="size-4" aria-hidden="true" />
          {plural(item.commentCount, 'comment', 'comments')}
        </Button>
        {removable && !editing ? (
          <span className="ml-auto flex gap-1">
            {mine ? (
              <Button
                variant="ghost"
                size="sm"
                ref={editButton}
                onClick={() => setEditing(true)}
                aria-label="Edit post"
              >
                <Pencil className="size-4" aria-hidden="true" />
                <span className="max-sm:sr-only">Edit</span>
              </Button>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setConfirming(true)}
              aria-label="Delete post"
            >
              <Trash2 className="size-4" aria-hidden="true" />
              <span className="max-sm:sr-only">Delete</span>
            </Button>
          </span>
        ) : null}
      </div>

      {showComments ? (
        <PostComments
          id={commentsId}
          postId={item.id}
          userId={userId}
          paths={paths}
          now={now}
          announce={announce}
        />
      ) : null}

      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        what="post"
        pending={remove.isPending}
        onConfirm={() => {
          // The post (and this dialog) leave the page with the answer; the panel takes focus.
          void remove.mutateAsync().then(
            () => {
              announce(mine ? 'Your post is deleted.' : 'The post is removed.');
              onDeleted();
            },
            () => undefined,
          );
        }}
      />
    </article>
  );
}
