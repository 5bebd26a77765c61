// The history of one conversation, newest at the bottom. The scroller is
// anchored at the bottom (column-reverse), so new messages stay in view and
// older pages loaded at the top do not move what the reader is looking at.
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import clsx from 'clsx';
import { AlertCircle, Loader2 } from 'lucide-react';
import type { Message, MessageGrant } from '@grantbridge/contract/messaging';
import { Button } from '../../../components/ui/button';
import { InitialsAvatar } from '../../../components/ui/initials-avatar';
import { formatClockTime, formatDateTime, formatDayHeading } from '../../../lib/format';
import { dayOf, runStarts } from '../utils/message-runs';
import type { PendingMessage } from '../utils/pending-store';
import { MessageGrantCard } from './message-grant-card';
import { MessageText } from './message-text';

export type MessageListHandle = { scrollToBottom: () => void };

type MessageListProps = {
  label: string;
  userId: string;
  userName: string;
  grantPath: (id: string) => string;
  messages: Message[];
  pending: PendingMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  /** Messages from before the viewer joined are not shown (the history is not shared). */
  earlierHidden?: boolean;
};

type Row = {
  key: string;
  senderId: string;
  senderName: string;
  content: string;
  grant?: MessageGrant | null;
  createdAt: string;
  pending?: PendingMessage;
};

export const MessageList = forwardRef<MessageListHandle, MessageListProps>(function MessageList(
  {
    label,
    userId,
    userName,
    grantPath,
    messages,
    pending,
    hasOlder,
    loadingOlder,
    onLoadOlder,
    onRetry,
    onDiscard,
    earlierHidden = false,
  },
  ref,
) {
  const scroller = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => ({
    scrollToBottom: () => scroller.current?.scrollTo({ top: 0 }),
  }));

  const delivered = new Set(messages.filter((m) => m.senderId === userId).map((m) => m.clientId));
  const rows: Row[] = [
    ...messages.map((m) => ({
      key: m.id,
      senderId: m.senderId,
      senderName: m.senderName,
      content: m.content,
      grant: m.grant,
      createdAt: m.createdAt,
    })),
    ...pending
      .filter((p) => !delivered.has(p.clientId))
      .map((p) => ({
        key: `pending-${p.clientId}`,
        senderId: userId,
        senderName: userName,
        content: p.content,
        createdAt: p.createdAt,
        pending: p,
      })),
  ];

  // Messages by one person in one minute share one name-and-time header.
  const starts = runStarts(rows);

  const maybeLoadOlder = () => {
    const el = scroller.current;
    if (!el || !hasOlder || loadingOlder) return;
    // In a column-reverse scroller scrollTop is 0 at the bottom and negative above it.
    const fromTop = el.scrollHeight - el.clientHeight + el.scrollTop;
    if (fromTop < 200) onLoadOlder();
  };
  // A first page too short to scroll cannot be scrolled up to load more.
  useEffect(maybeLoadOlder);

  return (
    <div
      ref={scroller}
      onScroll={maybeLoadOlder}
      tabIndex={0}
      role="log"
      aria-label={label}
      className="flex min-h-0 flex-1 flex-col-reverse overflow-y-auto px-3 py-4 focus-visible:outline-offset-[-2px] sm:px-5"
    >
      <div>
        <div className="mb-4 flex justify-center">
          {hasOlder ? (
            <Button variant="ghost" size="sm" onClick={onLoadOlder} disabled={loadingOlder}>
              {loadingOlder ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
              {loadingOlder ? 'Loading older messages…' : 'Load older messages'}
            </Button>
          ) : (
            <p className="text-center text-xs text-slate-600">
              {earlierHidden
                ? `You see the messages sent since you joined.${rows.length ? '' : ' None yet.'}`
                : rows.length
                  ? 'Start of the conversation'
                  : 'No messages yet. Say hello!'}
            </p>
          )}
        </div>
        <ol className="space-y-1">
          {rows.map((row, i) => {
            const prev = rows[i - 1];
            const newDay = !prev || dayOf(prev.createdAt) !== dayOf(row.createdAt);
            const startsRun = starts[i] ?? true;
            const mine = row.senderId === userId;
            const failed = row.pending?.status === 'failed';
            return (
              <li key={row.key}>
                {newDay ? (
                  <p className="my-4 flex items-center gap-3 text-xs font-medium text-slate-600">
                    <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
                    {formatDayHeading(row.createdAt)}
                    <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
                  </p>
                ) : null}
                <div
                  className={clsx(
                    'flex gap-2',
                    mine ? 'justify-end' : 'justify-start',
                    startsRun && 'mt-3',
                  )}
                >
                  {!mine ? (
                    <span className="w-8 shrink-0">
                      {startsRun ? <InitialsAvatar name={row.senderName} size="sm" /> : null}
                    </span>
                  ) : null}
                  <div
                    className={clsx(
                      'flex min-w-0 max-w-[85%] flex-col sm:max-w-[70%]',
                      mine ? 'items-end' : 'items-start',
                    )}
                  >
                    <p
                      className={clsx(
                        'mb-0.5 flex gap-2 text-xs text-slate-600',
                        !startsRun && 'sr-only',
                      )}
                    >
                      <span className="font-semibold text-slate-800">
                        {mine ? 'You' : row.senderName}
                      </span>
                      <time dateTime={row.createdAt} title={formatDateTime(row.createdAt)}>
                        {formatClockTime(row.createdAt)}
                      </time>
                    </p>
                    <div
                      className={clsx(
                        // wrap-anywhere: one 4,000-character word must wrap, not widen the whole log.
                        'max-w-full whitespace-pre-wrap rounded-2xl px-3.5 py-2 text-[0.9375rem] leading-relaxed wrap-anywhere',
                        failed
                          ? 'rounded-br-md bg-red-50 text-red-950 ring-1 ring-red-300'
                          : mine
                            ? 'rounded-br-md bg-brand-800 text-white'
                            : 'rounded-bl-md bg-slate-100 text-slate-900',
                        // Sending: said below the bubble, and by a dashed outline; not by fading the
                        // text, which took white on blue below the contrast minimum (axe caught it).
                        row.pending?.status === 'sending' &&
                          'outline-2 outline-offset-2 outline-dashed outline-brand-300',
                      )}
                    >
                      <MessageText content={row.content} />
                    </div>
                    {row.grant ? (
                      <MessageGrantCard grant={row.grant} grantPath={grantPath} mine={mine} />
                    ) : null}
                    {row.pending?.status === 'sending' ? (
                      <p className="mt-0.5 text-xs text-slate-600">Sending…</p>
                    ) : null}
                    {failed ? (
                      <div className="mt-1 flex flex-col items-end gap-1 text-xs text-red-800">
                        <p className="flex items-center gap-1">
                          <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
                          {row.pending?.error ?? 'Not sent.'}
                        </p>
                        <div className="flex gap-1">
                          <Button
                            variant="secondary"
                            size="sm"
                            className="h-7 px-2 text-xs"
                            onClick={() => onRetry(row.pending!.clientId)}
                          >
                            Retry
                          </Button>
                          <Button
                            variant="ghost"
                            size="sm"
                            className="h-7 px-2 text-xs"
                            onClick={() => onDiscard(row.pending!.clientId)}
                          >
                            Discard
                          </Button>
                        </div>
                      </div>
                    ) : null}
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
});
