// Backups of the embedded database (db/backup.ts, decision 055), on real
// PGlite data dirs in temporary folders, in their own thread as the server
// runs them: the nightly job writes a backup while the app serves and keeps
// the newest BACKUP_KEEP; a backup restored into an empty DATA_DIR starts and
// holds a message, an application and an uploaded file made before it (and
// not what came after); restore refuses a file that is not a backup and a
// DATA_DIR a server is running on, changing nothing, also through its command.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { backupsDirFor, loadConfig, pgliteDirFor, type Config } from '../config';
import { projectRoot } from '../lib/project-paths';
import { BackupError, checkBackup, nightlyBackupJob, restoreBackup } from './backup';
import { DataDirInUseError, openDatabase, type Database } from './client';
import { openPgliteThread } from './pglite-thread';
import { makeGrant, makeUser, sessionCookie } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { pgliteTemplateFile } from '../../test/template';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Each of these opens PGlite on a thread once or twice (a few seconds each on a busy machine). */
const slow = 120_000;
const pdf = fs.readFileSync(path.resolve(here, '../../test/fixtures/project-description.pdf'));
const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

const temps: string[] = [];
function tempDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
}
function configFor(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), OUTBOX_POLL_MS: '60000', ...env });
}

type Running = { config: Config; database: Database; app: FastifyInstance };
async function start(config: Config): Promise<Running> {
  const database = await openDatabase({ pgliteDir: pgliteDirFor(config) });
  const app = await buildApp(config, { database });
  await app.ready();
  return { config, database, app };
}
async function stop(running: Running) {
  await running.app.close();
  await running.database.close();
}

/** What is in a DATA_DIR, to show a refused restore changed nothing. */
function listing(dataDir: string) {
  return fs
    .readdirSync(dataDir, { recursive: true })
    .map(String)
    .filter((name) => !name.includes(`pglite${path.sep}`))
    .sort();
}

// The server's own data dir: the migrated test template, unpacked onto disk.
let source: Running;
const cookies: Record<string, string> = {};
let applicationId: string;
let documentId: string;
let conversationId: string;
let backupFile: string;
/** The DATA_DIR restored into (empty at first). */
let restoredConfig: Config;

const inject = (app: FastifyInstance, who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie: cookies[who]! } });

beforeAll(async () => {
  restoredConfig = configFor(tempDir('gb-backup-restored-'));
  const dataDir = tempDir('gb-backup-source-');
  fs.mkdirSync(pgliteDirFor(configFor(dataDir)));
  await tar.extract({ file: pgliteTemplateFile(), cwd: pgliteDirFor(configFor(dataDir)) });
  source = await start(configFor(dataDir, { BACKUP_KEEP: '2' }));
  const db = source.database.db;
  const pi = await makeUser(db);
  const colleague = await makeUser(db, { domain: pi.email.split('@')[1]! });
  cookies.pi = await sessionCookie(db, pi.user.id);
  cookies.colleague = await sessionCookie(db, colleague.user.id);

  const grant = await makeGrant(db, { title: 'Sediment budgets of tidal marshes' });
  const created = await inject(source.app, 'pi', 'POST', '/api/v1/applications', { grantId: grant.id });
  expect(created.statusCode).toBe(201);
  applicationId = created.json().application.id;
  documentId = (await inject(source.app, 'pi', 'GET', `/api/v1/applications/${applicationId}/documents`)).json().documents[0].id;
  const body = multipartBody('project-description.pdf', pdf);
  const uploaded = await source.app.inject({
    method: 'PUT',
    url: `/api/v1/applications/${applicationId}/documents/${documentId}/file`,
    headers: { cookie: cookies.pi!, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(uploaded.statusCode).toBeLessThan(300);

  const conversation = await inject(source.app, 'pi', 'POST', '/api/v1/conversations', { type: 'direct', memberIds: [colleague.user.id] });
  conversationId = conversation.json().conversation.id;
  const sent = await inject(source.app, 'pi', 'POST', `/api/v1/conversations/${conversationId}/messages`, {
    content: 'The budget is in the project description.',
    clientId: crypto.randomUUID(),
  });
  expect(sent.statusCode).toBe(201);
}, slow);

afterAll(async () => {
  if (source) await stop(source);
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the nightly backup', () => {
  it('writes a backup into DATA_DIR/backups while the app serves, and keeps the newest BACKUP_KEEP', async () => {
    const dir = backupsDirFor(source.config);
    fs.mkdirSync(dir, { recursive: true });
    // Two older nightly backups, and a file of the operator's that is not one.
    for (const name of ['grantbridge-20240101T034500000Z.tar.gz', 'grantbridge-20250101T034500000Z.tar.gz', 'keep-me.txt']) {
      fs.writeFileSync(path.join(dir, name), 'old');
    }
    const job = nightlyBackupJob(source.database, source.config, source.app.log);
    expect(job).toMatchObject({ name: 'database-backup', cron: '45 3 * * *', catchUpAtStart: false });

    // Requests go on while the database thread copies its files.
    const [, ...answers] = await Promise.all([
      job.run(),
      ...Array.from({ length: 5 }, () => inject(source.app, 'pi', 'GET', `/api/v1/conversations/${conversationId}/messages`)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);

    const names = fs.readdirSync(dir).sort();
    expect(names).toHaveLength(3);
    expect(names).toContain('grantbridge-20250101T034500000Z.tar.gz');
    expect(names).toContain('keep-me.txt');
    const made = names.find((n) => /^grantbridge-\d{8}T\d{9}Z\.tar\.gz$/.test(n) && !n.startsWith('grantbridge-2025'))!;
    expect(made).toBeDefined();
    backupFile = path.join(dir, made);

    const manifest = await checkBackup(backupFile);
    expect(manifest).toMatchObject({ format: 'grantbridge-backup', formatVersion: 1, app: { name: 'GrantBridge' }, database: { kind: 'pglite' } });
    expect(manifest.database.migration).toMatch(/^\d{4}_/);
    expect(Date.now() - Date.parse(manifest.createdAt)).toBeLessThan(60_000);
  }, slow);
});

describe('the copy of the data dir', () => {
  it('is taken between transactions: one open when it is asked for is copied whole, once committed', async () => {
    const pglite = source.database.pglite!;
    await pglite.exec('CREATE TABLE probe_a (x int); CREATE TABLE probe_b (x int); INSERT INTO probe_a VALUES (1); INSERT INTO probe_b VALUES (1);');
    const copy = path.join(tempDir('gb-backup-copy-'), 'pglite');
    // Asked for halfway through a transaction that writes both tables.
    let copying: Promise<void> | undefined;
    await pglite.transaction(async (tx) => {
      await tx.query('INSERT INTO probe_a VALUES (2)');
      copying = pglite.copyDataDir!(copy);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await tx.query('INSERT INTO probe_b VALUES (2)');
    });
    await copying;
    const opened = await openPgliteThread(copy, '16MB');
    try {
      const counts = await opened.query<{ a: number; b: number }>('SELECT (SELECT count(*)::int FROM probe_a) a, (SELECT count(*)::int FROM probe_b) b');
      expect(counts.rows[0]).toEqual({ a: 2, b: 2 });
    } finally {
      await opened.close();
      await pglite.exec('DROP TABLE probe_a; DROP TABLE probe_b;');
    }
  }, slow);
});

describe('a restore', () => {
  it('into an empty DATA_DIR starts, and holds the message, the application and the file made before the backup', async () => {
    // Written after the backup: not in it.
    await inject(source.app, 'pi', 'POST', `/api/v1/conversations/${conversationId}/messages`, {
      content: 'Sent after the backup.',
      clientId: crypto.randomUUID(),
    });

    const config = restoredConfig;
    const restored = await restoreBackup(backupFile, config);
    expect(restored.movedAside).toBeNull();
    expect(fs.existsSync(path.join(pgliteDirFor(config), 'PG_VERSION'))).toBe(true);

    const target = await start(config);
    try {
      // The sessions are in the database too: the same cookies work.
      const application = await inject(target.app, 'pi', 'GET', `/api/v1/applications/${applicationId}`);
      expect(application.statusCode).toBe(200);
      expect(application.json().application.id).toBe(applicationId);
      const messages = await inject(target.app, 'colleague', 'GET', `/api/v1/conversations/${conversationId}/messages`);
      expect(messages.json().messages.map((m: { content: string }) => m.content)).toEqual(['The budget is in the project description.']);
      const file = await inject(target.app, 'pi', 'GET', `/api/v1/applications/${applicationId}/documents/${documentId}/file`);
      expect(file.statusCode).toBe(200);
      expect(sha(file.rawPayload)).toBe(sha(pdf));
    } finally {
      await stop(target);
    }

    // Again onto that DATA_DIR: the database there is moved aside, not deleted.
    const again = await restoreBackup(backupFile, config);
    expect(again.movedAside).toMatch(/pglite\.before-restore-\d{8}T\d{9}Z$/);
    expect(fs.existsSync(path.join(again.movedAside!, 'PG_VERSION'))).toBe(true);
  }, slow);

  it('refuses a file that is not a GrantBridge backup, changing nothing', async () => {
    // The DATA_DIR restored into above, its server stopped.
    const config = restoredConfig;
    const before = listing(config.dataDir);
    const versionFile = path.join(pgliteDirFor(config), 'PG_VERSION');
    const versionTime = fs.statSync(versionFile).mtimeMs;

    const scratch = tempDir('gb-backup-files-');
    const notes = path.join(scratch, 'notes.txt');
    fs.writeFileSync(notes, 'not a backup');
    const otherTar = path.join(scratch, 'other.tar.gz');
    await tar.create({ gzip: true, file: otherTar, cwd: scratch }, ['notes.txt']);
    const truncated = path.join(scratch, 'truncated.tar.gz');
    const whole = fs.readFileSync(backupFile);
    fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));

    await expect(restoreBackup(notes, config)).rejects.toThrow(/is not a GrantBridge backup \(it is not a \.tar\.gz archive\)\. Nothing was changed/);
    await expect(restoreBackup(otherTar, config)).rejects.toThrow(/is not a GrantBridge backup \(it has no grantbridge-backup\.json\)/);
    await expect(restoreBackup(truncated, config)).rejects.toThrow(BackupError);
    await expect(restoreBackup(path.join(scratch, 'missing.tar.gz'), config)).rejects.toThrow(/does not exist/);
    expect(listing(config.dataDir)).toEqual(before);
    expect(fs.statSync(versionFile).mtimeMs).toBe(versionTime);
  });

  it('refuses a DATA_DIR a server is running on, changing nothing', async () => {
    const before = listing(source.config.dataDir);
    const error = await restoreBackup(backupFile, source.config).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(DataDirInUseError);
    expect(listing(source.config.dataDir)).toEqual(before);
    // The server still answers.
    expect((await inject(source.app, 'pi', 'GET', `/api/v1/applications/${applicationId}`)).statusCode).toBe(200);
  });
});

/** Runs one of the commands as `npm run` does, on a DATA_DIR; resolves with its exit code and output. */
function command(name: 'backup' | 'restore', file: string, dataDir: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, `apps/server/src/cli/${name}.ts`), file], {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('the commands', () => {
  it('say clearly, and exit non-zero, when a server runs on DATA_DIR or the file is not a backup', async () => {
    const notes = path.join(tempDir('gb-backup-cli-'), 'notes.txt');
    fs.writeFileSync(notes, 'not a backup');
    const before = listing(source.config.dataDir);
    const [restoreRunning, restoreNotBackup, backupRunning] = await Promise.all([
      command('restore', backupFile, source.config.dataDir),
      command('restore', notes, tempDir('gb-backup-cli-empty-')),
      command('backup', path.join(tempDir('gb-backup-cli-out-'), 'b.tar.gz'), source.config.dataDir),
    ]);
    expect(restoreRunning.code).toBe(1);
    expect(restoreRunning.output).toMatch(new RegExp(`A GrantBridge server \\(pid ${process.pid}\\) is running on .*Stop it first.*Nothing was changed`, 's'));
    expect(restoreNotBackup.code).toBe(1);
    expect(restoreNotBackup.output).toMatch(/notes\.txt is not a GrantBridge backup .*Nothing was changed/);
    expect(backupRunning.code).toBe(1);
    expect(backupRunning.output).toMatch(/is running on .*cannot read it while the server runs.*every night at 03:45 UTC.*the newest: .*grantbridge-\d{8}T\d{9}Z\.tar\.gz/s);
    expect(listing(source.config.dataDir)).toEqual(before);
  }, slow);
});
