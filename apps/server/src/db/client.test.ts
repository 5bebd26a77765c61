// The embedded database's data dir is held by one process at a time.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, openDatabase } from './client';

const dirs: string[] = [];
function freshDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-lock-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(`${dir}.pid`, { force: true });
  }
});

describe('PGlite data dir lock', () => {
  it('refuses a second open while the first is open, and allows it after close', async () => {
    const dir = freshDir();
    const first = await openDatabase({ pgliteDir: dir });
    await expect(openDatabase({ pgliteDir: dir })).rejects.toBeInstanceOf(DataDirInUseError);
    await first.close();
    expect(fs.existsSync(`${dir}.pid`)).toBe(false);
    const second = await openDatabase({ pgliteDir: dir });
    await second.close();
  });

  it('refuses a dir held by another live node process and names its pid', async () => {
    const dir = freshDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      fs.writeFileSync(`${dir}.pid`, String(holder.pid));
      const err = await openDatabase({ pgliteDir: dir }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DataDirInUseError);
      expect((err as Error).message).toContain(`pid ${holder.pid}`);
      expect((err as Error).message).toContain('DATABASE_URL');
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dir = freshDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    fs.writeFileSync(`${dir}.pid`, String(gone.pid));
    const database = await openDatabase({ pgliteDir: dir });
    expect(fs.readFileSync(`${dir}.pid`, 'utf8')).toBe(String(process.pid));
    await database.close();
  });
});
