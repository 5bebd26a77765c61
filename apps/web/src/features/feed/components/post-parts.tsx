// The small pieces every post and comment is made of: the author's picture
// (or initials), when it was written (relative, the full date on hover and
// in the markup), and its plain text with web addresses made into links by
// linkify, never by interpreting the text as HTML.
import Linkify from 'linkify-react';
import type { Opts } from 'linkifyjs';
import clsx from 'clsx';
import { InitialsAvatar } from '../../../components/ui/initials-avatar';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';

const linkOptions: Opts = {
  defaultProtocol: 'https',
  target: '_blank',
  rel: 'noopener noreferrer',
  className: 'font-medium text-brand-900 underline underline-offset-2 hover:no-underline',
  // Web addresses and e-mail addresses only; linkify never makes any other scheme.
  validate: (_value: string, type: string) => type === 'url' || type === 'email',
};

/** Plain text as written: line breaks kept, long words wrapped anywhere, links clickable. */
export function PostText({ content, className }: { content: string; className?: string }) {
  return (
    <Linkify
      as="p"
      options={linkOptions}
      className={clsx('whitespace-pre-wrap [overflow-wrap:anywhere]', className)}
    >
      {content}
    </Linkify>
  );
}

export function AuthorAvatar({
  name,
  avatarUrl,
  size = 'md',
}: {
  name: string;
  avatarUrl: string | null;
  size?: 'sm' | 'md';
}) {
  if (avatarUrl) {
    return (
      <img
        src={avatarUrl}
        alt=""
        className={clsx(
          'shrink-0 rounded-full object-cover ring-2 ring-white',
          size === 'md' ? 'size-10' : 'size-8',
        )}
      />
    );
  }
  return <InitialsAvatar name={name} size={size} />;
}

/** "5 min ago", with the full date and time in the markup and on hover; "(edited)" after an edit. */
export function PostTime({
  createdAt,
  editedAt,
  now,
}: {
  createdAt: string;
  editedAt: string | null;
  now: Date;
}) {
  return (
    <>
      <time dateTime={createdAt} title={formatDateTime(createdAt)}>
        {formatRelativeTime(createdAt, now)}
      </time>
      {editedAt ? <span title={`Edited ${formatDateTime(editedAt)}`}> (edited)</span> : null}
    </>
  );
}
