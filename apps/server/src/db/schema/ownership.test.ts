// Each table belongs to the module its schema file is named after. Lint sees
// only schema imports; this also reads the raw SQL in the modules, where a
// table appears by name, and refuses another owner's table there unless
// module-boundaries.json (decision 014) lists the exception.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

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
    expect(owners.get('saved_grants')).toBe('pipeline');
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
