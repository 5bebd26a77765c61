// A route's Fastify schema taken from the contract's endpoint table, so the
// server validates, serializes and documents exactly what the web client is
// typed against (api-contract.test.ts checks every route uses its entry).
import type { Endpoint } from '@grantbridge/contract/endpoints';

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
