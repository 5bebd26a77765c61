// The endpoint table's entries for conversations, messages, message requests and blocks.
// Spread into `endpoints` (endpoints.ts).
import { okResponseSchema } from './auth';
import { addMembersRequestSchema, blockListResponseSchema, blockParamsSchema, conversationListResponseSchema, conversationParamsSchema, conversationResponseSchema, createConversationRequestSchema, messagePageQuerySchema, messagePageResponseSchema, readMarkerRequestSchema, readMarkerResponseSchema, reportRequestSchema, sendMessageRequestSchema, sendMessageResponseSchema, updateConversationRequestSchema, userSearchQuerySchema, userSearchResponseSchema } from './messaging';

/** Created (201), or found already there (200). */
const createdOrFound = [200, 201] as const;
const created = [201] as const;

export const messagingEndpoints = {
  userSearch: {
    method: 'GET',
    path: '/api/v1/users',
    query: userSearchQuerySchema,
    response: userSearchResponseSchema,
  },
  conversations: {
    method: 'GET',
    path: '/api/v1/conversations',
    response: conversationListResponseSchema,
  },
  createConversation: {
    method: 'POST',
    path: '/api/v1/conversations',
    body: createConversationRequestSchema,
    response: conversationResponseSchema,
    statuses: createdOrFound,
  },
  conversation: {
    method: 'GET',
    path: '/api/v1/conversations/:id',
    params: conversationParamsSchema,
    response: conversationResponseSchema,
  },
  updateConversation: {
    method: 'PATCH',
    path: '/api/v1/conversations/:id',
    params: conversationParamsSchema,
    body: updateConversationRequestSchema,
    response: conversationResponseSchema,
  },
  messages: {
    method: 'GET',
    path: '/api/v1/conversations/:id/messages',
    params: conversationParamsSchema,
    query: messagePageQuerySchema,
    response: messagePageResponseSchema,
  },
  sendMessage: {
    method: 'POST',
    path: '/api/v1/conversations/:id/messages',
    params: conversationParamsSchema,
    body: sendMessageRequestSchema,
    response: sendMessageResponseSchema,
    statuses: createdOrFound,
  },
  markRead: {
    method: 'POST',
    path: '/api/v1/conversations/:id/read',
    params: conversationParamsSchema,
    // No body (or null) marks everything read.
    body: readMarkerRequestSchema.nullish(),
    response: readMarkerResponseSchema,
  },
  addMembers: {
    method: 'POST',
    path: '/api/v1/conversations/:id/members',
    params: conversationParamsSchema,
    body: addMembersRequestSchema,
    response: conversationResponseSchema,
  },
  leaveConversation: {
    method: 'DELETE',
    path: '/api/v1/conversations/:id/members/me',
    params: conversationParamsSchema,
    response: okResponseSchema,
  },
  acceptRequest: {
    method: 'POST',
    path: '/api/v1/conversations/:id/accept',
    params: conversationParamsSchema,
    response: conversationResponseSchema,
  },
  declineRequest: {
    method: 'POST',
    path: '/api/v1/conversations/:id/decline',
    params: conversationParamsSchema,
    response: conversationResponseSchema,
  },
  reportConversation: {
    method: 'POST',
    path: '/api/v1/conversations/:id/report',
    params: conversationParamsSchema,
    body: reportRequestSchema,
    response: okResponseSchema,
    statuses: created,
  },
  blocks: { method: 'GET', path: '/api/v1/blocks', response: blockListResponseSchema },
  block: {
    method: 'PUT',
    path: '/api/v1/blocks/:userId',
    params: blockParamsSchema,
    response: okResponseSchema,
  },
  unblock: {
    method: 'DELETE',
    path: '/api/v1/blocks/:userId',
    params: blockParamsSchema,
    response: okResponseSchema,
  },
} as const;
