// The bell in the header of both signed-in shells: the unread count on it,
// and a dropdown of the newest notifications (each a link that marks it
// read), "Mark all as read" and the way to the full page. New notifications
// are announced politely. The bell is a plain button that looks and reads the
// same as the Radix trigger until first pressed; the dropdown
// (notification-bell-dropdown.tsx, on Radix) loads when someone reaches for
// the bell (pointer over it, focus on it) and takes its place, open, when it
// is pressed. Decision 051.
import { useState } from 'react';
import { Bell } from 'lucide-react';
import type { Notification } from '@grantbridge/contract/notifications';
import { onIntent } from '../../../lib/load-on-intent';
import { useLatestNotifications } from '../hooks/use-latest-notifications';
import { useMarkNotificationsRead } from '../hooks/use-mark-notifications-read';
import { useNotificationsRealtime } from '../hooks/use-notifications-realtime';
import { badgeText, bellLabel } from '../utils/notification-cache';

type NotificationBellProps = {
  /** The full page in this area. */
  notificationsPath: string;
};

export type BellDropdownProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
  latest: ReturnType<typeof useLatestNotifications>;
  notificationsPath: string;
  onMarkAllRead: () => void;
  onFollow: (notification: Notification) => void;
};

export const bellTriggerClass =
  'relative inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100';

/** What the bell shows, the same before and after the dropdown loads. */
export function BellFace({ count }: { count: number }) {
  return (
    <>
      <Bell className="size-5" aria-hidden="true" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-[0.6875rem] leading-5 font-semibold text-white ring-2 ring-white"
        >
          {badgeText(count)}
        </span>
      ) : null}
    </>
  );
}

const dropdown = onIntent(() => import('./notification-bell-dropdown'));

export function NotificationBell({ notificationsPath }: NotificationBellProps) {
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState<{ key: number; text: string } | null>(null);
  // The dropdown's module, once the bell has been pressed.
  const [shown, setShown] = useState(() => dropdown.loaded);
  const latest = useLatestNotifications();
  const markRead = useMarkNotificationsRead();
  useNotificationsRealtime((notification) =>
    setAnnouncement((last) => ({
      key: (last?.key ?? 0) + 1,
      text: `New notification: ${notification.title}`,
    })),
  );
  const count = latest.data?.unreadCount ?? 0;

  const follow = (notification: Notification) => {
    if (!notification.readAt) markRead.mutate([notification.id]);
    setOpen(false);
  };
  // Only a press puts the dropdown in the bell's place: swapping a button that has
  // focus or the pointer, unasked, would pull it from under a click or a check.
  const preload = () => void dropdown.load();
  const press = () => {
    setOpen(true);
    void dropdown.load().then((module) => setShown(module));
  };

  return (
    <>
      {shown ? (
        <shown.BellDropdown
          open={open}
          onOpenChange={setOpen}
          count={count}
          latest={latest}
          notificationsPath={notificationsPath}
          onMarkAllRead={() => markRead.mutate('all')}
          onFollow={follow}
        />
      ) : (
        <button
          type="button"
          aria-label={bellLabel(count)}
          aria-haspopup="dialog"
          aria-expanded={false}
          data-state="closed"
          className={bellTriggerClass}
          onPointerEnter={preload}
          onFocus={preload}
          onClick={press}
        >
          <BellFace count={count} />
        </button>
      )}
      <div role="status" aria-live="polite" className="sr-only">
        {announcement ? <p key={announcement.key}>{announcement.text}</p> : null}
      </div>
    </>
  );
}
