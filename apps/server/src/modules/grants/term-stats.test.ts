import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { importGrantsExtract } from './import/import-extract';
import { base, extract, record } from './import/test-extracts';
import { sql } from 'drizzle-orm';
import { findAreaCounts, findTermRarity, refreshTermStats } from './term-stats';

let database: Database;
let dir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-term-stats-'));
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function importRecords(name: string, titles: Record<string, string>) {
  const file = path.join(dir, name);
  const records = Object.entries(titles).map(([id, title]) =>
    record(base(id, { OpportunityTitle: title, Description: title })),
  );
  fs.writeFileSync(file, extract(...records));
  await importGrantsExtract(database.db, file, { today: '2026-06-15' });
}

describe('the catalogue word statistics', () => {
  it('are absent before any import', async () => {
    expect(await findTermRarity(database.db, ['wildfire'])).toBeNull();
    expect(await findAreaCounts(database.db, ['Public Health'])).toBeNull();
  });

  it('count the grants holding each word after an import, and again after the next', async () => {
    await importRecords('a.xml', {
      '1': 'Wildfire smoke exposure',
      '2': 'Wildfires and air quality',
      '3': 'Alcohol use in adults',
    });
    let rarity = await findTermRarity(database.db, ['wildfire', 'alcohol', 'pollinator', 'the']);
    expect(rarity?.grants).toBe(3);
    // "wildfire" and "wildfires" share one lexeme; a word in no grant, or a stop word, counts 0.
    expect(Object.fromEntries(rarity!.docs)).toEqual({
      wildfire: 2,
      alcohol: 1,
      pollinator: 0,
      the: 0,
    });

    await importRecords('b.xml', { '4': 'Pollinator health', '5': 'Wildfire fuel reduction' });
    rarity = await findTermRarity(database.db, ['wildfire', 'pollinator']);
    expect(rarity?.grants).toBe(5);
    expect(Object.fromEntries(rarity!.docs)).toEqual({ wildfire: 3, pollinator: 1 });
  });

  it('count the grants listing each research area', async () => {
    await database.db.execute(sql`UPDATE grants SET research_areas = CASE
      WHEN title ILIKE 'wildfire%' THEN ARRAY['Fire Science', 'Public Health']
      WHEN title ILIKE 'pollinator%' THEN ARRAY['Ecology']
      ELSE ARRAY['Public Health'] END`);
    await refreshTermStats(database.db);
    const counts = await findAreaCounts(database.db, ['Public Health', 'Fire Science', 'Ecology', 'Robotics']);
    // Wildfire smoke, Wildfires and air quality, Wildfire fuel reduction; and Alcohol use.
    expect(Object.fromEntries(counts!)).toEqual({ 'Public Health': 4, 'Fire Science': 3, Ecology: 1, Robotics: 0 });
  });
});
