import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { outboxDir, removeOrphanTempFiles } from './outbox';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('the outbox tidies up after a killed process', () => {
  it('removes half-written .eml.tmp files older than a minute, and nothing else', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-outbox-'));
    dirs.push(dir);
    const old = path.join(dir, 'a.eml.tmp');
    const fresh = path.join(dir, 'b.eml.tmp');
    const sent = path.join(dir, 'c.eml');
    for (const f of [old, fresh, sent]) fs.writeFileSync(f, 'x');
    const hourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(old, hourAgo, hourAgo);
    fs.utimesSync(sent, hourAgo, hourAgo);
    expect(removeOrphanTempFiles(dir)).toBe(1);
    expect(fs.readdirSync(dir).sort()).toEqual(['b.eml.tmp', 'c.eml']);
    expect(removeOrphanTempFiles(path.join(dir, 'missing'))).toBe(0);
  });

  it('does so when the worker starts', async () => {
    const t = await createTestApp();
    try {
      const dir = outboxDir(t.app.config);
      fs.mkdirSync(dir, { recursive: true });
      const orphan = path.join(dir, 'x.eml.tmp');
      fs.writeFileSync(orphan, 'half');
      const hourAgo = new Date(Date.now() - 3_600_000);
      fs.utimesSync(orphan, hourAgo, hourAgo);
      t.app.outbox.start();
      await t.app.outbox.stop();
      expect(fs.existsSync(orphan)).toBe(false);
    } finally {
      await t.close();
    }
  });
});
