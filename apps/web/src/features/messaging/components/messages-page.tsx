// Messages (both roles): the chat list beside the open conversation; on
// phones one at a time, with Back. The open conversation is `?c=<id>`.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import clsx from 'clsx';
import { MessagesSquare } from 'lucide-react';
import type { User } from '@grantbridge/contract/auth';
import { Button } from '../../../components/ui/button';
import { lazyDialog } from '../../../components/ui/dialog';
import { useConversations } from '../hooks/use-conversations';
import { useMessagingRealtime } from '../hooks/use-messaging-realtime';
import { useRealtimeState } from '../hooks/use-realtime-state';
import { ConversationPane } from './conversation-pane';
import { ConversationSidebar } from './conversation-sidebar';

// Its people picker loads when it first opens (decision 051).
const NewMessageDialog = lazyDialog(() =>
  import('./new-message-dialog').then((m) => m.NewMessageDialog),
);

export function MessagesPage({ user }: { user: User }) {
  const [params, setParams] = useSearchParams();
  const openId = params.get('c');
  const [newOpen, setNewOpen] = useState(false);
  const conversations = useConversations();
  const connection = useRealtimeState();

  const open = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('c', id);
        else next.delete('c');
        return next;
      },
      { preventScrollReset: true },
    );

  useMessagingRealtime({ userId: user.id, openId, onOpenConversationGone: () => open(null) });

  const hrefFor = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('c', id);
    return `?${next.toString()}`;
  };
  const selected = openId ? conversations.data?.find((c) => c.id === openId) : undefined;

  return (
    <div className="flex h-[calc(100dvh-11.5rem)] min-h-[26rem] overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:h-[calc(100dvh-7.5rem)]">
      <ConversationSidebar
        className={clsx(
          'w-full lg:w-80 lg:shrink-0 lg:border-r lg:border-slate-200',
          openId && 'max-lg:hidden',
        )}
        userId={user.id}
        conversations={conversations.data}
        loading={conversations.isPending}
        error={conversations.isError}
        onRetry={() => void conversations.refetch()}
        openId={openId}
        hrefFor={hrefFor}
        onNewMessage={() => setNewOpen(true)}
        reconnecting={connection === 'reconnecting'}
      />
      <div className={clsx('min-w-0 flex-1 flex-col', openId ? 'flex' : 'hidden lg:flex')}>
        {selected ? (
          <ConversationPane
            key={selected.id}
            conversation={selected}
            userId={user.id}
            userName={user.name}
            personPath={user.role === 'admin' ? paths.admin.researcher : paths.researcher.person}
            grantPath={user.role === 'admin' ? paths.admin.grant : paths.researcher.grant}
            onBack={() => open(null)}
            onLeft={() => open(null)}
          />
        ) : openId && conversations.data ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
            <p className="text-slate-800">
              This conversation is not available. You may have left it.
            </p>
            <Button variant="secondary" onClick={() => open(null)}>
              Back to chats
            </Button>
          </div>
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-slate-700">
            <MessagesSquare className="size-12 text-slate-400" aria-hidden="true" />
            <p className="text-lg font-medium">Select a chat to start messaging</p>
          </div>
        )}
      </div>
      <NewMessageDialog
        open={newOpen}
        onOpenChange={setNewOpen}
        onCreated={(conversation) => open(conversation.id)}
      />
    </div>
  );
}
