// NIH's cap of six applications a year (issue 29 §2): the demo researcher
// near it (Isaac Holloway, five NIH applications counted this year) sees
// "5 of 6 NIH applications this year" and the warning for the sixth at Apply
// Now on an NIH grant's page; the research office finds him on Manage
// Researchers under "Near the NIH application limit" and sees the same count on
// his page. axe at desktop and phone widths.
import type { Page } from '@playwright/test';
import { checkAtBothWidths } from './axe';
import { expect, signInAndLand, test } from './fixtures';

const nearCap = 'isaac.holloway@example.edu';

/** One of his NIH grants whose count is for this year (found through the API, as the page asks for it). */
async function nihGrantOf(page: Page): Promise<string> {
  const list = await page.request.get('/api/v1/applications');
  expect(list.ok()).toBe(true);
  const { applications } = (await list.json()) as { applications: { grantId: string }[] };
  for (const { grantId } of applications) {
    const detail = await page.request.get(`/api/v1/grants/${grantId}`);
    const { grant } = (await detail.json()) as { grant: { viewer: { sponsorCap: { sponsor: string; year: number } | null } } };
    if (grant.viewer.sponsorCap?.sponsor === 'NIH' && grant.viewer.sponsorCap.year === new Date().getFullYear()) return grantId;
  }
  throw new Error('the demo researcher near the cap has no NIH application this year');
}

test('the researcher near the cap sees the count and the warning for the sixth on an NIH grant', async ({ page }) => {
  await signInAndLand(page, nearCap, 'researcher');
  const grantId = await nihGrantOf(page);
  await page.goto(`/dashboard/grant/${grantId}`);
  const line = page.getByTestId('sponsor-cap');
  await expect(line).toContainText('5 of 6 NIH applications this year');
  await expect(line).toContainText('This would be your sixth');
  const notice = line.getByRole('link', { name: /NOT-OD-25-132/ });
  await expect(notice).toHaveAttribute('href', 'https://grants.nih.gov/grants/guide/notice-files/NOT-OD-25-132.html');
  await checkAtBothWidths(page, 'sponsor-cap-grant');
});

test('the office lists him near the NIH limit and shows the count on his page', async ({ page }) => {
  await signInAndLand(page, 'admin@example.edu', 'admin');
  await page.goto('/admin/manage');
  const panel = page.getByRole('region', { name: 'Near the NIH application limit' });
  const link = panel.getByRole('link', { name: /Isaac Holloway/ });
  await expect(link).toBeVisible();
  await expect(panel.getByRole('listitem').filter({ hasText: 'Isaac Holloway' })).toContainText('5 of 6 NIH applications');
  await checkAtBothWidths(page, 'sponsor-cap-office');
  await link.click();
  await expect(page).toHaveURL(/\/admin\/researcher\/[0-9a-f-]{36}$/);
  const line = page.getByTestId('sponsor-cap');
  await expect(line).toContainText('5 of 6 NIH applications this year');
  await expect(line).toContainText('Their next would be their sixth');
  await checkAtBothWidths(page, 'sponsor-cap-researcher');
});
