// `npm run bench:web`: builds the web app, serves it from the real server on a
// free port with a throw-away data dir (demo data loaded), and prints, using
// the system Chromium:
// - for the main public pages, the initial JavaScript (gzipped KB) and the
//   Lighthouse performance and accessibility scores;
// - for the signed-in pages of both roles (demo researcher and administrator),
//   the JavaScript each page fetches in a fresh page with a warm session, the
//   time until the page's own data is on screen, and Lighthouse for the two
//   home pages (/dashboard and /admin/dashboard).
// It prints figures; it is not a pass/fail test.
//
//   npm run bench:web -- [--preset=mobile|desktop|both] [--runs=N] [--loads=N]
//                        [--only=public|signed-in] [--no-lighthouse] [--no-build | --dist=DIR]
//                        [--save=DIR]
//   (--runs: Lighthouse runs per page; --loads: timed loads per signed-in page,
//   median reported; --dist serves a web build made elsewhere, e.g. of another
//   commit, to compare under the same conditions; --save writes each Lighthouse
//   report as JSON into DIR.)
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
const targets = {
  initialJsKb: 150,
  performance: 90,
  accessibility: 100,
  signedInJsKb: 200,
  dataMs: 1000,
};

const demoPassword = 'grantbridge-demo';
const demoAccounts = { researcher: 'researcher@example.edu', admin: 'admin@example.edu' };

/**
 * The signed-in pages, each with what shows that its own data has arrived:
 * `ready` lists [CSS selector, text pattern?] pairs, and the data is on screen
 * when each pair matches a visible element (checked in the page on every
 * animation frame). `later` (optional) is what may follow the data (the
 * dashboard's charts), timed apart. A `:name` in the path is replaced by the
 * id of a demo record the role may open (demoIds): `:grant` a grant of the
 * catalogue, `:newsletter` one sent to the researcher, `:person` a researcher
 * recommended to them, `:application` one of theirs, `:researcher` the demo
 * researcher (as the office opens them), `:officeApplication` one of the
 * institution's, `:call` the institution's limited call. The demo researcher
 * reviews no limited call, so /dashboard/limited-submissions/:id is left out,
 * and so is /dashboard/setup (new accounts only).
 */
const signedInRoutes = [
  {
    role: 'researcher',
    path: '/dashboard',
    ready: [['[aria-labelledby="suggested-title"] h3'], ['ul[aria-label="Posts"] > li']],
  },
  { role: 'researcher', path: '/dashboard/search', ready: [['main li > article']] },
  { role: 'researcher', path: '/dashboard/grants', ready: [['main li > article']] },
  {
    role: 'researcher',
    path: '/dashboard/message',
    ready: [['section[aria-labelledby="chats-heading"] li a']],
  },
  { role: 'researcher', path: '/dashboard/profile', ready: [['[role="tabpanel"] h3', '^About$']] },
  { role: 'researcher', path: '/dashboard/grant/:grant', ready: [['#grant-title']] },
  { role: 'researcher', path: '/dashboard/settings', ready: [['#notifications form li']] },
  // A notification's heading, or the empty list's.
  { role: 'researcher', path: '/dashboard/notifications', ready: [['[role="tabpanel"] h2']] },
  {
    role: 'researcher',
    path: '/dashboard/newsletters',
    ready: [['section[aria-labelledby="newsletters-title"] li a']],
  },
  {
    role: 'researcher',
    path: '/dashboard/newsletters/:newsletter',
    ready: [['#newsletter-title']],
  },
  {
    role: 'researcher',
    path: '/dashboard/researcher/:person',
    ready: [['[role="tabpanel"] h3', '^About$']],
  },
  {
    role: 'researcher',
    path: '/dashboard/applications/:application',
    ready: [['#application-title']],
  },
  {
    role: 'admin',
    path: '/admin/dashboard',
    ready: [
      ['main section li a[href*="status=awarded"]'],
      ['[aria-label="Professor activity table"] th[scope="row"]'],
    ],
    // The two charts drawn: the timeline's points and the funding pie (recharts
    // drew them before decision 051; plain SVG since).
    later: [
      ['.recharts-scatter-symbol, [data-chart-point]'],
      ['.recharts-pie-sector, [data-chart-slice]'],
    ],
  },
  {
    role: 'admin',
    path: '/admin/grants',
    ready: [
      ['main li a[href*="status=pending_review"]'],
      ['main li a[href^="/admin/applications/"]'],
    ],
  },
  { role: 'admin', path: '/admin/manage', ready: [['table tbody td']] },
  {
    role: 'admin',
    path: '/admin/review',
    ready: [['main li > article, main p', 'Approve|Nothing is waiting for review']],
  },
  { role: 'admin', path: '/admin/search', ready: [['main li > article']] },
  {
    role: 'admin',
    path: '/admin/message',
    ready: [['section[aria-labelledby="chats-heading"] li a']],
  },
  { role: 'admin', path: '/admin/settings', ready: [['#notifications form li'], ['#sso-enabled']] },
  { role: 'admin', path: '/admin/notifications', ready: [['[role="tabpanel"] h2']] },
  {
    role: 'admin',
    path: '/admin/newsletters',
    ready: [['section[aria-labelledby="newsletters-title"] li h3']],
  },
  {
    role: 'admin',
    path: '/admin/researcher/:researcher',
    ready: [['main [role="region"] dt', '^Last sign-in$']],
  },
  { role: 'admin', path: '/admin/grant/:grant', ready: [['#grant-title']] },
  {
    role: 'admin',
    path: '/admin/applications/:officeApplication',
    ready: [['#application-title']],
  },
  {
    role: 'admin',
    path: '/admin/limited-submissions',
    ready: [['section[aria-labelledby="limited-calls-title"] li a']],
  },
  {
    role: 'admin',
    path: '/admin/limited-submissions/:call',
    ready: [['section[aria-labelledby="pre-proposals-title"] li']],
  },
];
const signedInLighthouse = ['/dashboard', '/admin/dashboard'];

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
const loads = Math.max(1, Number(args.loads ?? 3));
const only = args.only ?? 'all';
if (!['all', 'public', 'signed-in'].includes(only))
  fail(`Unknown --only=${only}: use public or signed-in (or leave it out for both).`);
const withLighthouse = args['no-lighthouse'] !== 'true';

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
      throw new Error(`The server exited with code ${server.exitCode} before it was healthy.`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy within ${timeoutMs / 1000} s.`);
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

/** Signs in with a demo account through the API; returns the session as Playwright storage state. */
async function signInAs(browser, baseUrl, role) {
  const context = await browser.newContext();
  const response = await context.request.post(`${baseUrl}/api/v1/auth/login`, {
    data: { email: demoAccounts[role], password: demoPassword, role },
    headers: { Origin: baseUrl },
  });
  if (!response.ok())
    throw new Error(`Signing in as the demo ${role} failed: HTTP ${response.status()}.`);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** The session as a Cookie header (the session cookie is Secure: Playwright's own requests would not send it over http). */
function cookieHeader(state) {
  return state.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** A grant of the demo catalogue, for the grant page. */
async function demoGrantId(baseUrl, state) {
  const response = await fetch(`${baseUrl}/api/v1/grants/search?q=forest&pageSize=1`, {
    headers: { Cookie: cookieHeader(state) },
  });
  const body = response.ok ? await response.json() : null;
  const id = body?.results?.[0]?.grant?.id;
  if (!id) throw new Error(`No grant found in the demo catalogue (HTTP ${response.status}).`);
  return id;
}

/** GET of a demo API path with the session; `pick` finds the id in the answer. */
async function demoId(baseUrl, state, apiPath, pick, what) {
  const response = await fetch(`${baseUrl}${apiPath}`, {
    headers: { Cookie: cookieHeader(state) },
  });
  const body = response.ok ? await response.json() : null;
  const id = body ? pick(body) : undefined;
  if (!id)
    throw new Error(`No ${what} found in the demo data (${apiPath}: HTTP ${response.status}).`);
  return id;
}

/** The ids the signed-in routes' `:name`s stand for, each of a demo record its role may open. */
async function demoIds(baseUrl, states) {
  const { researcher, admin } = states;
  return {
    grant: await demoGrantId(baseUrl, researcher),
    newsletter: await demoId(
      baseUrl,
      researcher,
      '/api/v1/newsletters',
      (b) => b.newsletters?.[0]?.id,
      'newsletter sent to the researcher',
    ),
    person: await demoId(
      baseUrl,
      researcher,
      '/api/v1/researchers/recommended',
      (b) => b.results?.[0]?.researcher?.id,
      'recommended researcher',
    ),
    application: await demoId(
      baseUrl,
      researcher,
      '/api/v1/applications',
      (b) => (b.applications?.find((a) => a.role === 'pi') ?? b.applications?.[0])?.id,
      "application of the researcher's",
    ),
    researcher: await demoId(
      baseUrl,
      researcher,
      '/api/v1/auth/me',
      (b) => b.user?.id,
      'researcher',
    ),
    officeApplication: await demoId(
      baseUrl,
      admin,
      '/api/v1/admin/applications?pageSize=1',
      (b) => b.applications?.[0]?.id,
      "application of the institution's",
    ),
    call: await demoId(
      baseUrl,
      admin,
      '/api/v1/admin/limited-submissions',
      (b) => b.calls?.[0]?.id,
      'limited call',
    ),
  };
}

/** In the page: the layout shifts so far (as CLS counts them), and a test of "shown". */
function installProbes() {
  globalThis.__benchCls = 0;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.hadRecentInput) globalThis.__benchCls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {
    // No layout-shift entries in this browser.
  }
}

/** In the page, once per animation frame: the time every [selector, text] first shows, else false. */
function allShown(conditions) {
  const shown = conditions.every(([selector, text]) => {
    const pattern = text ? new RegExp(text) : null;
    return [...globalThis.document.querySelectorAll(selector)].some(
      (element) =>
        element.checkVisibility() && (!pattern || pattern.test(element.textContent ?? '')),
    );
  });
  return shown ? performance.now() : false;
}

/**
 * Loads a signed-in page in a fresh context (no HTTP cache) with the role's
 * session, and measures: every response with a JavaScript content type until
 * the page's data is on screen and the network is idle (gzip -9 of each body,
 * and bytes on the wire as the server sent them), the time from navigation
 * start until the page's data is shown (and its `later` parts), the end of
 * the last network response, and the layout shift.
 */
async function measureSignedIn(browser, url, state, route) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
    storageState: state,
  });
  await context.addInitScript(installProbes);
  const page = await context.newPage();
  const scripts = [];
  page.on('requestfinished', (request) => {
    scripts.push(
      (async () => {
        const response = await request.response();
        const type = response ? ((await response.headerValue('content-type')) ?? '') : '';
        if (!/javascript/.test(type)) return null;
        const body = await response.body();
        const sizes = await request.sizes();
        return {
          file: new URL(request.url()).pathname,
          encoding: (await response.headerValue('content-encoding')) ?? 'identity',
          wire: sizes.responseBodySize,
          gzip: zlib.gzipSync(body, { level: 9 }).length,
        };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'commit' });
  const shownAt = async (conditions) => {
    try {
      const handle = await page.waitForFunction(allShown, conditions, {
        polling: 'raf',
        timeout: 30_000,
      });
      return await handle.jsonValue();
    } catch (error) {
      throw new Error(`${route.path}: ${JSON.stringify(conditions)} not shown (${error.message})`);
    }
  };
  const dataMs = await shownAt(route.ready);
  const laterMs = route.later ? await shownAt(route.later) : dataMs;
  await page.waitForLoadState('networkidle');
  const { idleMs, cls } = await page.evaluate(() => ({
    idleMs: Math.max(0, ...performance.getEntriesByType('resource').map((e) => e.responseEnd)),
    cls: globalThis.__benchCls,
  }));
  const all = (await Promise.all(scripts)).filter(Boolean);
  await context.close();
  const sum = (key) => all.reduce((total, s) => total + s[key], 0) / 1024;
  return {
    gzipKb: sum('gzip'),
    wireKb: sum('wire'),
    files: all.length,
    encodings: [...new Set(all.map((s) => s.encoding))],
    scripts: all,
    dataMs,
    laterMs,
    idleMs,
    cls,
  };
}

async function runLighthouse(url, preset, extraHeaders) {
  // A fresh browser per run. On a busy machine headless Chromium now and then
  // reports that the page never painted (NO_FCP) or shows an interstitial, so
  // a failed run is tried again, twice at most.
  for (let attempt = 1; ; attempt += 1) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
    try {
      return await lighthouseOnce(url, preset, chrome.port, extraHeaders);
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

async function lighthouseOnce(url, preset, port, extraHeaders) {
  const flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // The session cookie, for a signed-in page.
    ...(extraHeaders ? { extraHeaders } : {}),
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

/** Lighthouse `runs` times; the median scores, the other figures of the median run. */
async function lighthouseMedian(url, preset, extraHeaders) {
  console.log(
    `Lighthouse (${preset}${runs > 1 ? `, ${runs} runs` : ''}) ${new URL(url).pathname}…`,
  );
  const results = [];
  for (let i = 0; i < runs; i += 1) {
    const result = await runLighthouse(url, preset, extraHeaders);
    if (!result) continue;
    console.log(`  performance ${result.performance}, accessibility ${result.accessibility}`);
    results.push(result);
  }
  if (results.length === 0) return null;
  const byPerformance = [...results].sort((a, b) => a.performance - b.performance);
  const middle = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
  return {
    ...middle,
    performance: median(results.map((r) => r.performance)),
    accessibility: median(results.map((r) => r.accessibility)),
  };
}

async function measurePublic(browser, baseUrl) {
  console.log('Measuring initial JavaScript of the public pages…');
  const scripts = {};
  for (const route of routes) {
    scripts[route] = {
      initial: await measureScripts(browser, `${baseUrl}${route}`, false),
      withDecoration: await measureScripts(browser, `${baseUrl}${route}`, true),
    };
  }
  return scripts;
}

async function measureSignedInPages(browser, baseUrl) {
  console.log('Signing in (demo researcher and administrator)…');
  const states = {
    researcher: await signInAs(browser, baseUrl, 'researcher'),
    admin: await signInAs(browser, baseUrl, 'admin'),
  };
  const ids = await demoIds(baseUrl, states);
  const pages = signedInRoutes.map((route) => ({
    ...route,
    url: `${baseUrl}${route.path.replace(/:(\w+)/g, (_, name) => encodeURIComponent(ids[name]))}`,
    loads: [],
  }));
  // One load of each page first, not counted: the server's first queries
  // and code paths are warm for the timed loads, as on a running site.
  console.log(
    `Signed-in pages: a warm-up load each, then ${loads} timed load${loads > 1 ? 's' : ''}…`,
  );
  for (const page of pages) await measureSignedIn(browser, page.url, states[page.role], page);
  // Round robin, so that a burst of load on the machine does not land on one page only.
  for (let i = 0; i < loads; i += 1) {
    for (const page of pages) {
      page.loads.push(await measureSignedIn(browser, page.url, states[page.role], page));
    }
  }
  return { states, pages };
}

function reportPublic(scripts, scores) {
  const kb = (n) => n.toFixed(1);
  const ms = (n) => (Number.isFinite(n) ? `${Math.round(n)}` : '-');
  const rows = [];
  for (const preset of withLighthouse ? presets : ['-']) {
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
  console.log('Public pages');
  console.log(
    'initial JS = every script the page fetches until the network is idle (entry, and the forms it loads after\n' +
      'its first paint), gzip -9 of each body, with reduced motion so the decorative particles stay off;\n' +
      'as served = bytes on the wire; +particles = the same with the home page particle background (and its worker).',
  );
  printTable(rows);
  console.log(
    `Targets: initial JS on / ≤ ${targets.initialJsKb} KB gz, performance ≥ ${targets.performance}, accessibility ${targets.accessibility}.`,
  );
  const misses = [];
  if (scripts['/'].initial.gzipKb > targets.initialJsKb) {
    misses.push(`initial JS on / is ${kb(scripts['/'].initial.gzipKb)} KB`);
  }
  return misses;
}

function reportSignedIn({ pages }, scores) {
  const kb = (n) => n.toFixed(1);
  const ms = (n) => (Number.isFinite(n) ? `${Math.round(n)}` : '-');
  const mark = (ok) => (ok ? '✓' : '✗');
  const rows = [];
  const misses = [];
  for (const page of pages) {
    const m = (key) => median(page.loads.map((l) => l[key]));
    const gzipKb = m('gzipKb');
    const dataMs = m('dataMs');
    const range = (key) => {
      const values = page.loads.map((l) => l[key]);
      return `${ms(Math.min(...values))}–${ms(Math.max(...values))}`;
    };
    rows.push({
      role: page.role,
      page: page.path,
      'JS gz KB': `${kb(gzipKb)} ${mark(gzipKb <= targets.signedInJsKb)}`,
      'as served KB': kb(m('wireKb')),
      files: m('files'),
      'data ms': `${ms(dataMs)} ${mark(dataMs <= targets.dataMs)}`,
      'data range': range('dataMs'),
      'charts ms': page.later ? ms(m('laterMs')) : '',
      'idle ms': ms(m('idleMs')),
      CLS: Math.max(...page.loads.map((l) => l.cls)).toFixed(3),
    });
    if (gzipKb > targets.signedInJsKb) misses.push(`${page.path}: ${kb(gzipKb)} KB of JavaScript`);
    if (dataMs > targets.dataMs) misses.push(`${page.path}: data on screen after ${ms(dataMs)} ms`);
  }
  const encodings = [...new Set(pages.flatMap((p) => p.loads.flatMap((l) => l.encodings)))];
  console.log('');
  console.log(`Signed-in pages (median of ${loads} load${loads > 1 ? 's' : ''} each)`);
  console.log(
    'JS = every response with a JavaScript content type, fresh context (no cache) with a warm session, until the\n' +
      "page's data is shown and the network is idle: gzip -9 of each body; as served = bytes on the wire\n" +
      `(content encodings: ${encodings.join(', ')}). data = navigation start to the page's own data on screen;\n` +
      "charts = to the admin dashboard's charts drawn; idle = to the end of the last network response;\n" +
      'CLS = layout shift during the load (the largest of the loads).',
  );
  printTable(rows);
  console.log(
    `Targets: JavaScript ≤ ${targets.signedInJsKb} KB gz and data on screen ≤ ${targets.dataMs} ms on every page (✓ met, ✗ missed).`,
  );
  if (args.scripts === 'true') {
    for (const page of pages) {
      console.log(`\n${page.path}:`);
      const load = page.loads[0];
      for (const s of [...load.scripts].sort((a, b) => b.gzip - a.gzip)) {
        console.log(`  ${kb(s.gzip / 1024).padStart(6)} KB  ${s.file}`);
      }
    }
  }
  const lighthouseRows = Object.entries(scores).map(([key, l]) => {
    const [preset, page] = key.split(' ');
    return {
      page,
      preset,
      performance: l?.performance ?? 'n/a',
      accessibility: l?.accessibility ?? 'n/a',
      'FCP ms': ms(l?.fcpMs ?? NaN),
      'LCP ms': ms(l?.lcpMs ?? NaN),
      'TBT ms': ms(l?.tbtMs ?? NaN),
      CLS: Number.isFinite(l?.cls) ? l.cls.toFixed(3) : '-',
    };
  });
  if (lighthouseRows.length > 0) {
    console.log('\nLighthouse, signed in');
    printTable(lighthouseRows);
  }
  return misses;
}

async function main() {
  // The app is built into (or, with --no-build or --dist, copied to) a private
  // folder the server is pointed at, so a build running elsewhere in the
  // checkout cannot swap the files in the middle of a measurement.
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'grantbridge-bench-web-'));
  if (args.dist && args.dist !== 'true') {
    if (!fs.existsSync(path.join(args.dist, 'index.html'))) fail(`No web build in ${args.dist}.`);
    fs.cpSync(args.dist, webDist, { recursive: true });
  } else if (args['no-build'] !== 'true') {
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
    browser = await chromium.launch({
      executablePath: chromePath,
      args: chromeFlags.filter((f) => f !== '--headless=new'),
    });
    const publicPart = only === 'signed-in' ? null : await measurePublic(browser, baseUrl);
    const signedInPart = only === 'public' ? null : await measureSignedInPages(browser, baseUrl);
    await browser.close();
    browser = undefined;

    const publicScores = {};
    const signedInScores = {};
    if (withLighthouse) {
      for (const preset of presets) {
        if (publicPart) {
          for (const route of routes) {
            publicScores[`${preset} ${route}`] = await lighthouseMedian(
              `${baseUrl}${route}`,
              preset,
            );
          }
        }
        if (signedInPart) {
          for (const route of signedInLighthouse) {
            const role = route.startsWith('/admin') ? 'admin' : 'researcher';
            signedInScores[`${preset} ${route}`] = await lighthouseMedian(
              `${baseUrl}${route}`,
              preset,
              { Cookie: cookieHeader(signedInPart.states[role]) },
            );
          }
        }
      }
    }

    console.log('');
    console.log(
      `GrantBridge web benchmark — Chromium ${chromePath}` +
        (withLighthouse
          ? `, Lighthouse ${presets.join(' and ')} preset${presets.length > 1 ? 's' : ''}`
          : ', no Lighthouse') +
        `, load average ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
    );
    const misses = [];
    if (publicPart) misses.push(...reportPublic(publicPart, publicScores));
    if (signedInPart) misses.push(...reportSignedIn(signedInPart, signedInScores));
    for (const [key, l] of Object.entries({ ...publicScores, ...signedInScores })) {
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
    console.log('');
    if (misses.length === 0) console.log('All targets met.');
    else console.log(`Missed:\n  ${misses.join('\n  ')}`);
    const weak = Object.entries({ ...publicScores, ...signedInScores }).filter(
      ([, l]) => l && l.failing.length > 0,
    );
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
