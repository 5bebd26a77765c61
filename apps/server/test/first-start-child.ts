// A process that builds a fresh PGlite database the way the server's first
// start does (marked, migrated, loaded, then finished), for the kill tests in
// db/first-start.embedded.test.ts. Prints "ready" when done and then waits.
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { prepareDatabase } from '../src/startup';

const dir = process.argv[2]!;
const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', DATA_DIR: dir });
const database = await openDatabase({ pgliteDir: dir, markFirstStart: true });
const silent = { info: () => undefined } as never;
await prepareDatabase(database, config, silent);
await database.close();
process.stdout.write('ready\n');
