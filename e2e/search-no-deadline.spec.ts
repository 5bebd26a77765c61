// Grants with no closing date ("rolling deadlines", "no deadline"): a question
// that says so lists only those, the panel shows it as a chip that can be
// removed, and the Filters menu sets it in place of closing dates.
import { checkAtBothWidths } from './axe';
import type { Page } from '@playwright/test';
import { demoAccounts, expect, signInAndLand, test } from './fixtures';

const resultsPanel = (page: Page) => page.getByRole('region', { name: /grants? found$|listed below$|^Results$/ });

test('"rolling deadlines" in a question lists grants with no due date, as a chip that can be removed', async ({ page }) => {
  await signInAndLand(page, demoAccounts.researcher, 'researcher');
  await page.goto('/dashboard/search');
  await page.getByRole('textbox', { name: 'Describe the grants you are looking for' }).fill('education grants with rolling deadlines');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const log = page.getByRole('log', { name: 'Conversation with the search assistant' });
  await expect(log.getByText(/I found \d+ open grants? about “education”, with no fixed deadline\./)).toBeVisible();
  await expect(page).toHaveURL(/noDeadline=true/);
  const panel = resultsPanel(page);
  const cards = panel.getByRole('article');
  expect(await cards.count()).toBeGreaterThan(0);
  for (let i = 0; i < (await cards.count()); i += 1) {
    await expect(cards.nth(i)).toContainText('No due date');
    await expect(cards.nth(i)).toContainText('No fixed deadline');
  }
  const chip = panel.getByRole('button', { name: 'Remove No fixed deadline' });
  await expect(chip).toBeVisible();
  const heading = panel.getByRole('heading', { level: 2 });
  const found = Number((await heading.textContent())?.match(/^(\d+) grants? found$/)?.[1]);
  expect(found).toBeGreaterThan(0);
  await checkAtBothWidths(page, 'search-no-deadline', { fromTop: true });
  // Removing the chip searches the same words with any deadline: the forecasts and dated grants come back.
  await chip.click();
  await expect(page).not.toHaveURL(/noDeadline/);
  await expect(async () => {
    const now = Number((await heading.textContent())?.match(/^(\d+) grants? found$/)?.[1]);
    expect(now).toBeGreaterThan(found);
  }).toPass();
});

test('the Filters menu sets "no fixed deadline" in place of closing dates', async ({ page }) => {
  await signInAndLand(page, demoAccounts.researcher, 'researcher');
  await page.goto('/dashboard/search?q=water&dueTo=2030-12-31');
  await page.getByRole('button', { name: /^Filters\s*1\s*active$/ }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  const end = filters.getByLabel('End date');
  await expect(end).toHaveValue('2030-12-31');
  await filters.getByRole('checkbox', { name: /^No fixed deadline/ }).check();
  // The dates give way: they are cleared and cannot be set alongside it.
  await expect(end).toBeDisabled();
  await expect(end).toHaveValue('');
  await checkAtBothWidths(page, 'search-filters-no-deadline');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/noDeadline=true/);
  await expect(page).not.toHaveURL(/dueTo=/);
  const panel = resultsPanel(page);
  await expect(panel.getByRole('button', { name: 'Remove No fixed deadline' })).toBeVisible();
  const cards = panel.getByRole('article');
  expect(await cards.count()).toBeGreaterThan(0);
  for (let i = 0; i < (await cards.count()); i += 1) await expect(cards.nth(i)).toContainText('No due date');
});
