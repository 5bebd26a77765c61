// The typed endpoint table: every route of the API by name, with its method,
// path, the zod schemas of its path params, query, body and response, and its
// success statuses. The server binds these entries as its route schemas; the
// web client takes only types from here (`import type`), so zod stays out of
// the pages that validate nothing, and names an endpoint by its request line.
import { z } from 'zod';
import { adminEndpoints } from './admin-endpoints';
import { authEndpoints } from './auth-endpoints';
import { currentPendingEndpoints } from './current-pending-endpoints';
import { exportEndpoints } from './export-endpoints';
import { feedEndpoints } from './feed-endpoints';
import { grantEndpoints } from './grants-endpoints';
import { leadEndpoints } from './leads-endpoints';
import { limitedSubmissionEndpoints } from './limited-submissions-endpoints';
import { messagingEndpoints } from './messaging-endpoints';
import { newsletterEndpoints } from './newsletter-endpoints';
import { notificationEndpoints } from './notification-endpoints';
import { peopleEndpoints } from './people-endpoints';
import { pipelineEndpoints } from './pipeline-endpoints';
import { profileEndpoints } from './profile-endpoints';
import { searchEndpoints } from './search-endpoints';
import { siteEndpoints } from './site-endpoints';
import { ssoEndpoints } from './sso-endpoints';

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

// One `<domain>-endpoints.ts` per domain; this table is their union.
export const endpoints = {
  ...siteEndpoints,
  ...authEndpoints,
  ...ssoEndpoints,
  ...leadEndpoints,
  ...grantEndpoints,
  ...searchEndpoints,
  ...messagingEndpoints,
  ...peopleEndpoints,
  ...profileEndpoints,
  ...pipelineEndpoints,
  ...feedEndpoints,
  ...notificationEndpoints,
  ...adminEndpoints,
  ...exportEndpoints,
  ...currentPendingEndpoints,
  ...newsletterEndpoints,
  ...limitedSubmissionEndpoints,
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
