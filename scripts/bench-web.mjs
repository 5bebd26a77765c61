// `npm run bench:web`: builds the web app, serves it from the real server on a
// free port with a throw-away data dir, and prints for the main public pages
// the initial JavaScript (gzipped KB) and the Lighthouse performance and
// accessibility scores, using the system Chromium. It prints figures; it is
// not a pass/fail test.
//
//   npm run bench:web -- [--preset=mobile|desktop|both] [--runs=N] [--no-build] [--save=DIR]
//   (--save writes each Lighthouse report as JSON into DIR.)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const routes = ['/', '/about', '/contact', '/login'];
const targets = { initialJsKb: 150, performance: 90, accessibility: 100 };

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const presetArg = args.preset ?? 'both';
const presets = presetArg === 'both' ? ['mobile', 'desktop'] : [presetArg];
if (!['mobile', 'desktop'].includes(presets[0]))
  fail(`Unknown --preset=${presetArg}: use mobile, desktop or both.`);
const runs = Math.max(1, Number(args.runs ?? 1));

function fail(message) {
  console.error(message);
  process.exit(1);
}

const chromePath = [
  process.env.CHROME_PATH,
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
].find((p) => p && fs.existsSync(p));
if (!chromePath) {
  fail(
    'No Chromium found for the benchmark.\n' +
      'Fix: install it with `sudo apt-get install -y chromium`, or set CHROME_PATH to a Chromium or Chrome binary.',
  );
}
process.env.CHROME_PATH = chromePath;

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-background-timer-throttling',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-sync',
  '--metrics-recording-only',
  '--no-first-run',
];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      fail(`The server exited with code ${server.exitCode} before it was healthy.`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  fail(`The server did not become healthy within ${timeoutMs / 1000} s.`);
}

/**
 * Loads the page in Chromium and sums every script it fetches until the
 * network is idle: the entry chunk and what the page loads right after its
 * first paint (the lead forms, the prefetched sign-in form). `decorative`
 * false emulates reduced motion, which keeps the particle background of the
 * home page (and its worker) from loading; true lets it load.
 */
async function measureScripts(browser, url, decorative) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    reducedMotion: decorative ? 'no-preference' : 'reduce',
  });
  const page = await context.newPage();
  const scripts = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const response = await request.response();
        const body = response ? await response.body() : Buffer.alloc(0);
        const sizes = await request.sizes();
        return { wire: sizes.responseBodySize, gzip: zlib.gzipSync(body, { level: 9 }).length };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  if (decorative) {
    // The particle background waits for the load event, then an idle callback (at most 1.5 s).
    await page.waitForTimeout(2000);
    await page.waitForLoadState('networkidle');
  }
  const all = await Promise.all(scripts);
  await context.close();
  const sum = (key) => all.reduce((total, s) => total + s[key], 0) / 1024;
  return { gzipKb: sum('gzip'), wireKb: sum('wire'), files: all.length };
}

async function runLighthouse(url, preset) {
  // A fresh browser per run. On a busy machine headless Chromium now and then
  // reports that the page never painted (NO_FCP) or shows an interstitial, so
  // a failed run is tried again, twice at most.
  for (let attempt = 1; ; attempt += 1) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
    try {
      return await lighthouseOnce(url, preset, chrome.port);
    } catch (error) {
      if (attempt >= 3) {
        console.log(`  gave up: ${error.message}`);
        return null;
      }
      console.log(`  ${error.message.replace(/^.*\((\w+)\)$/, '$1')}; trying again`);
    } finally {
      chrome.kill();
    }
  }
}

async function lighthouseOnce(url, preset, port) {
  const flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (args.save && args.save !== 'true') {
    fs.mkdirSync(args.save, { recursive: true });
    const name = `${preset}-${new URL(url).pathname.replace(/\W+/g, '_') || 'home'}-${Date.now()}.json`;
    fs.writeFileSync(path.join(args.save, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .filter((a) => a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    failing,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

async function main() {
  // The app is built into (or, with --no-build, copied to) a private folder
  // the server is pointed at, so a build running elsewhere in the checkout
  // cannot swap the files in the middle of a measurement.
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'grantbridge-bench-web-'));
  if (args['no-build'] !== 'true') {
    console.log('Building the web app…');
    const build = spawnSync(
      'npm',
      ['run', 'build', '-w', 'apps/web', '--', '--outDir', webDist, '--emptyOutDir'],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (build.status !== 0) fail('The web build failed.');
  } else {
    const built = path.join(root, 'apps/web/dist');
    if (!fs.existsSync(path.join(built, 'index.html'))) {
      fail('No build in apps/web/dist: run without --no-build.');
    }
    fs.cpSync(built, webDist, { recursive: true });
  }

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grantbridge-bench-'));
  console.log(
    `Starting the server on ${baseUrl} (NODE_ENV=production, SEED_DEMO=true, DATA_DIR=${dataDir})…`,
  );
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
      },
    },
  );

  let browser;
  try {
    await waitForHealth(baseUrl, server);

    console.log('Measuring initial JavaScript…');
    browser = await chromium.launch({
      executablePath: chromePath,
      args: chromeFlags.filter((f) => f !== '--headless=new'),
    });
    const scripts = {};
    for (const route of routes) {
      scripts[route] = {
        initial: await measureScripts(browser, `${baseUrl}${route}`, false),
        withDecoration: await measureScripts(browser, `${baseUrl}${route}`, true),
      };
    }
    await browser.close();
    browser = undefined;

    const scores = {};
    for (const preset of presets) {
      for (const route of routes) {
        console.log(`Lighthouse (${preset}${runs > 1 ? `, ${runs} runs` : ''}) ${route}…`);
        const results = [];
        for (let i = 0; i < runs; i += 1) {
          const result = await runLighthouse(`${baseUrl}${route}`, preset);
          if (!result) continue;
          console.log(`  performance ${result.performance}, accessibility ${result.accessibility}`);
          results.push(result);
        }
        if (results.length === 0) {
          scores[`${preset} ${route}`] = null;
          continue;
        }
        const byPerformance = [...results].sort((a, b) => a.performance - b.performance);
        const middle = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
        scores[`${preset} ${route}`] = {
          ...middle,
          performance: median(results.map((r) => r.performance)),
          accessibility: median(results.map((r) => r.accessibility)),
        };
      }
    }

    const kb = (n) => n.toFixed(1);
    const ms = (n) => (Number.isFinite(n) ? `${Math.round(n)}` : '-');
    const rows = [];
    for (const preset of presets) {
      for (const route of routes) {
        const s = scripts[route];
        const l = scores[`${preset} ${route}`] ?? {
          performance: 'n/a',
          accessibility: 'n/a',
          fcpMs: NaN,
          lcpMs: NaN,
          tbtMs: NaN,
          cls: NaN,
        };
        rows.push({
          page: route,
          'initial JS gz KB': kb(s.initial.gzipKb),
          'as served KB': kb(s.initial.wireKb),
          files: s.initial.files,
          '+particles gz KB': kb(s.withDecoration.gzipKb),
          preset,
          performance: l.performance,
          accessibility: l.accessibility,
          'FCP ms': ms(l.fcpMs),
          'LCP ms': ms(l.lcpMs),
          'TBT ms': ms(l.tbtMs),
          CLS: Number.isFinite(l.cls) ? l.cls.toFixed(3) : '-',
        });
      }
    }

    console.log('');
    console.log(
      `GrantBridge web benchmark — Chromium ${chromePath}, Lighthouse ${presets.join(' and ')} preset${presets.length > 1 ? 's' : ''}`,
    );
    console.log(
      'initial JS = every script the page fetches until the network is idle (entry, and the forms it loads after\n' +
        'its first paint), gzip -9 of each body, with reduced motion so the decorative particles stay off;\n' +
        'as served = bytes on the wire; +particles = the same with the home page particle background (and its worker).',
    );
    printTable(rows);
    console.log(
      `\nTargets: initial JS on / ≤ ${targets.initialJsKb} KB gz, performance ≥ ${targets.performance}, accessibility ${targets.accessibility}.`,
    );
    const misses = [];
    if (scripts['/'].initial.gzipKb > targets.initialJsKb) {
      misses.push(`initial JS on / is ${kb(scripts['/'].initial.gzipKb)} KB`);
    }
    for (const [key, l] of Object.entries(scores)) {
      if (!l) {
        misses.push(`${key}: Lighthouse could not run (see above)`);
        continue;
      }
      if (l.performance < targets.performance)
        misses.push(
          `${key}: performance ${l.performance} (below 0.9: ${l.failing.join(', ') || 'none'})`,
        );
      if (l.accessibility < targets.accessibility)
        misses.push(
          `${key}: accessibility ${l.accessibility} (below 0.9: ${l.failing.join(', ') || 'none'})`,
        );
    }
    if (misses.length === 0) console.log('All targets met.');
    else console.log(`Missed:\n  ${misses.join('\n  ')}`);
    const weak = Object.entries(scores).filter(([, l]) => l && l.failing.length > 0);
    if (weak.length > 0) {
      console.log('\nLighthouse audits scoring below 0.9:');
      for (const [key, l] of weak) console.log(`  ${key}: ${l.failing.join(', ')}`);
    }
  } finally {
    if (browser) await browser.close().catch(() => {});
    server.kill('SIGTERM');
    await new Promise((resolve) => {
      if (server.exitCode !== null) resolve();
      else server.once('exit', resolve);
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(webDist, { recursive: true, force: true });
  }
}

function printTable(rows) {
  const columns = Object.keys(rows[0]);
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells) =>
    `| ${cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`;
  console.log(line(columns));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(columns.map((c) => row[c])));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
