// One open conversation: header (with membership actions for groups and
// teams), the history, who is typing, and the composer.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, LogOut, UserPlus, Users } from 'lucide-react';
import type { Conversation } from '@grantbridge/contract/messaging';
import { Button } from '../../../components/ui/button';
import { lazyDialog } from '../../../components/ui/dialog';
import { InitialsAvatar } from '../../../components/ui/initials-avatar';
import { LoadingState } from '../../../components/ui/loading-state';
import { useMarkRead } from '../hooks/use-mark-read';
import { useMessages } from '../hooks/use-messages';
import { usePendingMessages, useSendMessage } from '../hooks/use-send-message';
import { useTypingSignal, useTypists } from '../hooks/use-typing';
import { conversationTitle, otherMember } from '../utils/conversation-list';
import { flattenMessages } from '../utils/message-pages';
import { typingText } from '../utils/typing-store';
import { AvatarStack } from './avatar-stack';
import { Composer } from './composer';
import { MessageList, type MessageListHandle } from './message-list';
import { InvitationBanner } from './invitation-banner';
import { RequestBanner } from './request-banner';

// A group's dialogs (members, add people with its picker, leave) load when
// first opened (decision 051).
const membershipDialogs = () => import('./membership-dialogs');
const MembersDialog = lazyDialog(() => membershipDialogs().then((m) => m.MembersDialog));
const AddPeopleDialog = lazyDialog(() => membershipDialogs().then((m) => m.AddPeopleDialog));
const LeaveDialog = lazyDialog(() => membershipDialogs().then((m) => m.LeaveDialog));

type PaneProps = {
  conversation: Conversation;
  userId: string;
  userName: string;
  /** A researcher's profile page in the viewer's area. */
  personPath: (id: string) => string;
  /** A grant's page in the viewer's area (a shared grant's card links there). */
  grantPath: (id: string) => string;
  onBack: () => void;
  onLeft: () => void;
};

type OpenDialog = 'members' | 'add' | 'leave' | null;

/** The header buttons of a group or team, each opening its dialog. */
const membershipActions = [
  { dialog: 'members', label: 'Members', icon: Users },
  { dialog: 'add', label: 'Add people', icon: UserPlus },
  { dialog: 'leave', label: 'Leave', icon: LogOut },
] as const;

export function ConversationPane({
  conversation,
  userId,
  userName,
  personPath,
  grantPath,
  onBack,
  onLeft,
}: PaneProps) {
  // An invitation to a group waits for an answer: nothing of it can be read yet.
  const invitation = conversation.type !== 'direct' && conversation.request?.state === 'pending';
  const history = useMessages(conversation.id, !invitation);
  const pending = usePendingMessages(conversation.id);
  const { send, retry, discard } = useSendMessage(userId);
  const typists = useTypists(conversation.id);
  const signalTyping = useTypingSignal(conversation.id);
  const markRead = useMarkRead();
  const list = useRef<MessageListHandle>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const title = conversationTitle(conversation, userId);
  const other = conversation.type === 'direct' ? otherMember(conversation, userId) : undefined;
  const others = conversation.members.filter((m) => m.id !== userId);
  const onlineCount = others.filter((m) => m.online).length;
  const unread = conversation.unreadCount > 0;

  // Opening a conversation (or a message arriving while it is open) reads it.
  useEffect(() => {
    if (unread && document.visibilityState === 'visible') markRead(conversation.id);
  }, [conversation.id, unread, markRead]);

  const subtitle = other
    ? [other.online ? 'Online' : 'Offline', other.institutionName].join(' · ')
    : `${conversation.members.length} members${onlineCount ? ` · ${onlineCount} online` : ''}`;

  return (
    <section aria-labelledby="conversation-title" className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-2 border-b border-slate-200 px-2 py-2.5 sm:px-4">
        <Button variant="ghost" size="sm" className="px-2 lg:hidden" onClick={onBack}>
          <ArrowLeft className="size-5" aria-hidden="true" />
          <span className="sr-only">Back to chats</span>
        </Button>
        {other ? (
          <InitialsAvatar name={other.name} online={other.online} />
        ) : (
          <AvatarStack members={others} className="max-sm:hidden" />
        )}
        <div className="min-w-0 flex-1">
          <h2 id="conversation-title" className="truncate text-base font-semibold text-slate-900">
            {title}
          </h2>
          <p className="truncate text-xs text-slate-600">
            {conversation.type === 'team'
              ? 'Team · '
              : conversation.type === 'group'
                ? 'Group · '
                : ''}
            {subtitle}
          </p>
        </div>
        {other && other.role === 'researcher' ? (
          <Link
            to={personPath(other.id)}
            className="shrink-0 rounded-lg px-2 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            {/* The heading beside it names the person. */}
            Profile
          </Link>
        ) : null}
        {conversation.type !== 'direct' && !invitation ? (
          <div className="flex shrink-0 items-center gap-1">
            {membershipActions.map(({ dialog: opens, label, icon: Icon }) => (
              <Button
                key={opens}
                variant="ghost"
                size="sm"
                className="px-2"
                title={label}
                onClick={() => setDialog(opens)}
              >
                <Icon className="size-4" aria-hidden="true" />
                <span className="max-2xl:sr-only">{label}</span>
              </Button>
            ))}
          </div>
        ) : null}
      </header>

      {other && conversation.request && conversation.request.state !== 'accepted' ? (
        <RequestBanner conversation={conversation} other={other} />
      ) : null}

      {invitation ? (
        <InvitationBanner conversation={conversation} title={title} onDeclined={onLeft} />
      ) : history.isPending ? (
        <LoadingState label="Loading messages…" className="flex-1" />
      ) : history.isError ? (
        <div
          role="alert"
          className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-sm"
        >
          <p>These messages could not be loaded.</p>
          <Button variant="secondary" size="sm" onClick={() => void history.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <MessageList
          ref={list}
          label={`Messages with ${title}`}
          userId={userId}
          userName={userName}
          grantPath={grantPath}
          messages={flattenMessages(history.data)}
          pending={pending}
          hasOlder={history.hasNextPage}
          loadingOlder={history.isFetchingNextPage}
          onLoadOlder={() => void history.fetchNextPage()}
          onRetry={retry}
          onDiscard={discard}
          earlierHidden={conversation.earlierHidden}
        />
      )}

      <p aria-live="polite" className="h-5 truncate px-4 text-xs italic text-slate-600 sm:px-5">
        {typingText(typists)}
      </p>
      {conversation.request?.state === 'declined' || invitation ? null : (
        <Composer
          key={conversation.id}
          placeholder="Write a message…"
          onTyping={signalTyping}
          onSend={(content) => {
            send(conversation.id, content);
            list.current?.scrollToBottom();
          }}
        />
      )}

      {conversation.type !== 'direct' && !invitation ? (
        <>
          <MembersDialog
            conversation={conversation}
            title={title}
            userId={userId}
            open={dialog === 'members'}
            onOpenChange={(open) => setDialog(open ? 'members' : null)}
          />
          <AddPeopleDialog
            conversation={conversation}
            title={title}
            open={dialog === 'add'}
            onOpenChange={(open) => setDialog(open ? 'add' : null)}
          />
          <LeaveDialog
            conversation={conversation}
            title={title}
            open={dialog === 'leave'}
            onOpenChange={(open) => setDialog(open ? 'leave' : null)}
            onLeft={onLeft}
          />
        </>
      ) : null}
    </section>
  );
}
