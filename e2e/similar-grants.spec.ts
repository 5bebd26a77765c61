// "More like this" (issue 29 §5, decision 064): a researcher opens an open
// grant, sees its nearest open grants with agency, close date and why, and
// follows one to its grant page, which lists its own. The section loads after
// the grant without moving anything (layout shift measured in the page). axe
// at desktop and phone widths. The office's grant page lists them too, linking
// to its own grant pages; an empty answer says "No similar open grants".
import type { Page } from '@playwright/test';
import { checkAtBothWidths } from './axe';
import { demoAccounts, expect, signInAndLand, test } from './fixtures';

const screens = (name: string) => (width: string) => `/tmp/pw-sim/screens/${name}-${width}.png`;

/** An open ocean-science grant of the shipped catalogue (found through search, as a researcher would). */
async function oceanGrant(page: Page): Promise<string> {
  const res = await page.request.get('/api/v1/grants/search?q=ocean%20acidification&pageSize=5');
  expect(res.ok()).toBe(true);
  const { results } = (await res.json()) as { results: { grant: { id: string } }[] };
  expect(results.length).toBeGreaterThan(0);
  return results[0]!.grant.id;
}

test('a researcher sees More like this on a grant and follows one to its page', async ({
  page,
}) => {
  // Layout shifts not caused by the person, summed over the page's life (CLS without session windows: stricter).
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
      }[])
        if (!entry.hadRecentInput) w.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await signInAndLand(page, demoAccounts.researcher, 'researcher');
  const grantId = await oceanGrant(page);
  await page.goto(`/dashboard/grant/${grantId}`);
  const title = await page.locator('#grant-title').textContent();
  const panel = page.getByRole('region', { name: 'More like this' });
  const links = panel.getByRole('link');
  await expect(links.first()).toBeVisible();
  await expect(links).toHaveCount(5);
  const first = panel.getByRole('listitem').first();
  await expect(first).toContainText(/Closes|No close date/);
  await expect(first).toContainText(/Same programme: \d|Shared: |Similar description/);
  expect(
    await page.evaluate(() => (window as unknown as { __shift: number }).__shift),
  ).toBeLessThan(0.01);
  await checkAtBothWidths(page, 'similar-grants', { file: screens('similar-grants') });

  const next = await links.first().textContent();
  expect(next).not.toBe(title);
  await links.first().click();
  await expect(page).toHaveURL(/\/dashboard\/grant\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toContain(grantId);
  await expect(page.locator('#grant-title')).toHaveText(next!);
  await expect(
    page.getByRole('region', { name: 'More like this' }).getByRole('link').first(),
  ).toBeVisible();
  await checkAtBothWidths(page, 'similar-grants-next', { file: screens('similar-grants-next') });
});

test('a grant with no similar open grant says so', async ({ page }) => {
  // A catalogue where nothing else is open: the server's answer, made empty in the browser.
  await page.route(/\/api\/v1\/grants\/[^/]+\/similar\b/, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ similar: [] }),
    }),
  );
  await signInAndLand(page, demoAccounts.researcher, 'researcher');
  await page.goto(`/dashboard/grant/${await oceanGrant(page)}`);
  const panel = page.getByRole('region', { name: 'More like this' });
  await expect(panel).toContainText('No similar open grants.');
  await expect(panel.getByRole('link')).toHaveCount(0);
});

test('the research office sees it too, and its links stay on the office’s grant pages', async ({
  page,
}) => {
  await signInAndLand(page, demoAccounts.admin, 'admin');
  await page.goto(`/admin/grant/${await oceanGrant(page)}`);
  const link = page.getByRole('region', { name: 'More like this' }).getByRole('link').first();
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/admin\/grant\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'More like this' })).toBeVisible();
});
