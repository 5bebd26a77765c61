// `npm run sso:password-on` as an IT person runs it, on an embedded database of
// its own made by `npm run admin:create`: it names the institution it changed,
// refuses a domain no institution here owns, and asks for --domain. (That it
// turns password sign-in back on after the institution turned it off is
// sso.test.ts's, through the same service function.)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');

describe('npm run sso:password-on', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-sso-cli-'));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function run(script: string, args: string[], input?: string) {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' };
    delete env.DATABASE_URL;
    return spawnSync(
      process.execPath,
      ['--import', 'tsx', `apps/server/src/cli/${script}`, ...args],
      {
        cwd: root,
        env,
        input,
        encoding: 'utf8',
      },
    );
  }

  it('names the institution, refuses an unknown domain, and asks for --domain', () => {
    const created = run(
      'create-admin.ts',
      [
        '--email',
        'it@breakglass.example.edu',
        '--name',
        'Ida Tech',
        '--institution',
        'Breakglass University',
      ],
      'a-long-enough-passphrase-2026\n',
    );
    expect(created.status, created.stderr).toBe(0);

    const on = run('sso-password-on.ts', ['--domain', 'Breakglass.Example.edu']);
    expect(on.status, on.stderr).toBe(0);
    expect(on.stdout).toContain(
      'Password sign-in was already on for Breakglass University; nothing changed.',
    );

    const unknown = run('sso-password-on.ts', ['--domain', 'nowhere.example.org']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('does not have a GrantBridge account');

    const missing = run('sso-password-on.ts', []);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('--domain is required');
  }, 120_000);
});
