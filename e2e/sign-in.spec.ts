// Signing in and out: the role chooser, the form's messages for each kind of
// refusal, where each role lands, remember me, and the route guards.
import type { Page } from '@playwright/test';
import { demoAccounts, demoPassword, expect, failedResource, signIn, test } from './fixtures';

async function chooseRole(page: Page, role: 'Researcher / Professor' | 'Administrator') {
  await page.getByRole('button', { name: role }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Sign in as ${role}` })).toBeVisible();
}

test('role chooser leads to each form; the password can be shown and hidden', async ({ page }) => {
  const logins: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/auth/login')) logins.push(r.url());
  });
  await page.goto('/login');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in to GrantBridge' }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/Sign in/);

  await chooseRole(page, 'Researcher / Professor');
  await expect(page.getByRole('link', { name: 'Get started' })).toHaveAttribute(
    'href',
    '/get-started',
  );

  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret words');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  // Required fields are checked before anything is sent.
  await password.fill('');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
  expect(logins).toHaveLength(0);

  await page.getByRole('button', { name: 'Back' }).click();
  await chooseRole(page, 'Administrator');
  await expect(page.getByRole('link', { name: 'Get started' })).toHaveCount(0);
});

test('a wrong password says so, after showing Signing in...', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(failedResource(401));
  await page.goto('/login');
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/auth/login', async (route) => {
    await gate;
    await route.continue();
  });
  await signIn(page, demoAccounts.researcher, 'researcher', 'not-the-password');
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  release();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
});

test('an e-mail at a university that is not onboarded goes to /no-account', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(failedResource(403));
  await page.goto('/login');
  await signIn(page, 'anyone@mit.edu', 'researcher', 'whatever-it-is');
  await expect(page).toHaveURL('/no-account');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('account yet');
});

test('the wrong role names the right one, and switching to it signs in', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(failedResource(403));
  await page.goto('/login');
  await signIn(page, demoAccounts.researcher, 'admin');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    'This is a researcher account. Choose Researcher / Professor to sign in.',
  );
  await alert.getByRole('button', { name: 'Choose Researcher / Professor' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in as Researcher / Professor' }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  // What was typed is kept.
  await expect(page.getByLabel('Email')).toHaveValue(demoAccounts.researcher);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/dashboard');
});

test('an administrator lands on the admin dashboard', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demoAccounts.admin, 'admin');
  await expect(page.getByText('Successfully logged in!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  for (const item of ['Dashboard', 'Search', 'Messages', 'Manage', 'Grants']) {
    await expect(sidebar.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await sidebar.getByRole('link', { name: 'Manage', exact: true }).click();
  await expect(page).toHaveURL('/admin/manage');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Researchers' })).toBeVisible();
});

test('researcher journey: guarded page, sign-in back to it, admin pages refused, remember me, sign out', async ({
  page,
}) => {
  // Signed out, a guarded page sends to the login page, remembering where to return.
  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Fsettings$/);
  await chooseRole(page, 'Researcher / Professor');
  await page.getByLabel('Email').fill(demoAccounts.researcher);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Successfully logged in!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL('/dashboard/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(demoAccounts.researcher);

  expect(
    await page.evaluate(() => ({
      email: localStorage.getItem('rememberedEmail'),
      flag: localStorage.getItem('rememberMe'),
    })),
  ).toEqual({ email: demoAccounts.researcher, flag: 'true' });

  const sidebar = page.getByRole('navigation', { name: 'Main' });
  for (const item of ['Dashboard', 'Search', 'Grants', 'Profile', 'Settings']) {
    await expect(sidebar.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  // Messages carries the unread count of the demo conversations.
  await expect(sidebar.getByRole('link', { name: /^Messages( \d+ unread)?$/ })).toBeVisible();

  // A researcher cannot open the admin area.
  await page.goto('/admin/manage');
  await expect(page).toHaveURL('/dashboard');

  // Signed in, the login page sends to the area.
  await page.goto('/login');
  await expect(page).toHaveURL('/dashboard');

  // Sign out from the user menu.
  await page.getByRole('button', { name: /: account menu$/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in to GrantBridge' }),
  ).toBeVisible();

  // The guarded page is closed again.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);

  // Remember me fills in the e-mail and keeps the box ticked.
  await chooseRole(page, 'Researcher / Professor');
  await expect(page.getByLabel('Email')).toHaveValue(demoAccounts.researcher);
  await expect(page.getByLabel('Remember me')).toBeChecked();
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
});

test('after 10 wrong passwords the right one is refused too', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(failedResource(401));
  allowConsoleError(failedResource(429));
  await page.goto('/login');
  await chooseRole(page, 'Researcher / Professor');
  await page.getByLabel('Email').fill(demoAccounts.lockedOut);
  const password = page.getByLabel('Password', { exact: true });
  const submit = page.getByRole('button', { name: 'Sign in' });
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    await password.fill(`wrong-password-${attempt}`);
    const answer = page.waitForResponse('**/api/v1/auth/login');
    await submit.click();
    expect((await answer).status()).toBe(401);
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  }
  await password.fill(demoPassword);
  const answer = page.waitForResponse('**/api/v1/auth/login');
  await submit.click();
  expect((await answer).status()).toBe(429);
  await expect(page.getByRole('alert')).toHaveText(
    'Too many failed sign-in attempts. Try again in 15 minutes.',
  );
  await expect(page).toHaveURL('/login');
});
