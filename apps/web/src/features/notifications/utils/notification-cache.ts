// Pure updates of the cached notification lists, so a realtime event or a
// "mark as read" changes what is on screen without refetching it, and the
// little rules of the bell (its badge text, its accessible name, where a
// notification may link to).
import type { Notification } from '@grantbridge/contract/notifications';
import type { NotificationPage } from '../api/notifications-api';

/** The pages of an infinite list, as TanStack Query keeps them. */
export type NotificationPages = { pages: NotificationPage[]; pageParams: unknown[] };

/** Which notifications were read: some by id, or all of them. */
export type ReadTarget = string[] | 'all';

/** The bell's list with a new notification on top (once), trimmed to `max`. */
export function addToLatest(
  latest: NotificationPage,
  notification: Notification,
  unreadCount: number,
  max: number,
): NotificationPage {
  const rest = latest.items.filter((n) => n.id !== notification.id);
  return { ...latest, items: [notification, ...rest].slice(0, max), unreadCount };
}

/**
 * A new notification on top of the full page's first page. The cursors of
 * later pages point below it, so they stay right. The unread-only list takes
 * it only while it is unread.
 */
export function addToPages(data: NotificationPages, notification: Notification): NotificationPages {
  const [first, ...rest] = data.pages;
  if (!first) return data;
  if (data.pages.some((page) => page.items.some((n) => n.id === notification.id))) return data;
  return { ...data, pages: [{ ...first, items: [notification, ...first.items] }, ...rest] };
}

function readItems(items: Notification[], target: ReadTarget, readAt: string): Notification[] {
  const ids = target === 'all' ? null : new Set(target);
  let changed = false;
  const next = items.map((n) => {
    if (n.readAt || (ids && !ids.has(n.id))) return n;
    changed = true;
    return { ...n, readAt };
  });
  return changed ? next : items;
}

/** The list with the target notifications read (already-read ones keep their time). */
export function readInPage(
  page: NotificationPage,
  target: ReadTarget,
  readAt: string,
  unreadCount?: number,
): NotificationPage {
  const items = readItems(page.items, target, readAt);
  if (items === page.items && unreadCount === undefined) return page;
  return { ...page, items, unreadCount: unreadCount ?? page.unreadCount };
}

export function readInPages(
  data: NotificationPages,
  target: ReadTarget,
  readAt: string,
): NotificationPages {
  return { ...data, pages: data.pages.map((page) => readInPage(page, target, readAt)) };
}

/** How many of the target are unread in a list (what marking them read takes off the count). */
export function unreadAmong(items: Notification[], target: ReadTarget): number {
  const ids = target === 'all' ? null : new Set(target);
  return items.filter((n) => !n.readAt && (!ids || ids.has(n.id))).length;
}

/** The badge on the bell: nothing at 0, "99+" above 99. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}

/** The bell's accessible name, with the count a screen reader needs. */
export function bellLabel(count: number): string {
  return count > 0 ? `Notifications, ${count} unread` : 'Notifications, none unread';
}

/**
 * A notification's link is a path in the app; anything else (another site, a
 * protocol-relative or malformed address) goes to the notifications page.
 */
export function appLink(link: string, fallback: string): string {
  return /^\/(?![/\\])/.test(link) && !/[\s\\]/.test(link) ? link : fallback;
}
