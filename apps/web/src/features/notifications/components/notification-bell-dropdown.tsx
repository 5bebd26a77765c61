// The bell's dropdown itself, on Radix: loaded when someone reaches for the
// plain bell notification-bell.tsx shows first (decision 051). Focus moves
// into the dropdown when it opens; the arrow keys and Tab move through it;
// Escape closes it back to the bell.
import { useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import * as Popover from '@radix-ui/react-popover';
import { CheckCheck } from 'lucide-react';
import clsx from 'clsx';
import type { Notification } from '@grantbridge/contract/notifications';
import { LoadingState } from '../../../components/ui/loading-state';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import { appLink, bellLabel } from '../utils/notification-cache';
import { BellFace, bellTriggerClass, type BellDropdownProps } from './notification-bell';

/** What the arrow keys move between, in order. */
const stopSelector = '[data-bell-stop]:not([disabled])';

function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const stops = [...event.currentTarget.querySelectorAll<HTMLElement>(stopSelector)];
  if (stops.length === 0) return;
  event.preventDefault();
  const at = stops.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? stops.length - 1
        : event.key === 'ArrowDown'
          ? (at + 1) % stops.length
          : (at <= 0 ? stops.length : at) - 1;
  stops[next]?.focus();
}

function BellItem({
  notification,
  fallback,
  onFollow,
}: {
  notification: Notification;
  fallback: string;
  onFollow: () => void;
}) {
  const unread = !notification.readAt;
  return (
    <Link
      to={appLink(notification.link, fallback)}
      onClick={onFollow}
      data-bell-stop=""
      className="flex gap-3 rounded-lg px-3 py-2.5 text-left hover:bg-slate-50 focus-visible:bg-brand-50 focus-visible:outline-offset-[-2px]"
    >
      <span
        aria-hidden="true"
        className={clsx(
          'mt-1.5 size-2.5 shrink-0 rounded-full',
          unread ? 'bg-brand-700' : 'bg-transparent',
        )}
      />
      <span className="min-w-0 flex-1">
        <span
          className={clsx('block text-sm text-slate-900', unread ? 'font-semibold' : 'font-normal')}
        >
          {unread ? <span className="sr-only">Unread: </span> : null}
          {notification.title}
        </span>
        <span className="mt-0.5 line-clamp-2 block text-sm text-slate-700">
          {notification.body}
        </span>
        <time
          dateTime={notification.createdAt}
          title={formatDateTime(notification.createdAt)}
          className="mt-1 block text-xs text-slate-600"
        >
          {formatRelativeTime(notification.createdAt)}
        </time>
      </span>
    </Link>
  );
}

export function BellDropdown({
  open,
  onOpenChange,
  count,
  latest,
  notificationsPath,
  onMarkAllRead,
  onFollow,
}: BellDropdownProps) {
  const content = useRef<HTMLDivElement>(null);
  const items = latest.data?.items ?? [];
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange} modal>
      <Popover.Trigger aria-label={bellLabel(count)} className={bellTriggerClass}>
        <BellFace count={count} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          ref={content}
          align="end"
          sideOffset={8}
          collisionPadding={12}
          aria-labelledby="notification-bell-heading"
          onKeyDown={moveFocus}
          onOpenAutoFocus={(event) => {
            // Straight to the newest notification, not to "Mark all as read".
            const first = content.current?.querySelector<HTMLElement>('ul [data-bell-stop]');
            if (!first) return;
            event.preventDefault();
            first.focus();
          }}
          className="z-50 flex max-h-[min(36rem,calc(100dvh-6rem))] w-[min(24rem,calc(100vw-1.5rem))] flex-col rounded-xl border border-slate-200 bg-white shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <h2 id="notification-bell-heading" className="text-base font-semibold text-slate-900">
              Notifications
            </h2>
            <button
              type="button"
              data-bell-stop=""
              disabled={count === 0}
              onClick={() => {
                onMarkAllRead();
                // The button is disabled now: keep focus in the dropdown.
                content.current
                  ?.querySelector<HTMLElement>('ul [data-bell-stop], a[data-bell-stop]')
                  ?.focus();
              }}
              className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-500 disabled:hover:bg-transparent"
            >
              <CheckCheck className="size-4" aria-hidden="true" />
              Mark all as read
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-1.5">
            {latest.isPending ? (
              <LoadingState label="Loading notifications…" className="p-4" />
            ) : latest.isError ? (
              <p className="p-4 text-sm text-red-700">We couldn&rsquo;t load your notifications.</p>
            ) : items.length === 0 ? (
              <p className="p-4 text-sm text-slate-700">
                No notifications yet. You&rsquo;ll hear here when someone invites you to a team, an
                application changes stage, a task is given to you or someone likes or comments on
                your post.
              </p>
            ) : (
              <ul aria-labelledby="notification-bell-heading">
                {items.map((notification) => (
                  <li key={notification.id}>
                    <BellItem
                      notification={notification}
                      fallback={notificationsPath}
                      onFollow={() => onFollow(notification)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="border-t border-slate-200 p-1.5">
            <Link
              to={notificationsPath}
              data-bell-stop=""
              onClick={() => onOpenChange(false)}
              className="block rounded-lg px-3 py-2 text-center text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-offset-[-2px]"
            >
              See all notifications
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
