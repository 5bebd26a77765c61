// The cached conversation list under realtime events: order, unread counts,
// read markers, presence and members, and how a conversation is titled.
import { describe, expect, it } from 'vitest';
import type { Conversation, ConversationMember, Message } from '@grantbridge/contract/messaging';
import {
  applyMembers,
  applyMessage,
  applyPresence,
  applyRead,
  conversationTitle,
  otherMember,
  removeConversation,
  sortConversations,
  upsertConversation,
} from './conversation-list';

const me = 'u-me';

const member = (id: string, name: string, online = false): ConversationMember => ({
  id,
  name,
  title: null,
  role: 'researcher',
  institutionName: 'Northfield University',
  online,
});

const ada = member('u-ada', 'Ada Lovelace');
const grace = member('u-grace', 'Grace Hopper', true);
const self = member(me, 'Jordan Ellery');

const message = (conversationId: string, seq: number, senderId = ada.id): Message => ({
  id: `${conversationId}-m${seq}`,
  conversationId,
  seq,
  senderId,
  senderName: senderId === me ? self.name : ada.name,
  content: `message ${seq}`,
  grant: null,
  clientId: `${conversationId}-c${seq}`,
  createdAt: `2026-03-0${seq}T10:00:00.000Z`,
});

const conversation = (id: string, patch: Partial<Conversation> = {}): Conversation => ({
  id,
  type: 'group',
  name: null,
  grantId: null,
  members: [self, ada, grace],
  unreadCount: 0,
  lastReadSeq: 0,
  lastMessage: null,
  lastMessageAt: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  request: null,
  invited: [],
  invitedBy: null,
  ownerId: null,
  historyShared: false,
  earlierHidden: false,
  ...patch,
});

const ids = (list: Conversation[] | null) => list?.map((c) => c.id);

describe('order', () => {
  it('lists the most recently active first, a conversation without messages by its creation', () => {
    const list = [
      conversation('old', { lastMessageAt: '2026-03-02T10:00:00.000Z' }),
      conversation('new', { createdAt: '2026-03-05T10:00:00.000Z' }),
      conversation('busy', { lastMessageAt: '2026-03-04T10:00:00.000Z' }),
    ];
    expect(ids(sortConversations(list))).toEqual(['new', 'busy', 'old']);
    expect(ids(list), 'the input is not reordered').toEqual(['old', 'new', 'busy']);
  });

  it('replaces a conversation in place of its old copy, or adds it, and removes one', () => {
    const list = [
      conversation('a', { lastMessageAt: '2026-03-03T10:00:00.000Z' }),
      conversation('b', { lastMessageAt: '2026-03-02T10:00:00.000Z' }),
    ];
    const bumped = upsertConversation(
      list,
      conversation('b', { lastMessageAt: '2026-03-04T10:00:00.000Z' }),
    );
    expect(ids(bumped)).toEqual(['b', 'a']);
    expect(
      ids(upsertConversation(list, conversation('c', { createdAt: '2026-03-09T10:00:00.000Z' }))),
    ).toEqual(['c', 'a', 'b']);
    expect(ids(removeConversation(list, 'a'))).toEqual(['b']);
    expect(ids(removeConversation(list, 'nope'))).toEqual(['a', 'b']);
  });
});

describe('a new message', () => {
  const list = [
    conversation('a', { lastMessageAt: '2026-03-03T10:00:00.000Z' }),
    conversation('b', {
      lastMessage: message('b', 2),
      lastMessageAt: '2026-03-02T10:00:00.000Z',
      lastReadSeq: 1,
      unreadCount: 1,
    }),
  ];

  it('becomes the last message, counts as unread and moves its conversation to the top', () => {
    const next = applyMessage(list, message('b', 4), { userId: me, openId: null })!;
    expect(ids(next)).toEqual(['b', 'a']);
    expect(next[0]).toMatchObject({
      lastMessage: { seq: 4 },
      lastMessageAt: '2026-03-04T10:00:00.000Z',
      unreadCount: 2,
      lastReadSeq: 1,
    });
  });

  it('is read at once when it is the user’s own, or the conversation is open', () => {
    const own = applyMessage(list, message('b', 4, me), { userId: me, openId: null })!;
    expect(own[0]).toMatchObject({ unreadCount: 0, lastReadSeq: 4 });
    const open = applyMessage(list, message('b', 4), { userId: me, openId: 'b' })!;
    expect(open[0]).toMatchObject({ unreadCount: 0, lastReadSeq: 4 });
  });

  it('changes nothing when it is not newer than the last one, and asks for a reload when its conversation is unknown', () => {
    expect(applyMessage(list, message('b', 2), { userId: me, openId: null })).toBe(list);
    expect(applyMessage(list, message('b', 1), { userId: me, openId: null })).toBe(list);
    expect(applyMessage(list, message('x', 1), { userId: me, openId: null })).toBeNull();
  });
});

describe('read markers', () => {
  const list = [
    conversation('a', { lastMessage: message('a', 5), lastReadSeq: 2, unreadCount: 3 }),
  ];

  it('clears the unread count once read up to the last message', () => {
    expect(applyRead(list, 'a', 5)[0]).toMatchObject({ lastReadSeq: 5, unreadCount: 0 });
  });

  it('moves the marker but keeps the count when read only part of the way', () => {
    expect(applyRead(list, 'a', 3)[0]).toMatchObject({ lastReadSeq: 3, unreadCount: 3 });
  });

  it('never moves the marker back, and leaves other conversations alone', () => {
    expect(applyRead(list, 'a', 1)[0]).toBe(list[0]);
    expect(applyRead(list, 'other', 9)[0]).toBe(list[0]);
  });

  it('counts a conversation without messages as read', () => {
    const empty = [conversation('e', { unreadCount: 1 })];
    expect(applyRead(empty, 'e', 0)[0]).toMatchObject({ unreadCount: 0 });
  });
});

describe('presence and members', () => {
  const list = [conversation('a'), conversation('b', { members: [self, ada] })];

  it('marks a member online in every conversation they are in', () => {
    const next = applyPresence(list, ada.id, true);
    expect(next.map((c) => c.members.find((m) => m.id === ada.id)?.online)).toEqual([true, true]);
  });

  it('returns the same list when nothing changes, so nothing re-renders', () => {
    expect(applyPresence(list, grace.id, true)).toBe(list);
    expect(applyPresence(list, 'stranger', true)).toBe(list);
  });

  it('replaces the members of one conversation', () => {
    const next = applyMembers(list, 'b', [self, ada, grace]);
    expect(next[1]!.members.map((m) => m.id)).toEqual([me, ada.id, grace.id]);
    expect(next[0]).toBe(list[0]);
  });
});

describe('titles', () => {
  it('names a direct conversation after the other person', () => {
    const direct = conversation('d', { type: 'direct', members: [self, ada] });
    expect(otherMember(direct, me)).toBe(ada);
    expect(conversationTitle(direct, me)).toBe('Ada Lovelace');
  });

  it('falls back to the only member of a direct conversation left alone', () => {
    const alone = conversation('d', { type: 'direct', members: [self] });
    expect(conversationTitle(alone, me)).toBe('Jordan Ellery');
    expect(conversationTitle(conversation('d', { type: 'direct', members: [] }), me)).toBe(
      'Direct message',
    );
  });

  it('names groups and teams by their name, else by the other members', () => {
    expect(
      conversationTitle(conversation('g', { name: 'Soil carbon team', type: 'team' }), me),
    ).toBe('Soil carbon team');
    expect(conversationTitle(conversation('g'), me)).toBe('Ada Lovelace, Grace Hopper');
    expect(conversationTitle(conversation('g', { members: [self] }), me)).toBe('Conversation');
  });
});
