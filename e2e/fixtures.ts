// Shared fixtures of the browser journeys: every test fails on an uncaught
// page error or a console error it did not announce with `allowConsoleError`.
import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof viewports;

export const demoPassword = 'grantbridge-demo';
export const demoAccounts = {
  admin: 'admin@example.edu',
  researcher: 'researcher@example.edu',
  /** Only the settings journey signs in with this one: it changes the password. */
  passwordChanger: 'jordan.haddad@northfield.example.edu',
  /** Only the lockout journey uses this one: it locks it for 15 minutes. */
  lockedOut: 'priya.petrov@lakeshore.example.edu',
  /** Only the password-reset journey uses this one: it resets the password. */
  passwordResetter: 'mateo.kowalski@example.edu',
} as const;

/** The console line Chromium writes for an HTTP error answer to a fetch. */
export function failedResource(status: number): RegExp {
  return new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`);
}

type ConsoleGuard = {
  /** Announces a console error this test provokes on purpose; anything else fails it. */
  allowConsoleError: (pattern: RegExp) => void;
};

export const test = base.extend<ConsoleGuard>({
  allowConsoleError: [
    async ({ context }, use, testInfo) => {
      const allowed: RegExp[] = [];
      const problems: string[] = [];
      context.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        const where = message.location().url;
        const full = `${text}${where ? ` (at ${where})` : ''}`;
        // A pattern may match the message alone or the message with its URL.
        if (allowed.some((pattern) => pattern.test(text) || pattern.test(full))) return;
        problems.push(`console error: ${full}`);
      });
      context.on('weberror', (webError) => {
        const error = webError.error();
        problems.push(`uncaught page error: ${error.stack ?? error.message}`);
      });
      await use((pattern) => allowed.push(pattern));
      if (problems.length > 0) {
        await testInfo.attach('console-problems', {
          body: problems.join('\n'),
          contentType: 'text/plain',
        });
      }
      expect(problems, 'the page logged errors the test did not expect').toEqual([]);
    },
    // Every test gets the guard, whether or not it asks for it.
    { auto: true },
  ],
});

/** The data dir of the server under test (set by playwright.config.ts). */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the journeys with `npm run test:e2e`.');
  return dir;
}

/** Decodes the quoted-printable soft line breaks and escapes nodemailer may use in an .eml body. */
function decodeEml(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Waits for the outbox to write an e-mail containing `marker` (each of them, when
 * several: a demo person may also have other mail), and returns its decoded text.
 */
export async function waitForOutboxEmail(marker: string | string[], timeoutMs = 15_000): Promise<string> {
  const markers = typeof marker === 'string' ? [marker] : marker;
  const dir = path.join(dataDir(), 'outbox');
  let found = '';
  await expect
    .poll(
      () => {
        if (!fs.existsSync(dir)) return false;
        for (const name of fs.readdirSync(dir)) {
          if (!name.endsWith('.eml')) continue;
          const text = decodeEml(fs.readFileSync(path.join(dir, name), 'utf8'));
          if (markers.every((m) => text.includes(m))) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { timeout: timeoutMs, message: `an .eml file containing ${markers.join(' and ')} in ${dir}` },
    )
    .toBe(true);
  return found;
}

/** A short token that makes one test's submitted text easy to find. */
export function uniqueMarker(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Where each role lands after signing in, and the heading that says the page is there. */
export const landing = {
  researcher: { path: '/dashboard', heading: 'Dashboard' },
  admin: { path: '/admin/dashboard', heading: 'Admin Dashboard' },
} as const;

/**
 * Opens Sign in, signs in and waits for the landing page: its address and its
 * heading. Going on before the sign-in has answered cancels it (a journey that
 * navigated at once landed on the sign-in page under load), so every journey
 * that starts signed in starts here.
 */
export async function signInAndLand(
  page: Page,
  email: string,
  role: 'researcher' | 'admin',
  password = demoPassword,
): Promise<void> {
  await page.goto('/login');
  await signIn(page, email, role, password);
  await expect(page).toHaveURL(landing[role].path);
  await expect(
    page.getByRole('heading', { level: 1, name: landing[role].heading, exact: true }),
  ).toBeVisible();
}

/** Fills in and sends the sign-in form (the page is on /login); `signInAndLand` also waits for the landing page. */
export async function signIn(
  page: Page,
  email: string,
  role: 'researcher' | 'admin',
  password = demoPassword,
): Promise<void> {
  await page
    .getByRole('button', { name: role === 'admin' ? 'Administrator' : 'Researcher / Professor' })
    .click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Waits until no toast is fading in or out: a half-transparent toast reads to
 * axe as text with too little contrast. A toast at rest is checked like the
 * rest of the page.
 */
export async function settleToasts(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => {
        const target = (a.effect as KeyframeEffect | null)?.target as Element | null;
        return a.playState !== 'running' || !target?.closest('[style*="z-index: 9999"]');
      }),
  );
}
