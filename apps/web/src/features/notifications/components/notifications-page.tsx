// The notification centre's page, in either area: all notifications or the
// unread ones (kept in the URL), a page at a time by cursor, each marked read
// by following it or with its own button, and "Mark all as read".
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import * as Tabs from '@radix-ui/react-tabs';
import { BellOff, CheckCheck, Settings } from 'lucide-react';
import clsx from 'clsx';
import { notificationKindLabels, type Notification } from '@grantbridge/contract/notifications';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingState } from '../../../components/ui/loading-state';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import type { NotificationFilter } from '../api/notifications-api';
import { useUnreadNotificationCount } from '../hooks/use-latest-notifications';
import { useMarkNotificationsRead } from '../hooks/use-mark-notifications-read';
import { useNotificationList } from '../hooks/use-notification-list';
import { appLink } from '../utils/notification-cache';

type NotificationsPageProps = {
  /** This page, where a notification with a link that is not an app path goes. */
  selfPath: string;
  /** The Notifications section of Settings. */
  settingsPath: string;
};

function NotificationRow({
  notification,
  fallback,
  onRead,
}: {
  notification: Notification;
  fallback: string;
  onRead: () => void;
}) {
  const unread = !notification.readAt;
  const link = useRef<HTMLAnchorElement>(null);
  return (
    <article className="flex gap-3 px-4 py-4 sm:px-5">
      <span
        aria-hidden="true"
        className={clsx(
          'mt-2 size-2.5 shrink-0 rounded-full',
          unread ? 'bg-brand-700' : 'bg-transparent',
        )}
      />
      <div className="min-w-0 flex-1">
        <h2 className={clsx('text-base text-slate-900', unread ? 'font-semibold' : 'font-normal')}>
          <Link
            ref={link}
            to={appLink(notification.link, fallback)}
            data-row-link=""
            onClick={() => unread && onRead()}
            className="hover:text-brand-800 hover:underline"
          >
            {unread ? <span className="sr-only">Unread: </span> : null}
            {notification.title}
          </Link>
        </h2>
        <p className="mt-1 text-sm text-slate-700">{notification.body}</p>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <p className="text-xs text-slate-600">
            <time dateTime={notification.createdAt} title={formatDateTime(notification.createdAt)}>
              {formatRelativeTime(notification.createdAt)}
            </time>
            {' · '}
            {notificationKindLabels[notification.kind].label}
            {unread ? null : ' · Read'}
          </p>
          {unread ? (
            <Button
              variant="ghost"
              size="sm"
              className="-my-1 text-brand-800 hover:text-brand-900"
              aria-label={`Mark as read: ${notification.title}`}
              onClick={() => {
                onRead();
                // The button goes away with the unread state: keep focus on this notification.
                link.current?.focus();
              }}
            >
              Mark as read
            </Button>
          ) : null}
        </div>
      </div>
    </article>
  );
}

function EmptyList({ filter }: { filter: NotificationFilter }) {
  return (
    <Card className="flex flex-col items-center px-6 py-12 text-center">
      <BellOff className="size-8 text-slate-500" aria-hidden="true" />
      {filter === 'unread' ? (
        <>
          <h2 className="mt-3 text-lg font-semibold text-slate-900">You&rsquo;re all caught up</h2>
          <p className="mt-1 text-sm text-slate-700">No unread notifications.</p>
        </>
      ) : (
        <>
          <h2 className="mt-3 text-lg font-semibold text-slate-900">No notifications yet</h2>
          <p className="mt-1 max-w-md text-sm text-slate-700">
            You&rsquo;ll hear here when someone invites you to a team, an application changes
            stage, a task is given to you or someone likes or comments on your post.
          </p>
        </>
      )}
    </Card>
  );
}

function NotificationList({ filter, selfPath }: { filter: NotificationFilter; selfPath: string }) {
  const list = useNotificationList(filter);
  const markRead = useMarkNotificationsRead();
  const listRef = useRef<HTMLUListElement>(null);
  /** How many were listed when Load more was pressed: focus goes to the first new one. */
  const loadedBefore = useRef<number | null>(null);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  useEffect(() => {
    const before = loadedBefore.current;
    if (before === null || items.length <= before) return;
    loadedBefore.current = null;
    listRef.current?.querySelectorAll<HTMLElement>('[data-row-link]')[before]?.focus();
  });

  if (list.isPending) return <LoadingState label="Loading notifications…" />;
  if (list.isError) {
    return (
      <Card className="p-6 text-center">
        <p className="text-sm text-red-700">We couldn&rsquo;t load your notifications.</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Card>
    );
  }
  if (items.length === 0) return <EmptyList filter={filter} />;

  return (
    <div className="space-y-4">
      <Card className="overflow-hidden">
        <ul ref={listRef} className="divide-y divide-slate-100">
          {items.map((notification) => (
            <li key={notification.id}>
              <NotificationRow
                notification={notification}
                fallback={selfPath}
                onRead={() => markRead.mutate([notification.id])}
              />
            </li>
          ))}
        </ul>
      </Card>
      {list.hasNextPage ? (
        <div className="text-center">
          <Button
            variant="secondary"
            disabled={list.isFetchingNextPage}
            onClick={() => {
              loadedBefore.current = items.length;
              void list.fetchNextPage();
            }}
          >
            {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
      {list.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-red-700">
          We couldn&rsquo;t load more. Please try again.
        </p>
      ) : null}
    </div>
  );
}

const tabClass =
  'rounded-md px-4 py-1.5 text-sm font-medium text-slate-700 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm';

export function NotificationsPage({ selfPath, settingsPath }: NotificationsPageProps) {
  const [params, setParams] = useSearchParams();
  const filter: NotificationFilter = params.get('show') === 'unread' ? 'unread' : 'all';
  const unread = useUnreadNotificationCount();
  const markRead = useMarkNotificationsRead();

  return (
    <Tabs.Root
      value={filter}
      onValueChange={(value) =>
        setParams(value === 'unread' ? { show: 'unread' } : {}, { replace: true })
      }
      className="mx-auto max-w-3xl space-y-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Tabs.List
          aria-label="Which notifications"
          className="inline-flex rounded-lg bg-slate-200/70 p-1"
        >
          <Tabs.Trigger value="all" className={tabClass}>
            All
          </Tabs.Trigger>
          <Tabs.Trigger value="unread" className={tabClass}>
            Unread{unread > 0 ? ` (${unread})` : ''}
          </Tabs.Trigger>
        </Tabs.List>
        <Button
          variant="secondary"
          size="sm"
          disabled={unread === 0}
          onClick={() => {
            markRead.mutate('all');
            // The button is disabled now: keep focus on the list.
            document.querySelector<HTMLElement>('[data-row-link]')?.focus();
          }}
        >
          <CheckCheck className="size-4" aria-hidden="true" />
          Mark all as read
        </Button>
      </div>
      <Tabs.Content value="all" className="focus:outline-none">
        <NotificationList filter="all" selfPath={selfPath} />
      </Tabs.Content>
      <Tabs.Content value="unread" className="focus:outline-none">
        <NotificationList filter="unread" selfPath={selfPath} />
      </Tabs.Content>
      <p className="flex items-center justify-center gap-2 text-center text-sm text-slate-700">
        <Settings className="size-4 shrink-0" aria-hidden="true" />
        <span>
          Choose what you hear about, and how often by e-mail, in{' '}
          <Link
            to={settingsPath}
            className="font-semibold text-brand-800 underline hover:text-brand-900"
          >
            Notification settings
          </Link>
          .
        </span>
      </p>
    </Tabs.Root>
  );
}
