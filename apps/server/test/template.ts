// The migrated template database every test file starts from: a PGlite data
// dir dump on disk, or a PostgreSQL database used as CREATE DATABASE TEMPLATE.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '../src/db/client';
import { readFunctionFiles } from '../src/db/functions';

export function templateKey(): string {
  const hash = crypto.createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  // The migrator applies the function files too (db/functions.ts): a changed one makes a new template.
  for (const file of readFunctionFiles()) hash.update(file.name).update(file.sha256);
  const dataFile = path.resolve(migrationsFolder, '../../../../../data/institutions/us-institutions.json');
  hash.update(fs.readFileSync(dataFile));
  return hash.digest('hex').slice(0, 12);
}

export function pgliteTemplateFile(key = templateKey()) {
  return path.join(os.tmpdir(), `grantbridge-test-template-${key}.tar.gz`);
}

export function postgresTemplateName(key = templateKey()) {
  return `gb_template_${key}`;
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
