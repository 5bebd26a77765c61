// Backups of the embedded database (decision 055). Everything GrantBridge
// keeps is in its database: accounts, messages, applications, and the files
// and pictures people upload (stored in chunks, decision 033). So a backup is
// the PGlite data dir, copied consistently while the server keeps serving
// (pglite-thread.worker.ts, op 'copy'), packed with a manifest into one
// .tar.gz by the `tar` package:
//
//   grantbridge-backup.json   what this is: format, version, when, migration
//   pglite/…                  the data dir as it stood at one instant
//
// A restore checks the whole archive and the manifest before it touches
// anything, takes the same data-dir lock the server holds (so it refuses a
// running server), moves the current database aside rather than deleting it,
// and opens the restored one once to check it before saying it is done.
// On PostgreSQL none of this applies: pg_dump and WAL archiving (README).
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import * as tar from 'tar';
import { backupsDirFor, pgliteDirFor, type Config } from '../config';
import type { ScheduledJob } from '../jobs/scheduler';
import { projectRoot } from '../lib/project-paths';
import {
  firstStartMarker,
  lockDataDir,
  migrationsFolder,
  queryRows,
  type Database,
} from './client';
import { openPgliteThread } from './pglite-thread';

export const manifestName = 'grantbridge-backup.json';
const format = 'grantbridge-backup';
const formatVersion = 1;
/** The database's folder inside the archive (and in DATA_DIR). */
const databaseEntry = 'pglite';
/** The nightly files' names: the time (UTC) sorts them. */
const nightlyName = /^grantbridge-\d{8}T\d{6}\d{3}Z\.tar\.gz$/;

export type BackupManifest = {
  format: typeof format;
  formatVersion: number;
  app: { name: 'GrantBridge'; version: string };
  createdAt: string;
  database: {
    kind: 'pglite';
    /** PostgreSQL's major version (the data dir's PG_VERSION). */
    postgresVersion: string;
    /** The last migration applied (its tag in db/migrations), so a restore can tell a backup from a newer version. */
    migration: string | null;
  };
};

export type BackupSummary = {
  file: string;
  bytes: number;
  tookMs: number;
  manifest: BackupManifest;
};

/** A backup cannot be made or restored as asked: the message says why and what to do instead. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

type JournalEntry = { tag: string; when: number };

function readJournal(): JournalEntry[] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

function appVersion(): string {
  try {
    return (
      JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
  } catch {
    return 'unknown';
  }
}

/** The tag of the last migration the database has applied (Drizzle records each one's `when`). */
async function lastMigration(database: Database): Promise<string | null> {
  const rows = await queryRows<{ created_at: string }>(
    database.db,
    sql`SELECT created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
  ).catch(() => []);
  const when = rows[0] ? Number(rows[0].created_at) : null;
  if (when === null) return null;
  return readJournal().find((entry) => entry.when === when)?.tag ?? `unknown (${when})`;
}

/**
 * Writes a backup of the open embedded database to `file` (a .tar.gz): safe
 * while the server serves. The archive is written beside `file` under a
 * temporary name and renamed when complete, so `file` is never half a backup.
 */
export async function writeBackup(database: Database, file: string): Promise<BackupSummary> {
  if (database.kind !== 'pglite' || !database.pglite) {
    throw new BackupError(
      'GrantBridge runs on PostgreSQL (DATABASE_URL): back it up with pg_dump (README, "Backups").',
    );
  }
  const copyDataDir = database.pglite.copyDataDir;
  if (!copyDataDir)
    throw new BackupError('This database has no data dir to back up (an in-memory PGlite).');
  const started = Date.now();
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // On the backup's own disk, beside it: a reflink or a fast copy, and the final rename stays on one filesystem.
  const staging = fs.mkdtempSync(path.join(path.dirname(target), '.backup-'));
  const partial = `${target}.partial`;
  try {
    const migration = await lastMigration(database);
    await copyDataDir(path.join(staging, databaseEntry));
    const manifest: BackupManifest = {
      format,
      formatVersion,
      app: { name: 'GrantBridge', version: appVersion() },
      createdAt: new Date(started).toISOString(),
      database: {
        kind: 'pglite',
        postgresVersion: fs
          .readFileSync(path.join(staging, databaseEntry, 'PG_VERSION'), 'utf8')
          .trim(),
        migration,
      },
    };
    fs.writeFileSync(path.join(staging, manifestName), `${JSON.stringify(manifest, null, 2)}\n`);
    // The manifest first, so it is found without reading the whole archive.
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [
      manifestName,
      databaseEntry,
    ]);
    fs.renameSync(partial, target);
    return {
      file: target,
      bytes: fs.statSync(target).size,
      tookMs: Date.now() - started,
      manifest,
    };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}

/** The nightly file's name for a moment: grantbridge-20261127T034500123Z.tar.gz (UTC). */
export function nightlyBackupName(at: Date) {
  return `grantbridge-${at.toISOString().replace(/[-:.]/g, '')}.tar.gz`;
}

/** Deletes all but the newest `keep` nightly backups in `dir` (other files there are left alone); returns those deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!fs.existsSync(dir)) return [];
  const nightly = fs
    .readdirSync(dir)
    .filter((name) => nightlyName.test(name))
    .sort()
    .reverse();
  const old = nightly.slice(keep);
  for (const name of old) fs.rmSync(path.join(dir, name), { force: true });
  return old;
}

/** The nightly backup: one more file in DATA_DIR/backups, the oldest beyond BACKUP_KEEP deleted. */
export async function runNightlyBackup(
  database: Database,
  config: Config,
  log?: FastifyBaseLogger,
) {
  const dir = backupsDirFor(config);
  const summary = await writeBackup(database, path.join(dir, nightlyBackupName(new Date())));
  const pruned = pruneBackups(dir, config.backupKeep);
  log?.info(
    { file: summary.file, bytes: summary.bytes, tookMs: summary.tookMs, pruned },
    'backup written',
  );
  return { ...summary, pruned };
}

/**
 * The nightly backup as a scheduled job (embedded database only), at 03:45
 * UTC: after the upkeep's VACUUM at 03:30 has made the files smaller. Not
 * made up at start: a backup at every restart would push the nightly ones out.
 */
export function nightlyBackupJob(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
): ScheduledJob {
  return {
    name: 'database-backup',
    cron: '45 3 * * *',
    catchUpAtStart: false,
    run: () => runNightlyBackup(database, config, log),
  };
}

/** The newest nightly backup in DATA_DIR/backups, if any. */
export function newestNightlyBackup(config: Config): { file: string; at: Date } | null {
  const dir = backupsDirFor(config);
  if (!fs.existsSync(dir)) return null;
  const newest = fs
    .readdirSync(dir)
    .filter((name) => nightlyName.test(name))
    .sort()
    .pop();
  if (!newest) return null;
  const file = path.join(dir, newest);
  return { file, at: fs.statSync(file).mtime };
}

const notABackup = (file: string, why: string) =>
  new BackupError(`${file} is not a GrantBridge backup (${why}). Nothing was changed.`);

/**
 * Reads the whole archive (a truncated or damaged one fails here, before
 * anything is touched) and returns its manifest; throws a BackupError saying
 * why `file` is not a backup this version can restore.
 */
export async function checkBackup(file: string): Promise<BackupManifest> {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile())
    throw new BackupError(`${file} does not exist or is not a file. Nothing was changed.`);
  if ((await fileTypeFromFile(file))?.mime !== 'application/gzip')
    throw notABackup(file, 'it is not a .tar.gz archive');
  let manifestText: string | null = null;
  let hasVersion = false;
  const warnings: string[] = [];
  try {
    await tar.list({
      file,
      strict: true,
      onwarn: (_code, message) => warnings.push(String(message)),
      onReadEntry: (entry) => {
        if (entry.path === manifestName) {
          const chunks: Buffer[] = [];
          entry.on('data', (chunk: Buffer) => chunks.push(chunk));
          entry.on('end', () => (manifestText = Buffer.concat(chunks).toString('utf8')));
        } else {
          if (entry.path === `${databaseEntry}/PG_VERSION`) hasVersion = true;
          entry.resume();
        }
      },
    });
  } catch (err) {
    throw notABackup(file, `the archive cannot be read to its end: ${(err as Error).message}`);
  }
  if (warnings.length) throw notABackup(file, `the archive is damaged: ${warnings[0]}`);
  if (manifestText === null) throw notABackup(file, `it has no ${manifestName}`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(manifestText) as BackupManifest;
  } catch {
    throw notABackup(file, `its ${manifestName} is not JSON`);
  }
  if (manifest.format !== format)
    throw notABackup(file, `its ${manifestName} does not say format "${format}"`);
  if (!hasVersion) throw notABackup(file, `it holds no ${databaseEntry}/ database`);
  if (manifest.formatVersion > formatVersion) {
    throw new BackupError(
      `${file} was made by a newer GrantBridge (backup format ${manifest.formatVersion}); upgrade GrantBridge first. Nothing was changed.`,
    );
  }
  const known = readJournal().map((entry) => entry.tag);
  if (manifest.database.migration && !known.includes(manifest.database.migration)) {
    throw new BackupError(
      `${file} was made by a newer GrantBridge (its database has migration ${manifest.database.migration}, which this version does not know); ` +
        'restore it with that version or a later one. Nothing was changed.',
    );
  }
  return manifest;
}

export type RestoreSummary = {
  manifest: BackupManifest;
  databaseDir: string;
  movedAside: string | null;
};

/**
 * Restores `file` into DATA_DIR. Refuses (BackupError, nothing changed) a
 * file that is not a backup, DATABASE_URL, and a data dir in use by a running
 * server (DataDirInUseError, the server's own lock). The current database is
 * moved aside to `pglite.before-restore-<time>`, never deleted.
 */
export async function restoreBackup(file: string, config: Config): Promise<RestoreSummary> {
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: GrantBridge runs on PostgreSQL, restored with pg_restore (README, "Backups"). Nothing was changed.',
    );
  }
  const source = path.resolve(file);
  const manifest = await checkBackup(source);
  const databaseDir = pgliteDirFor(config);
  fs.mkdirSync(config.dataDir, { recursive: true });
  // The lock a running server holds (db/client.ts): taken, no server can start during the restore either.
  const release = lockDataDir(databaseDir);
  const staging = fs.mkdtempSync(path.join(config.dataDir, '.restore-'));
  let movedAside: string | null = null;
  try {
    await tar.extract({
      file: source,
      cwd: staging,
      strict: true,
      filter: (entry) =>
        entry === manifestName || entry === databaseEntry || entry.startsWith(`${databaseEntry}/`),
    });
    const restored = path.join(staging, databaseEntry);
    // Opened once, in its own thread as the server does: a backup that cannot start is not put in place.
    try {
      const client = await openPgliteThread(restored, config.pgliteSharedBuffers);
      try {
        await client.query('SELECT count(*) FROM users');
      } finally {
        await client.close();
      }
    } catch (err) {
      throw new BackupError(
        `The database in ${source} does not open (${(err as Error).message}). Nothing was changed.`,
      );
    }
    const present = fs.existsSync(databaseDir) && fs.readdirSync(databaseDir).length > 0;
    if (present) {
      movedAside = `${databaseDir}.before-restore-${new Date().toISOString().replace(/[-:.]/g, '')}`;
      fs.renameSync(databaseDir, movedAside);
    } else {
      fs.rmSync(databaseDir, { recursive: true, force: true });
    }
    fs.renameSync(restored, databaseDir);
    // A first start interrupted before the restore would otherwise have the restored database built again.
    fs.rmSync(firstStartMarker(databaseDir), { force: true });
    return { manifest, databaseDir, movedAside };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    release();
  }
}
