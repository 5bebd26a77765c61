// The realtime socket, one per signed-in tab at /api/v1/realtime: its
// address, the close codes both ends agree on, the events the server pushes
// as { type, data } frames (every domain's: messaging, feed, notifications)
// and the few frames a client sends (writes go over REST). The server's hub
// (plugins/realtime-hub.ts) and the web's socket client (lib/realtime-client.ts)
// both read this file.
import { z } from 'zod';
import { errorCodeSchema } from './errors';
import { feedCommentSchema, feedItemSchema } from './feed';
import { conversationMemberSchema, conversationSchema, messageSchema } from './messaging';
import { notificationSchema } from './notifications';
import { uuidSchema } from './uuid-schema';

export const realtimePath = '/api/v1/realtime';

/** WebSocket close codes: 1000-1999 are the protocol's, 4000-4999 are ours. */
export const closeCodes = {
  /** The page let go of the socket. */
  done: 1000,
  /** The server is shutting down; the client reconnects as after any drop. */
  goingAway: 1001,
  /** The server is restarting (a rolling deploy): reconnect soon, to another instance. */
  restarting: 1012,
  /** The client heard nothing after a ping: the line is dead, reconnect. */
  noPong: 4000,
  /** The browser went offline; dropping the socket at once beats waiting for it to die. */
  offline: 4001,
  /** The session ended (signed out, here or elsewhere): reconnecting would only be refused. */
  sessionEnded: 4401,
} as const;

/** Largest socket frame the server reads; bigger frames get a payload_too_large error event. */
export const realtimeFrameMaxBytes = 16 * 1024;

// ---- Server -> client events ----

const event = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({ type: z.literal(type), data });

export const messageCreatedEventSchema = event('message.created', messageSchema);
/** The caller was added to a conversation (created, or added to a group). unreadCount is the recipient's. */
export const conversationCreatedEventSchema = event('conversation.created', conversationSchema);
/** Members changed in a conversation the recipient is in. */
export const conversationUpdatedEventSchema = event(
  'conversation.updated',
  z.object({
    conversationId: z.string(),
    members: z.array(conversationMemberSchema),
    /** Invitations waiting, when the event is about them. */
    invited: z.array(conversationMemberSchema).optional(),
  }),
);
/** The recipient left the conversation (from another tab): drop it from the list. */
export const conversationLeftEventSchema = event('conversation.left', z.object({ conversationId: z.string() }));
/** The recipient read the conversation up to lastReadSeq (in some tab). */
export const conversationReadEventSchema = event(
  'conversation.read',
  z.object({ conversationId: z.string(), userId: z.string(), lastReadSeq: z.number().int() }),
);
export const presenceChangedEventSchema = event(
  'presence.changed',
  z.object({ userId: z.string(), online: z.boolean() }),
);
export const typingEventSchema = event(
  'typing',
  z.object({ conversationId: z.string(), userId: z.string(), name: z.string() }),
);
/** A post reached the recipient's feed (likedByMe is false: it is new). */
export const feedPostCreatedEventSchema = event('feed.post.created', feedItemSchema);
/** A post in the recipient's feed changed: its text, its like count or its comment count (likedByMe left out: it is the recipient's own). */
export const feedPostUpdatedEventSchema = event('feed.post.updated', feedItemSchema.omit({ likedByMe: true }));
export const feedPostDeletedEventSchema = event('feed.post.deleted', z.object({ id: z.string() }));
export const feedCommentCreatedEventSchema = event(
  'feed.comment.created',
  z.object({ comment: feedCommentSchema, commentCount: z.number().int() }),
);
/** A notification for the recipient, with their unread count after it. */
export const notificationCreatedEventSchema = event(
  'notification.created',
  z.object({ notification: notificationSchema, unreadCount: z.number().int() }),
);
/** The recipient read notifications (in some tab): their unread count now. */
export const notificationsReadEventSchema = event('notifications.read', z.object({ unreadCount: z.number().int() }));
/** Events may have been missed (the server lost its event feed for a while): refetch. */
export const resyncEventSchema = event('resync', z.object({}));
export const pongEventSchema = event('pong', z.object({}));
/** A frame from this socket was refused; the socket stays open. */
export const errorEventSchema = event('error', z.object({ code: errorCodeSchema, message: z.string() }));

export const serverEventSchema = z.discriminatedUnion('type', [
  messageCreatedEventSchema,
  conversationCreatedEventSchema,
  conversationUpdatedEventSchema,
  conversationLeftEventSchema,
  conversationReadEventSchema,
  presenceChangedEventSchema,
  typingEventSchema,
  feedPostCreatedEventSchema,
  feedPostUpdatedEventSchema,
  feedPostDeletedEventSchema,
  feedCommentCreatedEventSchema,
  notificationCreatedEventSchema,
  notificationsReadEventSchema,
  resyncEventSchema,
  pongEventSchema,
  errorEventSchema,
]);
export type ServerEvent = z.infer<typeof serverEventSchema>;
export type ServerEventType = ServerEvent['type'];

// ---- Client -> server frames (sending messages goes over REST) ----

/** The sender is typing in a conversation (messaging relays it to the other members). */
export const typingFrameSchema = z.object({
  type: z.literal('typing'),
  data: z.object({ conversationId: uuidSchema('Not a valid id') }),
});
/** Keeps the line alive; the server answers with a pong event. */
export const pingFrameSchema = z.object({ type: z.literal('ping'), data: z.object({}).optional() });
export const clientFrameSchema = z.discriminatedUnion('type', [typingFrameSchema, pingFrameSchema]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;
export type ClientFrameType = ClientFrame['type'];
