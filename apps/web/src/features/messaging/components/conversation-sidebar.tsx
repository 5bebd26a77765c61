// The chat list: conversations grouped Direct Messages, Teams, Groups, each
// with its last message, time, unread badge, and who is in it.
import { Link } from 'react-router';
import clsx from 'clsx';
import { MessageSquarePlus } from 'lucide-react';
import type { Conversation } from '@grantbridge/contract/messaging';
import { Button } from '../../../components/ui/button';
import { InitialsAvatar } from '../../../components/ui/initials-avatar';
import { LoadingState } from '../../../components/ui/loading-state';
import { firstNameOf, formatChatTime } from '../../../lib/format';
import { conversationGroups, conversationTitle, otherMember } from '../utils/conversation-list';
import { AvatarStack } from './avatar-stack';

type SidebarProps = {
  userId: string;
  conversations: Conversation[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  openId: string | null;
  hrefFor: (id: string) => string;
  onNewMessage: () => void;
  reconnecting: boolean;
  className?: string;
};

function preview(conversation: Conversation, userId: string): string {
  const request = conversation.request;
  if (request?.state === 'pending' && conversation.type !== 'direct') {
    return conversation.invitedBy ? `Invitation from ${conversation.invitedBy}` : 'Invitation';
  }
  if (request?.state === 'pending') return request.fromMe ? 'Request sent' : 'Message request';
  if (request?.state === 'declined') return 'Request declined';
  const last = conversation.lastMessage;
  if (!last) return conversation.earlierHidden ? 'Nothing new since you joined' : 'No messages yet';
  const text = last.content.replace(/\s+/g, ' ').trim();
  if (last.senderId === userId) return `You: ${text}`;
  if (conversation.type === 'direct') return text;
  return `${firstNameOf(last.senderName)}: ${text}`;
}

function ConversationRow({
  conversation,
  userId,
  selected,
  href,
}: {
  conversation: Conversation;
  userId: string;
  selected: boolean;
  href: string;
}) {
  const title = conversationTitle(conversation, userId);
  const other = conversation.type === 'direct' ? otherMember(conversation, userId) : undefined;
  const others = conversation.members.filter((m) => m.id !== userId);
  const unread = conversation.unreadCount;
  const time = conversation.lastMessageAt ?? conversation.createdAt;
  return (
    <Link
      to={href}
      aria-current={selected ? 'page' : undefined}
      className={clsx(
        'flex items-center gap-3 rounded-xl px-3 py-2.5 transition-colors',
        selected ? 'bg-brand-50 ring-1 ring-inset ring-brand-200' : 'hover:bg-slate-100',
      )}
    >
      {other ? (
        <InitialsAvatar name={other.name} online={other.online} />
      ) : (
        <AvatarStack members={others} size="xs" />
      )}
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span
            className={clsx(
              'truncate text-sm text-slate-900',
              unread > 0 ? 'font-bold' : 'font-semibold',
            )}
          >
            {title}
          </span>
          <time dateTime={time} className="shrink-0 text-xs text-slate-600">
            {formatChatTime(time)}
          </time>
        </span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span
            className={clsx(
              'truncate text-sm',
              unread > 0 ? 'font-medium text-slate-900' : 'text-slate-600',
            )}
          >
            {preview(conversation, userId)}
          </span>
          {unread > 0 ? (
            <span className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-800 px-1.5 text-xs font-semibold text-white">
              {unread > 99 ? '99+' : unread}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </span>
        {other?.online ? <span className="sr-only">, online</span> : null}
        {!other && others.length > 0 ? (
          <span className="sr-only">, {others.length + 1} members</span>
        ) : null}
      </span>
    </Link>
  );
}

export function ConversationSidebar({
  userId,
  conversations,
  loading,
  error,
  onRetry,
  openId,
  hrefFor,
  onNewMessage,
  reconnecting,
  className,
}: SidebarProps) {
  return (
    <section aria-labelledby="chats-heading" className={clsx('flex min-h-0 flex-col', className)}>
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 id="chats-heading" className="text-base font-semibold text-slate-900">
          Chats
        </h2>
        <Button size="sm" onClick={onNewMessage}>
          <MessageSquarePlus className="size-4" aria-hidden="true" />
          New Message
        </Button>
      </div>
      {reconnecting ? (
        <p
          role="status"
          className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
        >
          Connection lost. Reconnecting…
        </p>
      ) : null}
      <div className="min-h-0 flex-1 overflow-y-auto px-2 py-3">
        {loading ? <LoadingState label="Loading conversations…" /> : null}
        {error ? (
          <div role="alert" className="p-4 text-sm text-slate-800">
            <p>Your conversations could not be loaded.</p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
              Try again
            </Button>
          </div>
        ) : null}
        {conversations && conversations.length === 0 ? (
          <p className="p-4 text-sm text-slate-700">
            No conversations yet. Choose New Message to start one.
          </p>
        ) : null}
        {conversations
          ? conversationGroups.map(({ type, label }) => {
              const items = conversations.filter((c) => c.type === type);
              if (items.length === 0) return null;
              const headingId = `chats-${type}`;
              return (
                <div key={type} className="mb-4">
                  <h3
                    id={headingId}
                    className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600"
                  >
                    {label}
                  </h3>
                  <ul aria-labelledby={headingId} className="space-y-0.5">
                    {items.map((c) => (
                      <li key={c.id}>
                        <ConversationRow
                          conversation={c}
                          userId={userId}
                          selected={c.id === openId}
                          href={hrefFor(c.id)}
                        />
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })
          : null}
      </div>
    </section>
  );
}
