// axe finds no WCAG 2.0, 2.1 or 2.2 A/AA violation on any public page, the
// login steps or any signed-in page of either area, at desktop and phone widths.
import { expectAccessible } from './axe';
import { demoAccounts, expect, signInAndLand, test, type ViewportName, viewports } from './fixtures';

const pages = [
  { path: '/', heading: 'Connecting Researchers for Breakthrough Discoveries' },
  { path: '/about', heading: 'Transforming Research Funding' },
  { path: '/contact', heading: 'Contact Us' },
  { path: '/get-started', heading: 'Get Started' },
  { path: '/request-demo', heading: 'Request a Demo' },
  { path: '/no-account', heading: /account yet/ },
  { path: '/no-such-page', heading: 'Page not found' },
];

for (const name of Object.keys(viewports) as ViewportName[]) {
  test.describe(`axe at ${name} width`, () => {
    test.use({ viewport: viewports[name] });

    for (const { path, heading } of pages) {
      test(`${path} has no violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        if (path === '/') {
          // Scan the stats band with its live figures, after the count-up.
          const band = page.getByRole('region', { name: 'GrantBridge by the numbers' });
          await band.scrollIntoViewIfNeeded();
          await expect(band.locator('dd span[aria-hidden="true"]').nth(2)).toHaveText('2,336');
          await page.evaluate(() => window.scrollTo(0, 0));
        }
        await expectAccessible(page, `${path} at ${name} width`);
      });
    }

    test('/login has no violations at either step', async ({ page }) => {
      await page.goto('/login');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Sign in to GrantBridge' }),
      ).toBeVisible();
      await expectAccessible(page, `the role chooser at ${name} width`);

      await page.getByRole('button', { name: 'Researcher / Professor' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Sign in as Researcher / Professor' }),
      ).toBeVisible();
      await expectAccessible(page, `the researcher sign-in form at ${name} width`);

      // With the error message showing.
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('Password is required')).toBeVisible();
      await expectAccessible(page, `the sign-in form with field errors at ${name} width`);

      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('button', { name: 'Administrator' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Sign in as Administrator' }),
      ).toBeVisible();
      await expectAccessible(page, `the administrator sign-in form at ${name} width`);
    });

    test('lead form with errors and an open university list has no violations', async ({
      page,
    }) => {
      await page.goto('/request-demo');
      await page.getByRole('button', { name: 'Request Demo', exact: true }).click();
      await expect(page.getByText('First name is required')).toBeVisible();
      await page.getByRole('combobox', { name: 'University' }).fill('ucla');
      await expect(
        page.getByRole('option', { name: /University of California, Los Angeles/ }),
      ).toBeVisible();
      await expectAccessible(page, `/request-demo with errors at ${name} width`);
    });
  });
}

/** Every signed-in page of each area, with text that shows it has loaded. */
const signedInPages = {
  researcher: [
    { path: '/dashboard', ready: 'main' },
    { path: '/dashboard/search', ready: 'main' },
    { path: '/dashboard/message', ready: 'main' },
    { path: '/dashboard/grants', ready: 'main' },
    { path: '/dashboard/profile', ready: 'Edit Profile' },
    { path: '/dashboard/settings', ready: 'Change password' },
  ],
  admin: [
    { path: '/admin/dashboard', ready: 'main' },
    { path: '/admin/search', ready: 'main' },
    { path: '/admin/message', ready: 'main' },
    { path: '/admin/manage', ready: 'Add Researcher' },
    { path: '/admin/grants', ready: 'main' },
    { path: '/admin/review', ready: 'main' },
    { path: '/admin/settings', ready: 'Change password' },
  ],
} as const;

for (const name of Object.keys(viewports) as ViewportName[]) {
  for (const role of ['researcher', 'admin'] as const) {
    test(`signed-in ${role} pages have no violations at ${name} width`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewports[name]);
      await signInAndLand(page, demoAccounts[role], role);
      for (const { path, ready } of signedInPages[role]) {
        await page.goto(path);
        if (ready === 'main') await expect(page.getByRole('main')).toBeVisible();
        else await expect(page.getByText(ready).first()).toBeVisible();
        // Let lazy panels and first queries settle before scanning.
        await page.waitForLoadState('networkidle');
        await expectAccessible(page, `${path} at ${name} width`);
      }
    });
  }
}
