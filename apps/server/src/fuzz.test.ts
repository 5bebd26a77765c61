// Every route in the OpenAPI document the server serves, sent generated hostile
// input (fast-check) with a signed-in session: wrong types, huge, over-long
// and empty values, NUL, unpaired surrogates, deep nesting, prototype keys,
// odd numbers and dates, in the path, the query and the body; and every route
// that takes a body, sent uploads (multipart well formed and broken: no end,
// no boundary, thousands of parts, over-long headers, hostile file names and
// types) and raw bytes under every content type a route parses itself. No answer may be a 5xx. The
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
  // An application with its documents, so uploads reach the code that reads them.
  const application = await t.app.inject({
    method: 'POST',
    url: '/api/v1/applications',
    payload: { grantId: grant.id },
    headers: { cookie },
  });
  const applicationId = application.json().application?.id ?? application.json().id;
  const documents = await t.app.inject({
    method: 'GET',
    url: `/api/v1/applications/${applicationId}/documents`,
    headers: { cookie },
  });
  const documentId = documents.json().documents?.[0]?.id;
  expect(applicationId && documentId, `${application.body} ${documents.body}`).toBeTruthy();
  Object.assign(idsByResource, {
    applications: applicationId,
    documents: documentId,
    conversations: conversation.json().conversation.id,
    grants: grant.id,
  });
});
/** For the upload pass: an id that exists, by the path segment before the parameter. */
const idsByResource: Record<string, string> = {};
function pathWithKnownIds(path: string) {
  return path.replace(/([^/]+)\/\{[^}]+\}/g, (_all, resource: string) => `${resource}/${idsByResource[resource] ?? ids[0]}`);
}
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
  // Over-long: far past every field's limit, in bytes and in characters.
  'y'.repeat(100_000),
  'é'.repeat(60_000),
  '\u202e'.repeat(5_000),
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

// ------------------------------------------------------- uploads and raw bodies

const bytes = (max: number) => fc.uint8Array({ maxLength: max }).map((a) => Buffer.from(a));
/** Starts of real file types followed by garbage: they pass a first sniff and fail later. */
const magic = fc.constantFrom(
  Buffer.from('89504e470d0a1a0a0000000d49484452000186a0000186a008060000', 'hex'), // PNG, 100,000 × 100,000
  Buffer.from('89504e470d0a1a0a', 'hex'),
  Buffer.from('ffd8ffe000104a464946', 'hex'), // JPEG
  Buffer.from('52494646000000005745425056503820', 'hex'), // WebP
  Buffer.from('%PDF-1.7\n'),
  Buffer.from('504b030414000600', 'hex'), // ZIP (DOCX, XLSX)
  Buffer.from('@string{a="x"}\n@article{k, title={'),
  Buffer.from('TY  - JOUR\r\nTI  - '),
  Buffer.from('email,name\n=cmd|"/c calc"!A1,'),
);
const fileBytes = fc.oneof(
  bytes(2048),
  fc.tuple(magic, bytes(512)).map(([head, tail]) => Buffer.concat([head, tail])),
  fc.constant(Buffer.alloc(0)),
  fc.constant(Buffer.alloc(200_000, 0x41)),
);
const fileName = fc.oneof(
  hostileString,
  fc.constantFrom(
    'report.pdf',
    'a\u202egpj.exe',
    '..\\..\\boot.ini',
    'x'.repeat(2_000) + '.pdf',
    'line\r\nbreak.txt',
    '"q".png',
  ),
);
const partType = fc.oneof(
  fc.constantFrom(
    'application/pdf',
    'image/png',
    'text/plain',
    'application/octet-stream',
    'x/\u0000',
    '',
  ),
  hostileString,
);

/** A multipart body, well formed or broken in one of the ways a client or an attacker breaks it. */
const multipart = fc
  .record({
    field: fc.oneof(
      { weight: 3, arbitrary: fc.constant('file') },
      { weight: 1, arbitrary: hostileString },
    ),
    name: fileName,
    type: partType,
    content: fileBytes,
    extraFields: fc.array(fc.tuple(hostileString, hostileString), { maxLength: 3 }),
    breakage: fc.constantFrom(
      'none',
      'none',
      'no-end',
      'wrong-boundary',
      'no-boundary',
      'many-parts',
      'long-header',
      'two-files',
      'no-headers',
    ),
  })
  .map(({ field, name, type, content, extraFields, breakage }) => {
    const boundary = `----fuzz${crypto.randomBytes(6).toString('hex')}`;
    const quote = (v: string) => v.replace(/"/g, '%22');
    const filePart = (n: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${quote(field)}"; filename="${quote(n)}"\r\n` +
            `Content-Type: ${type}\r\n` +
            (breakage === 'long-header' ? `X-Long: ${'h'.repeat(200_000)}\r\n` : '') +
            '\r\n',
        ),
        content,
        Buffer.from('\r\n'),
      ]);
    const fieldParts = (
      breakage === 'many-parts'
        ? Array.from({ length: 2_000 }, (_, i) => [`f${i}`, 'v'] as const)
        : extraFields
    ).map(([k, v]) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quote(k)}"\r\n\r\n${v}\r\n`,
      ),
    );
    const parts =
      breakage === 'no-headers'
        ? [Buffer.from(`--${boundary}\r\n\r\n`), content, Buffer.from('\r\n')]
        : [
            ...fieldParts,
            filePart(name),
            ...(breakage === 'two-files' ? [filePart(`${name}2`)] : []),
          ];
    const end = breakage === 'no-end' ? Buffer.alloc(0) : Buffer.from(`--${boundary}--\r\n`);
    const payload = Buffer.concat([...parts, end]);
    const contentType =
      breakage === 'no-boundary'
        ? 'multipart/form-data'
        : `multipart/form-data; boundary=${breakage === 'wrong-boundary' ? 'other' : boundary}`;
    const label = `${breakage}, field ${JSON.stringify(field).slice(0, 40)}, name ${JSON.stringify(name).slice(0, 40)}, type ${JSON.stringify(type).slice(0, 40)}, ${content.length} bytes`;
    return { contentType, payload, label };
  });

/** Bytes under every content type a route parses itself, or one it does not expect at all. */
const rawBody = fc
  .tuple(
    fc.constantFrom(
      'image/png',
      'image/jpeg',
      'image/webp',
      'application/octet-stream',
      'text/plain',
      'text/csv',
      'application/x-bibtex',
      'application/x-research-info-systems',
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-16',
      'text/xml',
    ),
    fc.oneof(
      fileBytes,
      hostileString.map((v) => Buffer.from(v)),
    ),
  )
  .map(([contentType, payload]) => ({ contentType, payload, label: `raw ${payload.length} bytes` }));

const uploadBody = fc.oneof({ weight: 3, arbitrary: multipart }, { weight: 2, arbitrary: rawBody });

// --------------------------------------------------------------------- test

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
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

  it('answers no upload or raw body with a 5xx, on every route that takes a body', async () => {
    const ops = (await operations()).filter((op) => ['POST', 'PUT', 'PATCH'].includes(op.method));
    expect(ops.length).toBeGreaterThan(20);
    const ending = (op: Operation) => /auth\/(logout|sessions|password)/.test(op.path);
    ops.sort((a, b) => Number(ending(a)) - Number(ending(b)));
    const failures: string[] = [];
    let sent = 0;
    for (const op of ops) {
      await fc.assert(
        fc.asyncProperty(uploadBody, fc.nat({ max: 1 }), async ({ contentType, payload, label }, who) => {
          const url = pathWithKnownIds(op.path);
          const cookie = await sessionCookie(t.db, people[who]!.id);
          const started = Date.now();
          const answer = t.app.inject({
            method: op.method as 'POST',
            url,
            headers: { cookie, 'content-type': contentType },
            payload,
          });
          // A request left without an answer is as bad as a 5xx.
          const res = await Promise.race([answer, sleep(10_000).then(() => null)]);
          sent += 1;
          if (!res) {
            failures.push(`${op.method} ${op.path} ${contentType} (${label}) → no answer in 10 s`);
            return true;
          }
          if (process.env.FUZZ_LOG)
            fs.appendFileSync(process.env.FUZZ_LOG, `${op.method} ${op.path} ${contentType.split(';')[0]} ${res.statusCode} ${res.json?.().code ?? ''} ${Date.now() - started} ms${res.statusCode >= 500 ? ` ${payload.subarray(0, 400).toString('latin1')}` : ''}\n`);
          if (res.statusCode >= 500)
            failures.push(
              `${op.method} ${op.path} ${contentType} ${payload.length} bytes (${label}) → ${res.statusCode} ${res.body.slice(0, 200)}`,
            );
          return true;
        }),
        {
          numRuns: Number(process.env.FUZZ_UPLOAD_RUNS ?? 12),
          seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31),
        },
      );
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(sent).toBe(ops.length * Number(process.env.FUZZ_UPLOAD_RUNS ?? 12));
  }, 240_000);
});
