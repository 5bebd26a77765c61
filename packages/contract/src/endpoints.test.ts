// The endpoint table is well formed, and its helper types give callers what
// the server really takes and answers (the type assertions run in the
// typecheck). That the server serves exactly this table is checked in
// apps/server/src/api-contract.test.ts.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { User } from './auth';
import {
  endpoints,
  type EndpointAt,
  type EndpointBody,
  type EndpointLine,
  type EndpointParams,
  type EndpointQuery,
  type EndpointRequest,
  type EndpointResponse,
} from './endpoints';
import type { GrantDetail, GrantStatus, SortOption } from './grants';

describe('the endpoint table', () => {
  it('names each path parameter in a params schema, and only those', () => {
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const inPath = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const inSchema = 'params' in endpoint ? Object.keys(endpoint.params.shape).sort() : [];
      expect(inSchema, name).toEqual(inPath);
    }
  });

  it('has one entry per method and path', () => {
    const lines = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('types requests and responses from the schemas', () => {
    expectTypeOf<EndpointResponse<'grant'>>().toEqualTypeOf<{ grant: GrantDetail }>();
    expectTypeOf<EndpointResponse<'session'>>().toEqualTypeOf<{ user: User | null }>();
    expectTypeOf<EndpointResponse<'deleteSavedSearch'>>().toEqualTypeOf<null>();
    expectTypeOf<EndpointParams<'sendMessage'>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<EndpointBody<'sendMessage'>>().toEqualTypeOf<{
      content: string;
      clientId: string;
      grantId?: string | undefined;
    }>();
    expectTypeOf<EndpointParams<'health'>>().toBeNever();
    expectTypeOf<EndpointLine<'grant'>>().toEqualTypeOf<'GET /api/v1/grants/:id'>();
    expectTypeOf<
      EndpointAt<'DELETE /api/v1/grants/:id/bookmark'>
    >().toEqualTypeOf<'unbookmarkGrant'>();

    // Query values are what goes on the wire: coerced numbers take strings or numbers.
    expectTypeOf<EndpointQuery<'grantSearch'>['page']>().toEqualTypeOf<
      string | number | boolean | undefined
    >();
    expectTypeOf<EndpointQuery<'grantSearch'>['sort']>().toEqualTypeOf<SortOption | undefined>();
    expectTypeOf<EndpointQuery<'grantSearch'>['matchProfile']>().toEqualTypeOf<
      'true' | 'false' | '1' | '0' | undefined
    >();
    // The response is what the server sends, defaults applied.
    expectTypeOf<EndpointResponse<'grantSearch'>['totalCapped']>().toEqualTypeOf<boolean>();
    expectTypeOf<GrantStatus>().toEqualTypeOf<'forecasted' | 'posted' | 'closed' | 'archived'>();

    // Required parts are required; parts an endpoint lacks cannot be sent.
    expectTypeOf<{ params: { id: string } }>().toExtend<EndpointRequest<'grant'>>();
    expectTypeOf<Record<never, never>>().not.toExtend<EndpointRequest<'grant'>>();
    expectTypeOf<{ body: { grantId: string } }>().toExtend<EndpointRequest<'startApplication'>>();
    expectTypeOf<{ body: { grantId: string } }>().not.toExtend<EndpointRequest<'savedGrants'>>();
    expectTypeOf<Record<never, never>>().toExtend<EndpointRequest<'grantSearch'>>();
    expectTypeOf<{ params: { id: string } }>().toExtend<EndpointRequest<'markRead'>>();
  });
});
