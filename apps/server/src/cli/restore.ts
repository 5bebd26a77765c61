// `npm run restore -- FILE`: puts a backup made by `npm run backup` or the
// nightly job back as DATA_DIR's embedded database (db/backup.ts, decision
// 055). Refuses, changing nothing, a file that is not a GrantBridge backup
// and a DATA_DIR a server is running on; the current database is moved aside
// (DATA_DIR/pglite.before-restore-<time>), never deleted.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BackupError, restoreBackup } from '../db/backup';
import { DataDirInUseError } from '../db/client';

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new BackupError('Usage: npm run restore -- FILE   (a backup made by npm run backup or the nightly job)');
  const config = loadConfig();
  try {
    // npm runs scripts in the project folder; FILE is read from where the command was typed.
    const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
    const { manifest, databaseDir, movedAside } = await restoreBackup(source, config);
    console.log(
      `Restored the backup of ${manifest.createdAt} (GrantBridge ${manifest.app.version}, migration ${manifest.database.migration ?? 'none'}) into ${databaseDir}.\n` +
        (movedAside ? `The database that was there is kept in ${movedAside}; delete it once you are satisfied.\n` : '') +
        'Start GrantBridge as usual (npm start); migrations newer than the backup run at start.',
    );
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      throw new BackupError(
        `A GrantBridge server (pid ${err.pid}) is running on ${config.dataDir}. Stop it first ` +
          '(for example systemctl stop grantbridge@*), then run the restore again. Nothing was changed.',
      );
    }
    throw err;
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
