// The contract's endpoint table and the server's routes are the same API: every
// route in the OpenAPI document has an entry with its method and path (so a new
// route must be added to the table), every entry is served, and each route
// validates and answers with its entry's schemas.
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '@grantbridge/contract/endpoints';
import { createTestApp, type TestApp } from '../test/test-app';
import { endpointSchema } from './lib/endpoint-schema';

type Operation = Record<string, unknown>;
type Document = { paths: Record<string, Record<string, Operation>> };

/** `GET /api/v1/grants/:id` → its operation, from an OpenAPI document. */
function operations(doc: Document): Map<string, Operation> {
  const found = new Map<string, Operation>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      found.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, operation);
    }
  }
  return found;
}

const keyOf = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/** What the route validates and answers, without the words (tags, summary) that are the route's own. */
const shapeOf = ({ tags: _tags, summary: _summary, ...shape }: Operation) => shape;

/** The OpenAPI document of an app that serves exactly the table, each route with its entry's schema. */
async function tableDocument(): Promise<Document> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: { info: { title: 'table', version: '0' } },
    transform: jsonSchemaTransform,
  });
  for (const endpoint of Object.values(endpoints) as Endpoint[]) {
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      schema: endpointSchema(endpoint, { tags: [], summary: '' }),
      handler: async () => null,
    });
  }
  await app.ready();
  try {
    return app.swagger() as unknown as Document;
  } finally {
    await app.close();
  }
}

let t: TestApp;
let served: Map<string, Operation>;
beforeAll(async () => {
  t = await createTestApp();
  served = operations(t.app.swagger() as unknown as Document);
});
afterAll(() => t.close());

describe('the endpoint table and the routes', () => {
  it('has an entry for every route the server documents, with the same method and path', () => {
    const table = new Set((Object.values(endpoints) as Endpoint[]).map(keyOf));
    expect([...served.keys()].filter((key) => !table.has(key))).toEqual([]);
  });

  it('lists no endpoint the server does not serve', () => {
    const missing = (Object.values(endpoints) as Endpoint[])
      .map(keyOf)
      .filter((key) => !served.has(key));
    expect(missing).toEqual([]);
    expect(served.size).toBe(Object.keys(endpoints).length);
  });

  it("binds each route to its entry's params, query, body and responses", async () => {
    const table = operations(await tableDocument());
    for (const [key, operation] of served) {
      expect(shapeOf(operation), key).toEqual(shapeOf(table.get(key)!));
    }
  });
});
