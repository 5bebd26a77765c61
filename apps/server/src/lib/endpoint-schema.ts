// A route's Fastify schema taken from the contract's endpoint table, so the
// server validates, serializes and documents exactly what the web client is
// typed against (api-contract.test.ts checks every route uses its entry).
// `bindEndpoint` serves an entry: the route's method and path are the entry's.
import type { Endpoint } from '@grantbridge/contract/endpoints';
import type {
  ContextConfigDefault,
  FastifyContextConfig,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

type Docs = { tags: string[]; summary: string };

type SuccessStatus<E extends Endpoint> = E extends { statuses: readonly (infer S extends number)[] }
  ? S
  : 200;

export type EndpointSchema<E extends Endpoint> = Docs &
  (E extends { params: infer P } ? { params: P } : unknown) &
  (E extends { query: infer Q } ? { querystring: Q } : unknown) &
  (E extends { body: infer B } ? { body: B } : unknown) & {
    response: { [S in SuccessStatus<E>]: E['response'] };
  };

/** The `schema` of the route serving `endpoint`; tags and summary are the route's own words for the API docs. */
export function endpointSchema<E extends Endpoint>(endpoint: E, docs: Docs): EndpointSchema<E> {
  const response = Object.fromEntries(
    (endpoint.statuses ?? [200]).map((status) => [status, endpoint.response]),
  );
  return {
    ...docs,
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    response,
  } as EndpointSchema<E>;
}

type App = Parameters<FastifyPluginAsyncZod>[0];

/** What a route adds to its endpoint: its words for the API docs, its config (rate limits, `public`) and body limit. */
export type BindOptions = Docs & { config?: FastifyContextConfig; bodyLimit?: number };

/** The handler of `endpoint`'s route, with request and reply typed by its schemas. */
export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  EndpointSchema<E>,
  ZodTypeProvider
>;

/**
 * Serves `endpoint` with `handler`: method, path and schemas come from the
 * contract's entry, so a route writes its request line once (in the contract).
 */
export function bindEndpoint<E extends Endpoint>(
  app: App,
  endpoint: E,
  { tags, summary, ...options }: BindOptions,
  handler: EndpointHandler<E>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: endpointSchema(endpoint, { tags, summary }),
    ...options,
    handler,
  });
}
