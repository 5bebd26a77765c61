// Current and Pending (Other) Support (issue 29 §3): the demo researcher's
// profile lists her current and pending support from the pipeline with what
// is missing (a year of person-months the seed left out); she follows the
// link to the application's team, enters the person-months, and the card no
// longer lists it; she downloads the document as DOCX and PDF. axe at
// desktop and phone widths on the card and on the application's team.
import fs from 'node:fs';
import type { Download, Locator, Page } from '@playwright/test';
import { checkAtBothWidths, expectAccessible } from './axe';
import { demoAccounts, expect, signInAndLand, test } from './fixtures';

/** Clicks a link that downloads; returns the file's suggested name and its size in bytes. */
async function download(page: Page, link: Locator): Promise<{ name: string; size: number }> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const saved = await (file as Download).path();
  return { name: file.suggestedFilename(), size: fs.statSync(saved).size };
}

test('a researcher completes her Current and Pending Support and downloads it as DOCX and PDF', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAndLand(page, demoAccounts.researcher, 'researcher');
  const me = (await (await page.request.get('/api/v1/auth/me')).json()).user.name as string;

  await page.goto('/dashboard/profile');
  const card = page.getByRole('region', { name: 'Current and Pending Support' });
  await expect(card.getByRole('heading', { name: 'Current (1)' })).toBeVisible();
  await expect(card.getByRole('heading', { name: /^Pending \(\d+\)$/ })).toBeVisible();
  const missing = card.getByRole('link', { name: /^person-months for \d{4}/ });
  await expect(missing).toHaveCount(1);
  const year = /\d{4}/.exec((await missing.innerText()) ?? '')![0];
  await expect(card.getByRole('status')).toContainText(/missing\. You can download now/);
  await card.scrollIntoViewIfNeeded();
  await checkAtBothWidths(page, 'current-pending-profile');

  // The link goes to the application's team, where she enters her own row.
  await missing.click();
  await expect(page).toHaveURL(/\/dashboard\/applications\/[0-9a-f-]{36}#effort$/);
  await expect(page.getByRole('region', { name: 'Award details' })).toContainText('Overlap');
  const team = page.getByRole('region', { name: 'Team' });
  await team.getByRole('button', { name: `Edit role and person-months of ${me}` }).click();
  const dialog = page.getByRole('dialog', { name: `Role and person-months: ${me}` });
  await expect(dialog.getByLabel('Role')).toHaveValue('senior_key');
  await expectAccessible(page, 'the role and person-months dialog');
  await page.screenshot({ path: 'test-results/screens/current-pending-effort-dialog-desktop.png' });
  await dialog.getByLabel(`Person-months in ${year}`).fill('13');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter 0 to 12 person-months')).toBeVisible();
  await dialog.getByLabel(`Person-months in ${year}`).fill('0.5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(team).toContainText(`${year}: 0.50`);
  await checkAtBothWidths(page, 'current-pending-application');

  // Back on the profile, that value is no longer missing; the files download either way.
  await page.goto('/dashboard/profile');
  await expect(card.getByRole('heading', { name: 'Current (1)' })).toBeVisible();
  await expect(card.getByRole('link', { name: new RegExp(`^person-months for ${year}`) })).toHaveCount(0);
  const docx = await download(page, card.getByRole('link', { name: 'Download DOCX' }));
  expect(docx.name).toMatch(/^current-and-pending-support-\d{4}-\d{2}-\d{2}\.docx$/);
  expect(docx.size).toBeGreaterThan(1000);
  const pdf = await download(page, card.getByRole('link', { name: 'Download PDF' }));
  expect(pdf.name).toMatch(/^current-and-pending-support-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(pdf.size).toBeGreaterThan(1000);
});
