// Fails when the Drizzle schema has changes that no committed migration holds
// (STYLE rule 9): runs drizzle-kit generate into a scratch copy of the
// migrations folder and checks that it had nothing to write.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const migrations = path.join(root, 'apps/server/src/db/migrations');
// drizzle-kit wants `out` relative to the working directory.
const relativeScratch = path.join('.scratch', `migrations-check-${process.pid}`);
const scratch = path.join(root, relativeScratch);
fs.rmSync(scratch, { recursive: true, force: true });
fs.mkdirSync(path.dirname(scratch), { recursive: true });
fs.cpSync(migrations, scratch, { recursive: true });
const config = path.join(scratch, 'drizzle.config.mjs');
fs.writeFileSync(
  config,
  `export default { dialect: 'postgresql', schema: ${JSON.stringify(path.join(root, 'apps/server/src/db/schema/index.ts'))}, out: ${JSON.stringify(relativeScratch)} };\n`,
);
const before = new Set(fs.readdirSync(scratch));
const result = spawnSync('npx', ['drizzle-kit', 'generate', '--config', config], { cwd: root, encoding: 'utf8' });
const added = fs.readdirSync(scratch).filter((f) => !before.has(f));
fs.rmSync(scratch, { recursive: true, force: true });
if (result.status !== 0) {
  console.error(result.stdout, result.stderr);
  process.exit(result.status ?? 1);
}
if (added.length > 0) {
  console.error(`The schema has changes without a migration (drizzle-kit would add ${added.join(', ')}).\nRun: npm run db:generate -- --name <what-changed>`);
  process.exit(1);
}
console.log('Migrations match the schema.');
