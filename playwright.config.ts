// Browser journeys in the system Chromium against a real server on a fresh
// PGlite data dir. scripts/e2e.mjs finds Chromium and builds the web app first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4310);
// Always a fresh data dir (a reused one would keep lockouts and leads of an
// earlier run). Set in the environment so the test workers can read the outbox.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'grantbridge-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: 'e2e',
  // Generous: CI has run these several times slower than a quiet machine does
  // (a 30 s journey took 2.6 min there); a hung step fails on actionTimeout.
  timeout: 120_000,
  // As long as an action may take: four sign-ins at once (argon2 each) on a busy
  // machine have taken over 10 s to land.
  expect: { timeout: 20_000 },
  // Every test stands alone (STYLE rule 8), so tests of one file may share out.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    // Traces are off unless E2E_TRACE=1: recording one (a DOM snapshot per
    // action) costs every journey about a tenth of its time, on two cores
    // shared with the server and the browser, and CI keeps no test-results to
    // read one from. To see why a journey failed, run it again with
    // E2E_TRACE=1: a failing test keeps its trace (DOM snapshots, no
    // screencast frames) in test-results (decision 069).
    trace:
      process.env.E2E_TRACE === '1'
        ? { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false }
        : 'off',
    // A step that cannot happen fails with its own name instead of running the
    // test into its overall timeout.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    // The app scrolls smoothly (index.css) except under reduced motion. A
    // click scrolls its target into view first; with smooth scrolling the
    // page went on moving after Playwright had found the button's place, and
    // the press landed on a moving target (the settings journey's trace in
    // the full run of 2026-11-28: "element is not stable", "outside of the
    // viewport", then a click that focused the button but never submitted).
    // Reduced motion makes every scroll and transition end at once; the one
    // journey about motion itself (the stats band) asks for it back.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `node --import tsx apps/server/src/main.ts`,
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATA_DIR: dataDir,
      LEAD_RATE_LIMIT: '200',
      LOGIN_IP_RATE_LIMIT: '1000',
      LEADS_INBOX: 'leads@grantbridge.test',
      OUTBOX_POLL_MS: '200',
      SEED_DEMO: 'true',
      // scripts/e2e.mjs builds into a private folder; otherwise apps/web/dist.
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
