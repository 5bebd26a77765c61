// Runs the Playwright journeys with the system Chromium (never a downloaded
// browser): finds it, builds the web app, starts from an empty data dir.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const candidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
].filter(Boolean);
const chromium = candidates.find((p) => fs.existsSync(p));
if (!chromium) {
  console.error(
    'No Chromium found for the browser tests.\n' +
      'Fix: install it with `sudo apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
  process.exit(1);
}

// The build goes to a private folder the server is pointed at (WEB_DIST), so a
// build running elsewhere in the checkout cannot swap the files mid-run.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'grantbridge-e2e-web-'));
const build = spawnSync(
  'npm',
  ['run', 'build', '-w', 'apps/web', '--', '--outDir', webDist, '--emptyOutDir'],
  {
    stdio: 'inherit',
  },
);
if (build.status !== 0) process.exit(build.status ?? 1);

// A port nothing listens on now (a fixed or random one can be taken: Erlang's epmd sits on 4369).
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(String(port)));
    });
  });
const port = process.env.E2E_PORT ?? (await freePort());
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grantbridge-e2e-'));
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    CHROMIUM_PATH: chromium,
    E2E_PORT: port,
    E2E_DATA_DIR: dataDir,
    E2E_WEB_DIST: webDist,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  },
});
fs.rmSync(dataDir, { recursive: true, force: true });
fs.rmSync(webDist, { recursive: true, force: true });
process.exit(result.status ?? 1);
