// Grants that ask no cost sharing or match: a question that says so lists
// only those, the panel shows it as a chip that can be removed, and the
// Filters menu sets it under the funding amount.
import { checkAtBothWidths } from './axe';
import type { Page } from '@playwright/test';
import { demoAccounts, expect, signInAndLand, test } from './fixtures';

const resultsPanel = (page: Page) => page.getByRole('region', { name: /grants? found$|listed below$|^Results$/ });
const foundIn = async (page: Page) =>
  Number((await resultsPanel(page).getByRole('heading', { level: 2 }).textContent())?.match(/^(\d+) grants? found$/)?.[1]);

test('"no cost share" in a question lists grants that ask none, as a chip that can be removed', async ({ page }) => {
  await signInAndLand(page, demoAccounts.researcher, 'researcher');
  await page.goto('/dashboard/search');
  await page.getByRole('textbox', { name: 'Describe the grants you are looking for' }).fill('water quality grants with no cost share');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const log = page.getByRole('log', { name: 'Conversation with the search assistant' });
  await expect(log.getByText(/I found \d+ open or forecasted grants? about “water”, “quality”, with no cost sharing required\./)).toBeVisible();
  await expect(page).toHaveURL(/noCostShare=true/);
  const panel = resultsPanel(page);
  const chip = panel.getByRole('button', { name: 'Remove No cost sharing' });
  await expect(chip).toBeVisible();
  const found = await foundIn(page);
  expect(found).toBeGreaterThan(0);
  await checkAtBothWidths(page, 'search-no-cost-share', { fromTop: true });
  // Removing the chip searches the same words whether or not cost sharing is required: more come back.
  await chip.click();
  await expect(page).not.toHaveURL(/noCostShare/);
  await expect(async () => expect(await foundIn(page)).toBeGreaterThan(found)).toPass();
});

test('the Filters menu sets "no cost sharing or match required"', async ({ page }) => {
  await signInAndLand(page, demoAccounts.researcher, 'researcher');
  await page.goto('/dashboard/search?q=water');
  const before = await (async () => {
    await expect(resultsPanel(page).getByRole('heading', { level: 2 })).toHaveText(/^\d+ grants? found$/);
    return foundIn(page);
  })();
  await page.getByRole('button', { name: /^Filters/ }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  await filters.getByRole('checkbox', { name: 'No cost sharing or match required' }).check();
  await checkAtBothWidths(page, 'search-filters-no-cost-share');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/noCostShare=true/);
  await expect(resultsPanel(page).getByRole('button', { name: 'Remove No cost sharing' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filters\s*1\s*active$/ })).toBeVisible();
  await expect(async () => {
    const now = await foundIn(page);
    expect(now).toBeGreaterThan(0);
    expect(now).toBeLessThan(before);
  }).toPass();
});
