// `npm run sso:password-on -- --domain example.edu`
// The way back in when an institution turned password sign-in off and its
// identity provider fails (decision 057): allows password sign-in again for
// the institution that owns the domain, its single sign-on left on. Its
// administrators then sign in with their passwords (or reset them) and fix the
// settings in Settings → Sign-in. Run it where the server runs, with the same
// settings (DATA_DIR or DATABASE_URL); on PGlite, with the server stopped.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { migrateDatabase, openDatabase } from '../db/client';
import { pgliteDirFor } from '../app';
import { AppError } from '../errors';
import { allowPasswordSignInAgain } from '../modules/sso/sso.service';

async function main() {
  const { values } = parseArgs({ options: { domain: { type: 'string' } } });
  const domain = values.domain?.trim().toLowerCase() ?? '';
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain))
    throw new Error(
      '--domain is required: the institution’s e-mail domain, e.g. --domain example.edu',
    );
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: pgliteDirFor(config),
    pgliteSharedBuffers: config.pgliteSharedBuffers,
  });
  try {
    await migrateDatabase(database);
    const { institution, wasOff } = await allowPasswordSignInAgain(database.db, domain);
    console.log(
      wasOff
        ? `Password sign-in is on again for ${institution.name}; its single sign-on is unchanged.`
        : `Password sign-in was already on for ${institution.name}; nothing changed.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof AppError || err instanceof Error ? err.message : err);
  process.exit(1);
});
