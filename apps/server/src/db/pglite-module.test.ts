// The embedded database opens with the shared buffers we choose (decision 036),
// and a PGlite whose binary no longer holds the option is used as it is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client';
import { withSharedBuffers } from './pglite-module';
import { sql } from 'drizzle-orm';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('withSharedBuffers', () => {
  it('rewrites the option in place, padding the shorter value with the terminator', () => {
    const bytes = Buffer.from('\0abc shared_buffers=128MB\0wal_buffers=4MB\0');
    const patched = withSharedBuffers(bytes, '16MB')!;
    expect(patched.length).toBe(bytes.length);
    expect(Buffer.from(patched).toString('latin1')).toBe('\0abc shared_buffers=16MB\0\0wal_buffers=4MB\0');
    expect(bytes.toString('latin1')).toContain('shared_buffers=128MB'); // the input is not changed
  });

  it('patches nothing when the option is missing or found twice', () => {
    expect(withSharedBuffers(Buffer.from('work_mem=4MB\0'), '16MB')).toBeUndefined();
    expect(withSharedBuffers(Buffer.from('shared_buffers=128MB\0shared_buffers=128MB\0'), '16MB')).toBeUndefined();
  });

  it('refuses a size that would not fit or is not in MB', () => {
    expect(() => withSharedBuffers(Buffer.from('shared_buffers=128MB\0'), '1024MB')).toThrow();
    expect(() => withSharedBuffers(Buffer.from('shared_buffers=128MB\0'), '1GB')).toThrow();
  });
});

describe('openDatabase on PGlite', () => {
  it('starts the embedded server with the chosen shared buffers', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-buffers-'));
    dirs.push(dir);
    const database = await openDatabase({ pgliteDir: dir, pgliteSharedBuffers: '24MB' });
    try {
      const [row] = await queryRows<{ shared_buffers: string }>(database.db, sql`SHOW shared_buffers`);
      expect(row!.shared_buffers).toBe('24MB');
    } finally {
      await database.close();
    }
  });
});
