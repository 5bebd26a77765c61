// A test app holding what the later demo seeds build on: the shipped
// catalogue with the demo's shifted dates, the demo institutions and people,
// and (unless left out) their applications and history. For the seed tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { loadDemoPeopleExtras } from '../src/seed/demo-people';
import { loadShippedGrants, shiftDemoGrantDates } from '../src/seed/grants-seed';
import { loadDemoHistory } from '../src/seed/history-seed';
import { loadDemoApplications } from '../src/seed/pipeline-seed';
import { loadDemoData } from '../src/seed/seed';
import { createTestApp, type TestApp } from './test-app';

export async function createDemoTestApp(options: { applications?: boolean } = {}): Promise<TestApp> {
  const t = await createTestApp();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-demo-seed-'));
  await loadShippedGrants(t.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }));
  await shiftDemoGrantDates(t.db);
  await loadDemoData(t.db, t.config);
  await loadDemoPeopleExtras(t.db, t.config);
  if (options.applications !== false) {
    await loadDemoApplications(t.db);
    await loadDemoHistory(t.db);
  }
  return {
    ...t,
    close: async () => {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
