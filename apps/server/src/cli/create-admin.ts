// `npm run admin:create -- --email a@univ.edu --name "A Person" [--institution "Name"]`
// Onboards the e-mail's institution and creates its first administrator.
// The password comes from standard input (piped) or an interactive prompt.
import { parseArgs } from 'node:util';
import readline from 'node:readline';
import { passwordSchema, emailSchema } from '@grantbridge/contract/auth';
import { loadConfig } from '../config';
import { migrateDatabase, openDatabase } from '../db/client';
import { loadReferenceData } from '../seed/seed';
import { pgliteDirFor } from '../app';
import { AppError } from '../errors';
import { createFirstAdmin } from '../modules/auth/auth.service';
import { closeWorkerPools } from '../lib/worker-pool';

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  }
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const ask = (q: string) =>
    new Promise<string>((resolve) => {
      process.stdout.write(q);
      let value = '';
      const onData = (buf: Buffer) => {
        const ch = buf.toString('utf8');
        if (ch === '\r' || ch === '\n') {
          process.stdin.off('data', onData);
          process.stdin.setRawMode(false);
          process.stdout.write('\n');
          resolve(value);
        } else if (ch === '\u0003') process.exit(130);
        else if (ch === '\u007f') value = value.slice(0, -1);
        else value += ch;
      };
      process.stdin.setRawMode(true);
      process.stdin.on('data', onData);
    });
  const first = await ask('Password for the new admin: ');
  const second = await ask('Repeat the password: ');
  rl.close();
  if (first !== second) throw new Error('The passwords do not match.');
  return first;
}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, institution: { type: 'string' } },
  });
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success) throw new Error('--email is required and must be an e-mail address.');
  if (!values.name?.trim()) throw new Error('--name is required.');
  const password = passwordSchema.safeParse(await readPassword());
  if (!password.success) throw new Error(`Password: ${password.error.issues[0]?.message}`);

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config), pgliteSharedBuffers: config.pgliteSharedBuffers, markFirstStart: true });
  try {
    await migrateDatabase(database);
    // A migrated database is whole: a kill from here on leaves nothing half-made to rebuild.
    database.finishFirstStart?.();
    await loadReferenceData(database.db, config);
    const { user, institution } = await createFirstAdmin(database.db, {
      email: email.data,
      name: values.name.trim(),
      password: password.data,
      institutionName: values.institution,
    });
    console.log(`Created admin ${user.email} for ${institution.name} (onboarded). They can sign in as Administrator.`);
  } finally {
    await closeWorkerPools();
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof AppError || err instanceof Error ? err.message : err);
  process.exit(1);
});
