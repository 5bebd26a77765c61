// Every search the product shows as an example (greeting, message box, home
// page) finds grants in the shipped catalogue, with the demo's date shift, on
// a fixed day: the assistant answers it with grants that say what it asks
// (not only "related" ones), in the search box's order.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchExamples } from '@grantbridge/contract/search-examples';
import { openTestDatabase } from '../../../test/test-app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import type { Actor } from '../../plugins/types';
import { loadShippedGrants, shiftDemoGrantDates } from '../../seed/grants-seed';
import { chat } from './chat.service';

const today = new Date('2026-11-24T12:00:00Z');
let database: Database;
let dir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-examples-'));
  await loadShippedGrants(database.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }));
  await shiftDemoGrantDates(database.db, today.toISOString().slice(0, 10));
}, 120_000);
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the examples the product shows', () => {
  const actor: Actor = {
    id: crypto.randomUUID(),
    role: 'researcher',
    institution: { id: crypto.randomUUID() },
  };
  for (const [where, example] of Object.entries(searchExamples)) {
    it(`${where}: "${example}" finds grants`, async () => {
      const answer = await chat(
        database.db,
        actor,
        { message: example, matchProfile: false, reset: true, sort: 'match', pageSize: 10 },
        today,
      );
      expect(answer.total).toBeGreaterThan(0);
      expect(answer.results[0]!.related).toBe(false);
      expect(answer.reply).toMatch(/^I found \d+/);
    });
  }
});
