// `npm run backup -- FILE`: writes a backup of the embedded database (PGlite
// in DATA_DIR) to FILE, a .tar.gz that `npm run restore -- FILE` puts back
// (db/backup.ts, decision 055).
//
// PGlite allows one process per data dir: while a server runs on DATA_DIR this
// command cannot open the database, and says so. The running server backs
// itself up every night into DATA_DIR/backups; or stop it and run this again.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupsDirFor, loadConfig, pgliteDirFor } from '../config';
import { BackupError, newestNightlyBackup, writeBackup } from '../db/backup';
import { DataDirInUseError, firstStartMarker, openDatabase, type Database } from '../db/client';

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new BackupError('Usage: npm run backup -- FILE   (for example backups/grantbridge-2026-11-27.tar.gz)');
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: GrantBridge runs on PostgreSQL. Back it up with pg_dump, for example\n' +
        `  pg_dump --format=custom --file=${file} "$DATABASE_URL"\n(README, "Backups").`,
    );
  }
  // npm runs scripts in the project folder; FILE is read from where the command was typed.
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists; name a new file.`);
  const pgliteDir = pgliteDirFor(config);
  if (!fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))) throw new BackupError(`There is no GrantBridge database in ${config.dataDir} (DATA_DIR) to back up.`);
  // Opening it would start it again from nothing (db/client.ts): a first start never finished holds nothing yet.
  if (fs.existsSync(firstStartMarker(pgliteDir))) {
    throw new BackupError(`The database in ${config.dataDir} (DATA_DIR) is not set up yet (its first start is running, or was interrupted): there is nothing to back up.`);
  }

  let database: Database;
  try {
    database = await openDatabase({ pgliteDir, pgliteSharedBuffers: config.pgliteSharedBuffers });
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    const newest = newestNightlyBackup(config);
    throw new BackupError(
      `A GrantBridge server (pid ${err.pid}) is running on ${config.dataDir}. The embedded database allows one process ` +
        'at a time, so this command cannot read it while the server runs.\n' +
        `The running server makes a consistent backup every night at 03:45 UTC into ${backupsDirFor(config)}` +
        (newest ? ` (the newest: ${newest.file}, written ${newest.at.toISOString()}); copy that file` : '') +
        '.\nOr stop the server, run `npm run backup -- FILE` again, and start it.',
    );
  }
  try {
    const summary = await writeBackup(database, target);
    const mb = (summary.bytes / 1024 / 1024).toFixed(1);
    console.log(
      `Backup written: ${summary.file} (${mb} MB, ${(summary.tookMs / 1000).toFixed(1)} s; ` +
        `database at migration ${summary.manifest.database.migration ?? 'none'}).\nRestore it with: npm run restore -- ${summary.file}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
