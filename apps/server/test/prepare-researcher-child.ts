// Prepares a server's database the way its first start does (migrations,
// reference data, the shipped catalogue) and adds one signed-up researcher,
// for tests that then run the real server as a process (shutdown.test.ts).
// Usage: tsx prepare-researcher-child.ts <data dir> [database url]; prints
// the researcher's e-mail and password as JSON.
import crypto from 'node:crypto';
import { loadConfig } from '../src/config';
import { pgliteDirFor } from '../src/app';
import { openDatabase } from '../src/db/client';
import { createAccount } from '../src/modules/auth/auth.service';
import { createInstitution } from '../src/modules/institutions/institutions.service';
import { prepareDatabase } from '../src/startup';

const [dir, databaseUrl] = process.argv.slice(2) as [string, string | undefined];
const config = loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false', DATA_DIR: dir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
const database = await openDatabase({ databaseUrl, pgliteDir: pgliteDirFor(config), markFirstStart: true });
await prepareDatabase(database, config, { info: () => undefined } as never);
const tag = crypto.randomBytes(3).toString('hex');
const institution = await createInstitution(database.db, { name: `Drain University ${tag}`, domains: [`drain${tag}.example.edu`], onboarded: true });
const email = `pat@drain${tag}.example.edu`;
const password = 'a long drain-test password';
await createAccount(database.db, { email, name: 'Pat Drain', role: 'researcher', password, setupComplete: true }, institution!.id);
await database.close();
process.stdout.write(`${JSON.stringify({ email, password })}\n`);
