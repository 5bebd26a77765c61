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

/** An open NIH grant he has not applied to, whose count the page shows (found through the API, as the page asks for it). */
async function nihGrantToApplyTo(page: Page): Promise<{ id: string; used: number; year: number }> {
  const mine = (await (await page.request.get('/api/v1/applications')).json()) as { applications: { grantId: string }[] };
  const applied = new Set(mine.applications.map((a) => a.grantId));
  const search = await page.request.get('/api/v1/grants/search?agency=NIH&status=posted,forecasted&pageSize=50');
  expect(search.ok()).toBe(true);
  const { results } = (await search.json()) as { results: { grant: { id: string } }[] };
  for (const { grant: { id } } of results) {
    if (applied.has(id)) continue;
    const { grant } = (await (await page.request.get(`/api/v1/grants/${id}`)).json()) as {
      grant: { viewer: { sponsorCap: { sponsor: string; used: number; year: number } | null } };
    };
    if (grant.viewer.sponsorCap?.sponsor === 'NIH') return { id, ...grant.viewer.sponsorCap };
  }
  throw new Error('the demo catalogue has no open NIH grant he has not applied to');
}

test('beside Apply Now on an open NIH grant he has not applied to, the count for its year', async ({ page }) => {
  await signInAndLand(page, nearCap, 'researcher');
  const grant = await nihGrantToApplyTo(page);
  await page.goto(`/dashboard/grant/${grant.id}`);
  const apply = page.getByRole('button', { name: 'Apply Now' });
  await expect(apply).toBeVisible();
  const when = grant.year === new Date().getFullYear() ? 'this year' : `in ${grant.year}`;
  await expect(page.getByTestId('sponsor-cap')).toContainText(`${grant.used} of 6 NIH applications ${when}`);
  // The line sits with Apply Now, just under it, where the decision to apply is made.
  const button = (await apply.boundingBox())!;
  const line = (await page.getByTestId('sponsor-cap').boundingBox())!;
  expect(line.y).toBeGreaterThanOrEqual(button.y);
  expect(line.y - (button.y + button.height)).toBeLessThan(120);
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
