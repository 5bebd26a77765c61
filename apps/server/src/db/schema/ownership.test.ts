// Each table belongs to the module its schema file is named after. Lint sees
// only schema imports; this also reads the raw SQL in the modules, where a
// table appears by name, and refuses another owner's table there unless
// module-boundaries.json (decision 014) lists the exception. The database's
// functions and triggers (db/functions/<owner>/<name>.sql) are read the same
// way, and each one in the migrated database must have its one source file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app';
import { queryRows } from '../client';
import { readFunctionFiles } from '../functions';

const here = path.dirname(fileURLToPath(import.meta.url));
const modulesDir = path.resolve(here, '../../modules');
const { tableExceptions } = JSON.parse(
  fs.readFileSync(path.resolve(here, '../../../module-boundaries.json'), 'utf8'),
) as { tableExceptions: Record<string, string[]> };

/** Table name → owner: the schema file that defines it (a file may re-export another's table for a while). */
function tableOwners() {
  const owners = new Map<string, string>();
  for (const file of fs.readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const source = fs.readFileSync(path.join(here, file), 'utf8');
    for (const match of source.matchAll(/pgTable\(\s*'([a-z_]+)'/g)) owners.set(match[1]!, path.basename(file, '.ts'));
  }
  return owners;
}

/** Tables a source file names in SQL text: after FROM, JOIN, UPDATE or INTO. */
function tablesNamedIn(source: string, known: Map<string, string>) {
  const named = new Set<string>();
  for (const match of source.matchAll(/\b(?:from|join|update|into)\s+"?([a-z_]+)"?/gi)) {
    const table = match[1]!.toLowerCase();
    if (known.has(table)) named.add(table);
  }
  return named;
}

/** Tables a function file names outside its comments: after FROM, JOIN, UPDATE, INTO, or ON (a trigger's table). */
function tablesNamedInFunction(source: string, known: Map<string, string>) {
  const code = source.replace(/--.*$/gm, '');
  const named = new Set<string>();
  for (const match of code.matchAll(/\b(?:from|join|update|into|on)\s+"?([a-z_]+)"?/gi)) {
    const table = match[1]!.toLowerCase();
    if (known.has(table)) named.add(table);
  }
  return named;
}

const repoRoot = path.resolve(here, '../../../../..');

/** A function file's header: its `-- Label: value` lines (a value may go on in lines indented by `--   `). */
function headerOf(source: string) {
  const fields = new Map<string, string>();
  let last: string | null = null;
  for (const line of source.split('\n')) {
    if (!line.startsWith('--')) break;
    const field = /^-- ([A-Z][A-Za-z ]+): (.*)$/.exec(line);
    const more = /^-- {3}(.*)$/.exec(line);
    if (field) fields.set((last = field[1]!), field[2]!);
    else if (more && last) fields.set(last, `${fields.get(last)} ${more[1]}`);
    else last = null;
  }
  return fields;
}

describe('table ownership', () => {
  it('gives every table of the schema one owner', async () => {
    const owners = tableOwners();
    const schema = (await import('./index')) as Record<string, unknown>;
    const tables = Object.values(schema).filter((v) => is(v, PgTable)).map((t) => getTableName(t as PgTable));
    expect(tables.filter((t) => !owners.has(t))).toEqual([]);
  });

  it("finds no module naming another owner's table in raw SQL, but for the recorded exceptions", async () => {
    const owners = tableOwners();
    // The schema files themselves are owned and read through the same rule, so the check must know them all.
    expect(owners.get('users')).toBe('auth');
    expect(owners.get('saved_grants')).toBe('applications');
    expect(owners.get('application_members')).toBe('team');
    expect(owners.get('document_files')).toBe('documents');
    const trespasses: string[] = [];
    for (const module of fs.readdirSync(modulesDir)) {
      const allowed = new Set([module, ...(tableExceptions[module] ?? [])]);
      const files = fs
        .readdirSync(path.join(modulesDir, module), { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
      for (const file of files) {
        const source = fs.readFileSync(path.join(modulesDir, module, file), 'utf8');
        for (const table of tablesNamedIn(source, owners)) {
          if (!allowed.has(owners.get(table)!)) trespasses.push(`${module}/${file} names ${table} (${owners.get(table)})`);
        }
      }
    }
    expect(trespasses).toEqual([]);
  });

  it('notices a table named in raw SQL', () => {
    const known = new Map([
      ['grants', 'grants'],
      ['users', 'auth'],
    ]);
    expect([...tablesNamedIn('SELECT id FROM grants g JOIN "users" u ON true', known)].sort()).toEqual(['grants', 'users']);
    expect([...tablesNamedIn("import { x } from './grants'; // read from the grants", known)]).toEqual([]);
  });
});

describe('the database functions and triggers', () => {
  const files = readFunctionFiles();
  const modules = fs.readdirSync(modulesDir);

  it("name no other owner's table, but for the recorded exceptions", () => {
    const owners = tableOwners();
    expect(files.length).toBeGreaterThan(0);
    const trespasses: string[] = [];
    for (const file of files) {
      const owner = file.name.split('/')[0]!;
      expect(modules, `db/functions/${file.name}: its folder is a module`).toContain(owner);
      const allowed = new Set([owner, ...(tableExceptions[owner] ?? [])]);
      for (const table of tablesNamedInFunction(file.text, owners)) {
        if (!allowed.has(owners.get(table)!)) trespasses.push(`db/functions/${file.name} names ${table} (${owners.get(table)})`);
      }
    }
    expect(trespasses).toEqual([]);
  });

  it('notice a table named in a function or as a trigger’s, and not in a comment', () => {
    const known = new Map([
      ['grants', 'grants'],
      ['users', 'auth'],
      ['applications', 'applications'],
    ]);
    const source = `-- Keeps what comes from users.
      CREATE OR REPLACE TRIGGER t AFTER UPDATE OF agency ON grants FOR EACH ROW EXECUTE FUNCTION f();
      UPDATE applications a SET x = 1 FROM (SELECT 1) s ON CONFLICT DO NOTHING;`;
    expect([...tablesNamedInFunction(source, known)].sort()).toEqual(['applications', 'grants']);
  });

  it('each say in their header what they keep, their owner (their folder), their TypeScript twin and a test that exists', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const header = headerOf(file.text);
      const owner = header.get('Owner')?.split(' ')[0];
      if (owner !== file.name.split('/')[0]) wrong.push(`${file.name}: Owner ${owner ?? '(none)'}`);
      for (const label of ['Keeps', 'Triggers', 'TypeScript twin', 'Test']) {
        if (!header.get(label)) wrong.push(`${file.name}: no ${label}`);
      }
      for (const test of (header.get('Test') ?? '').split(/,\s*/).filter(Boolean)) {
        if (!test.endsWith('.test.ts') || !fs.existsSync(path.join(repoRoot, test))) wrong.push(`${file.name}: Test ${test}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('each have exactly one source file, named after the function, holding its triggers', async () => {
    const database = await openTestDatabase();
    try {
      const functions = await queryRows<{ name: string }>(
        database.db,
        sql`SELECT proname AS name FROM pg_proc WHERE pronamespace = 'public'::regnamespace`,
      );
      const triggers = await queryRows<{ name: string; fn: string }>(
        database.db,
        sql`SELECT t.tgname AS name, p.proname AS fn FROM pg_trigger t
          JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
          WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace`,
      );
      const defined = files.map((file) => {
        const code = file.text.replace(/--.*$/gm, '');
        return {
          name: path.basename(file.name, '.sql'),
          functions: [...code.matchAll(/CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(?:public\.)?(\w+)/gi)].map((m) => m[1]),
          triggers: [...code.matchAll(/CREATE\s+(?:OR\s+REPLACE\s+)?TRIGGER\s+(\w+)/gi)].map((m) => m[1]!),
        };
      });
      // One file per function, defining that function alone.
      expect(defined.filter((d) => d.functions.length !== 1 || d.functions[0] !== d.name)).toEqual([]);
      expect(defined.map((d) => d.name).sort()).toEqual(functions.map((f) => f.name).sort());
      // Each trigger once, in the file of the function it runs.
      expect(defined.flatMap((d) => d.triggers).sort()).toEqual(triggers.map((t) => t.name).sort());
      const fileOf = new Map(defined.flatMap((d) => d.triggers.map((t) => [t, d.name] as const)));
      expect(triggers.filter((t) => fileOf.get(t.name) !== t.fn)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
