// The typed endpoint table: every route of the API by name, with its method,
// path, the zod schemas of its path params, query, body and response, and its
// success statuses. The server binds these entries as its route schemas; the
// web client takes only types from here (`import type`), so zod stays out of
// the pages that validate nothing, and names an endpoint by its request line.
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  meResponseSchema,
  okResponseSchema,
  sessionResponseSchema,
} from './auth';
import {
  applicationResponseSchema,
  collaboratorsResponseSchema,
  createApplicationRequestSchema,
  createSavedSearchRequestSchema,
  grantDetailResponseSchema,
  grantSearchQuerySchema,
  grantSearchResponseSchema,
  idParamsSchema,
  savedGrantListResponseSchema,
  savedGrantResponseSchema,
  savedSearchListResponseSchema,
  savedSearchResponseSchema,
  suggestedGrantsQuerySchema,
  suggestedGrantsResponseSchema,
  updateSavedSearchRequestSchema,
} from './grants';
import { chatRequestSchema, chatResponseSchema } from './assistant';
import { healthResponseSchema } from './health';
import { institutionSearchQuerySchema, institutionSearchResponseSchema } from './institutions';
import {
  contactRequestSchema,
  demoRequestSchema,
  getStartedRequestSchema,
  leadCreatedResponseSchema,
} from './leads';
import {
  addMembersRequestSchema,
  conversationListResponseSchema,
  conversationParamsSchema,
  blockListResponseSchema,
  blockParamsSchema,
  reportRequestSchema,
  conversationResponseSchema,
  createConversationRequestSchema,
  messagePageQuerySchema,
  messagePageResponseSchema,
  readMarkerRequestSchema,
  readMarkerResponseSchema,
  sendMessageRequestSchema,
  sendMessageResponseSchema,
  updateConversationRequestSchema,
  userSearchQuerySchema,
  userSearchResponseSchema,
} from './messaging';
import { adminEndpoints } from './admin-endpoints';
import { peopleEndpoints } from './people-endpoints';
import { applicationItemListResponseSchema } from './pipeline';
import { pipelineEndpoints } from './pipeline-endpoints';
import { feedEndpoints } from './feed-endpoints';
import { notificationEndpoints } from './notification-endpoints';
import { profileEndpoints } from './profile-endpoints';
import { publicStatsResponseSchema } from './stats';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Endpoint = {
  readonly method: HttpMethod;
  /** Fastify's form: `:name` for a path parameter. */
  readonly path: `/api/${string}`;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The body of every success status. */
  readonly response: z.ZodType;
  /** The success statuses; [200] when not given. */
  readonly statuses?: readonly number[];
};

/** Created (201), or found already there (200). */
const createdOrFound = [200, 201] as const;
const created = [201] as const;

export const endpoints = {
  ...peopleEndpoints,
  ...profileEndpoints,
  ...pipelineEndpoints,
  ...feedEndpoints,
  ...notificationEndpoints,
  ...adminEndpoints,
  health: { method: 'GET', path: '/api/health', response: healthResponseSchema },
  publicStats: { method: 'GET', path: '/api/v1/stats', response: publicStatsResponseSchema },

  login: {
    method: 'POST',
    path: '/api/v1/auth/login',
    body: loginRequestSchema,
    response: meResponseSchema,
  },
  logout: { method: 'POST', path: '/api/v1/auth/logout', response: okResponseSchema },
  me: { method: 'GET', path: '/api/v1/auth/me', response: meResponseSchema },
  session: { method: 'GET', path: '/api/v1/auth/session', response: sessionResponseSchema },
  changePassword: {
    method: 'POST',
    path: '/api/v1/auth/password',
    body: changePasswordRequestSchema,
    response: okResponseSchema,
  },
  signOutEverywhere: {
    method: 'DELETE',
    path: '/api/v1/auth/sessions',
    response: okResponseSchema,
  },

  institutionSearch: {
    method: 'GET',
    path: '/api/v1/institutions',
    query: institutionSearchQuerySchema,
    response: institutionSearchResponseSchema,
  },
  contactRequest: {
    method: 'POST',
    path: '/api/v1/contact-requests',
    body: contactRequestSchema,
    response: leadCreatedResponseSchema,
    statuses: created,
  },
  getStartedRequest: {
    method: 'POST',
    path: '/api/v1/get-started',
    body: getStartedRequestSchema,
    response: leadCreatedResponseSchema,
    statuses: created,
  },
  demoRequest: {
    method: 'POST',
    path: '/api/v1/demo-requests',
    body: demoRequestSchema,
    response: leadCreatedResponseSchema,
    statuses: created,
  },

  suggestedGrants: {
    method: 'GET',
    path: '/api/v1/grants/suggested',
    query: suggestedGrantsQuerySchema,
    response: suggestedGrantsResponseSchema,
  },
  grantSearch: {
    method: 'GET',
    path: '/api/v1/grants/search',
    query: grantSearchQuerySchema,
    response: grantSearchResponseSchema,
  },
  searchChat: {
    method: 'POST',
    path: '/api/v1/search/chat',
    body: chatRequestSchema,
    response: chatResponseSchema,
  },
  grant: {
    method: 'GET',
    path: '/api/v1/grants/:id',
    params: idParamsSchema,
    response: grantDetailResponseSchema,
  },
  grantCollaborators: {
    method: 'GET',
    path: '/api/v1/grants/:id/collaborators',
    params: idParamsSchema,
    response: collaboratorsResponseSchema,
  },
  savedSearches: {
    method: 'GET',
    path: '/api/v1/saved-searches',
    response: savedSearchListResponseSchema,
  },
  createSavedSearch: {
    method: 'POST',
    path: '/api/v1/saved-searches',
    body: createSavedSearchRequestSchema,
    response: savedSearchResponseSchema,
    statuses: created,
  },
  updateSavedSearch: {
    method: 'PATCH',
    path: '/api/v1/saved-searches/:id',
    params: idParamsSchema,
    body: updateSavedSearchRequestSchema,
    response: savedSearchResponseSchema,
  },
  deleteSavedSearch: {
    method: 'DELETE',
    path: '/api/v1/saved-searches/:id',
    params: idParamsSchema,
    response: z.null(),
    statuses: [204],
  },

  bookmarkGrant: {
    method: 'PUT',
    path: '/api/v1/grants/:id/bookmark',
    params: idParamsSchema,
    response: savedGrantResponseSchema,
  },
  unbookmarkGrant: {
    method: 'DELETE',
    path: '/api/v1/grants/:id/bookmark',
    params: idParamsSchema,
    response: savedGrantResponseSchema,
  },
  savedGrants: {
    method: 'GET',
    path: '/api/v1/saved-grants',
    response: savedGrantListResponseSchema,
  },
  applications: {
    method: 'GET',
    path: '/api/v1/applications',
    response: applicationItemListResponseSchema,
  },
  startApplication: {
    method: 'POST',
    path: '/api/v1/applications',
    body: createApplicationRequestSchema,
    response: applicationResponseSchema,
    statuses: createdOrFound,
  },

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
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/** An endpoint's HTTP request line, e.g. 'GET /api/v1/grants/:id'. */
export type EndpointLine<N extends EndpointName = EndpointName> = N extends EndpointName
  ? `${Endpoints[N]['method']} ${Endpoints[N]['path']}`
  : never;
/** The name of the endpoint a request line stands for. */
export type EndpointAt<L extends EndpointLine> = {
  [N in EndpointName]: EndpointLine<N> extends L ? N : never;
}[EndpointName];

/** What a query value may be on the wire; coerced fields (`unknown` as input) take any of these. */
export type QueryValue = string | number | boolean;
type WireQuery<T> = { [K in keyof T]: unknown extends T[K] ? QueryValue | undefined : T[K] };

type SchemaOf<
  N extends EndpointName,
  K extends 'params' | 'query' | 'body',
> = Endpoints[N] extends {
  readonly [P in K]: infer S extends z.ZodType;
}
  ? S
  : never;

export type EndpointParams<N extends EndpointName> = z.input<SchemaOf<N, 'params'>>;
export type EndpointQuery<N extends EndpointName> = WireQuery<z.input<SchemaOf<N, 'query'>>>;
export type EndpointBody<N extends EndpointName> = z.input<SchemaOf<N, 'body'>>;
/** The JSON a success answers with. */
export type EndpointResponse<N extends EndpointName> = z.output<Endpoints[N]['response']>;

/** A part the endpoint has is required unless empty is valid; a part it lacks cannot be given. */
type Part<K extends string, T> = [T] extends [never]
  ? { [P in K]?: never }
  : Record<never, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a caller sends: `{ params, query, body }`, each present when the endpoint has it. */
export type EndpointRequest<N extends EndpointName> = Part<'params', EndpointParams<N>> &
  Part<'query', EndpointQuery<N>> &
  Part<'body', EndpointBody<N>>;
