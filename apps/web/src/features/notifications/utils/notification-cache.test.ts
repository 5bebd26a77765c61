// The cache updates behind the bell and the full page: new notifications on
// top once, reads applied to some or all, and the bell's badge, name and links.
import { describe, expect, it } from 'vitest';
import type { Notification } from '@grantbridge/contract/notifications';
import {
  addToLatest,
  addToPages,
  appLink,
  badgeText,
  bellLabel,
  readInPage,
  readInPages,
  unreadAmong,
  type NotificationPages,
} from './notification-cache';

const note = (id: string, readAt: string | null = null): Notification => ({
  id,
  kind: 'team.invitation',
  title: `Notification ${id}`,
  body: 'Body',
  link: '/dashboard/grants',
  createdAt: '2026-03-11T10:00:00.000Z',
  readAt,
});
const page = (items: Notification[], unreadCount = 0, nextCursor: string | null = null) => ({
  items,
  unreadCount,
  nextCursor,
});

describe('new notifications', () => {
  it('go on top of the bell list once, trimmed, with the new count', () => {
    const latest = page([note('b'), note('c'), note('d')], 3);
    const next = addToLatest(latest, note('a'), 4, 3);
    expect(next.items.map((n) => n.id)).toEqual(['a', 'b', 'c']);
    expect(next.unreadCount).toBe(4);
    // The same event twice (two sockets, a retry) lists it once.
    expect(addToLatest(next, note('a'), 4, 3).items.map((n) => n.id)).toEqual(['a', 'b', 'c']);
  });

  it('go on top of the first page of the full list, leaving later pages and cursors alone', () => {
    const data: NotificationPages = {
      pages: [page([note('b')], 1, 'cursor-1'), page([note('c')], 1)],
      pageParams: [undefined, 'cursor-1'],
    };
    const next = addToPages(data, note('a'));
    expect(next.pages[0]?.items.map((n) => n.id)).toEqual(['a', 'b']);
    expect(next.pages[0]?.nextCursor).toBe('cursor-1');
    expect(next.pages[1]).toBe(data.pages[1]);
    expect(addToPages(next, note('a'))).toBe(next);
    expect(addToPages({ pages: [], pageParams: [] }, note('a')).pages).toEqual([]);
  });
});

describe('reading', () => {
  const earlier = '2026-03-10T08:00:00.000Z';
  const now = '2026-03-11T10:00:00.000Z';

  it('marks the named ones read and keeps the time of those read before', () => {
    const list = page([note('a'), note('b'), note('c', earlier)], 2);
    const next = readInPage(list, ['a', 'c'], now, 1);
    expect(next.items.map((n) => n.readAt)).toEqual([now, null, earlier]);
    expect(next.unreadCount).toBe(1);
  });

  it('marks all read across pages, and changes nothing that was read already', () => {
    const data: NotificationPages = {
      pages: [page([note('a')]), page([note('b', earlier)])],
      pageParams: [undefined, 'x'],
    };
    const next = readInPages(data, 'all', now);
    expect(next.pages.flatMap((p) => p.items.map((n) => n.readAt))).toEqual([now, earlier]);
    expect(next.pages[1]).toBe(data.pages[1]);
  });

  it('counts how many of the target are unread', () => {
    const items = [note('a'), note('b'), note('c', earlier)];
    expect(unreadAmong(items, ['a', 'c', 'zzz'])).toBe(1);
    expect(unreadAmong(items, 'all')).toBe(2);
  });
});

describe('the bell', () => {
  it('shows no badge at 0 and caps it at 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('says the count in its name', () => {
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(0)).toBe('Notifications, none unread');
  });

  it('links only to paths in the app', () => {
    const fallback = '/dashboard/notifications';
    expect(appLink('/dashboard/applications/abc', fallback)).toBe('/dashboard/applications/abc');
    expect(appLink('/admin/settings#notifications', fallback)).toBe(
      '/admin/settings#notifications',
    );
    expect(appLink('/dashboard/message?c=1', fallback)).toBe('/dashboard/message?c=1');
    for (const bad of [
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      'dashboard',
    ]) {
      expect(appLink(bad, fallback)).toBe(fallback);
    }
  });
});
