// Every route in the OpenAPI document the server serves, sent generated hostile
// input (fast-check) with a signed-in session: wrong types, huge and empty
// values, NUL, unpaired surrogates, deep nesting, prototype keys, odd numbers
// and dates, in the path, the query and the body. No answer may be a 5xx. The
// routes come from the document, so a new route is covered without anyone
// adding it to a list; the test fails if it reached fewer routes than the
// document holds.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeGrant, makeUser, sessionCookie } from '../test/factories';

type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  minimum?: number;
  minLength?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

type Operation = {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  querySchemas: Record<string, JsonSchema>;
  bodyFields: string[] | null;
  bodySchema: JsonSchema | null;
};

let t: TestApp;
const ids: string[] = [];
let people: { id: string }[] = [];

beforeAll(async () => {
  // Limits a fuzzer would trip over are raised: a 429 answers nothing about the route.
  t = await createTestApp({ LEAD_RATE_LIMIT: '100000', LOGIN_IP_RATE_LIMIT: '100000' });
  const researcher = await makeUser(t.db, { name: 'Fuzz Researcher' });
  const admin = await makeUser(t.db, {
    name: 'Fuzz Admin',
    role: 'admin',
    domain: researcher.email.split('@')[1],
  });
  people = [researcher.user, admin.user];
  const grant = await makeGrant(t.db, {
    title: 'Fuzzing coral reef resilience',
    awardCeiling: 250_000,
  });
  ids.push(researcher.user.id, admin.user.id, grant.id);
  const cookie = await sessionCookie(t.db, researcher.user.id);
  const conversation = await t.app.inject({
    method: 'POST',
    url: '/api/v1/conversations',
    payload: { type: 'direct', memberIds: [admin.user.id] },
    headers: { cookie },
  });
  ids.push(conversation.json().conversation.id);
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/v1/saved-searches',
    payload: { name: 'Coral', query: 'coral', filters: { q: 'coral' } },
    headers: { cookie },
  });
  ids.push(saved.json().savedSearch?.id ?? saved.json().id ?? crypto.randomUUID());
});
afterAll(() => t.close());

async function operations(): Promise<Operation[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>
    >;
  };
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []) as { in: string; name: string; schema?: JsonSchema }[];
      const body = op.requestBody as
        { content?: { 'application/json'?: { schema?: JsonSchema } } } | undefined;
      const bodySchema = body?.content?.['application/json']?.schema ?? null;
      found.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        querySchemas: Object.fromEntries(
          params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
        ),
        bodyFields: body ? Object.keys(bodySchema?.properties ?? {}) : null,
        bodySchema,
      });
    }
  }
  return found;
}

// ------------------------------------------------------------ hostile values

const nasty = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '😀',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'true',
  '-0',
  '1.5',
  '1e-300',
  '1e308',
  '-1',
  '9007199254740993',
  'NaN',
  'Infinity',
  '0000-01-01',
  '9999-12-31',
  '2027-02-30',
  '1899-12-31',
  "'; DROP TABLE users; --",
  '%',
  '%_\\',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'x'.repeat(10_001),
];

const hostileString = fc.oneof(
  fc.constantFrom(...nasty),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ maxLength: 20 }),
  fc.constantFrom(...nasty).map((s) => `${s}${s}`),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1.5,
    1e-300,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 31,
    -(2 ** 31) - 1,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

const deep = fc.integer({ min: 20, max: 60 }).map((n) => {
  let v: unknown = 'deep';
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
});

const protoKeys = fc
  .constantFrom('__proto__', 'constructor', 'prototype', 'k\u0000', 'k\uD800')
  .map((k) => JSON.parse(`{${JSON.stringify(k)}: {"polluted": true}}`) as unknown);

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, leaf, { maxKeys: 4 }) },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: protoKeys },
  { weight: 1, arbitrary: fc.array(fc.uuid(), { maxLength: 60 }) },
);

const pathValue = fc.oneof(
  fc.constantFrom(...(ids.length ? ids : [crypto.randomUUID()])),
  fc.uuid(),
  hostileString.filter((s) => s.length > 0),
);

/**
 * A value the schema accepts, as far as a schema says (the request then gets
 * past validation, so one hostile field reaches the route's own code).
 */
function exampleFor(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.enum?.length) return schema.enum[0];
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alternative) return exampleFor(alternative, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return [exampleFor(schema.items, depth + 1)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [k, exampleFor(v, depth + 1)]),
      );
    default:
      if (schema.format === 'email' || schema.pattern?.includes('@'))
        return 'fuzz.person@example.edu';
      if (schema.format === 'uuid' || schema.pattern?.includes('[0-9a-f]{8}'))
        return ids[0] ?? crypto.randomUUID();
      if (schema.pattern?.includes('\\(\\d{3}\\)')) return '(555)123-4567';
      if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return '2027-01-15';
      return 'fuzz text'.padEnd(schema.minLength ?? 0, 'x');
  }
}

/** Valid input with one field made hostile (most runs), or hostile input throughout. */
function mutated(
  fields: string[],
  valid: Record<string, unknown>,
  stringsOnly: boolean,
): fc.Arbitrary<Record<string, unknown>> {
  if (fields.length === 0) return fc.constant(valid);
  const value = stringsOnly ? hostileString : hostileValue;
  return fc
    .tuple(fc.constantFrom(...fields), value)
    .map(([field, bad]) => ({ ...valid, [field]: bad }));
}

function bodyFor(op: Operation): fc.Arbitrary<unknown> {
  if (!op.bodyFields) return fc.constant(undefined);
  const valid = (exampleFor(op.bodySchema ?? undefined) ?? {}) as Record<string, unknown>;
  const fields = op.bodyFields.length ? op.bodyFields : ['x'];
  const shaped = fc.record(Object.fromEntries(fields.map((f) => [f, hostileValue])), {
    requiredKeys: [],
  });
  return fc.oneof(
    { weight: 5, arbitrary: mutated(fields, valid, false) },
    { weight: 2, arbitrary: shaped },
    { weight: 1, arbitrary: hostileValue },
  );
}

function queryFor(op: Operation): fc.Arbitrary<Record<string, string>> {
  const valid = Object.fromEntries(
    op.queryParams.map((name) => [name, String(exampleFor(op.querySchemas[name]))]),
  );
  const keys = [...op.queryParams, '__proto__', 'extra'];
  return fc.oneof(
    {
      weight: 3,
      arbitrary: mutated(op.queryParams, valid, true) as fc.Arbitrary<Record<string, string>>,
    },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.constantFrom(...keys), hostileString, { maxKeys: keys.length }),
    },
  );
}

/** Percent-encodes a path value; a lone surrogate (no UTF-8 form) goes as the bytes a careless client would send. */
function encodePathValue(value: string) {
  return [...value]
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}

// --------------------------------------------------------------------- test

const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 25);

describe('every route, hostile input', () => {
  it('answers no request with a 5xx, on every route the OpenAPI document lists', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(30);
    // Routes that end the session they are called with run last.
    const ending = (op: Operation) => /auth\/(logout|sessions|password)/.test(op.path);
    ops.sort((a, b) => Number(ending(a)) - Number(ending(b)));
    const reached = new Set<string>();
    const failures: string[] = [];

    for (const op of ops) {
      const params = fc.record(
        Object.fromEntries(
          op.pathParams.map((p) => [p, fc.oneof(fc.constantFrom(...ids), pathValue)]),
        ),
      );
      await fc
        .assert(
          fc.asyncProperty(
            params,
            queryFor(op),
            bodyFor(op),
            fc.nat({ max: 1 }),
            async (path, query, body, who) => {
              try {
                return await send(path, query, body, who);
              } catch (err) {
                failures.push(
                  `${op.method} ${op.path}: ${err instanceof Error ? err.message : String(err)}`,
                );
                return false;
              }
            },
          ),
          {
            numRuns: runsPerRoute,
            seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31),
            endOnFailure: true,
          },
        )
        .catch(() => undefined);

      async function send(
        path: Record<string, unknown>,
        query: Record<string, string>,
        body: unknown,
        who: number,
      ) {
        let url = op.path;
        for (const [name, value] of Object.entries(path))
          url = url.replace(`{${name}}`, encodePathValue(String(value)));
        // A fresh session each time: some routes end the one they are called with.
        const cookie = await sessionCookie(t.db, people[who]!.id);
        const res = await t.app.inject({
          method: op.method as 'GET',
          url,
          query,
          headers: {
            cookie,
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
        });
        reached.add(`${op.method} ${op.path}`);
        if (process.env.FUZZ_LOG)
          fs.appendFileSync(process.env.FUZZ_LOG, `${op.method} ${op.path} ${res.statusCode}\n`);
        if (res.statusCode >= 500) {
          failures.push(
            `${op.method} ${url} ${JSON.stringify(query)} ${JSON.stringify(body)?.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
        return res.statusCode < 500;
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect([...reached].sort()).toEqual(ops.map((o) => `${o.method} ${o.path}`).sort());
  }, 240_000);
});
