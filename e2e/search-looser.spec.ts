// A search in the URL that finds nothing as asked: the results panel shows its
// first looser reading and says what it relaxed (issue 25, item 7), as the
// assistant's reply does, instead of an empty list; and under an amount, the
// grants that state none are listed apart rather than left out.
import { checkAtBothWidths } from './axe';
import type { Page } from '@playwright/test';
import { demoAccounts, expect, signInAndLand, test } from './fixtures';

const resultsPanel = (page: Page) => page.getByRole('region', { name: /grants? found$|listed below$|^Results$/ });

test('a shared search link that finds nothing as asked shows the looser reading, said above the results', async ({ page }) => {
  await signInAndLand(page, demoAccounts.researcher, 'researcher');
  // No open NOAA grant says "basic", a word a sixth of the catalogue says: the agency named outweighs it.
  await page.goto('/dashboard/search?q=NOAA%20basic%20research');
  const panel = resultsPanel(page);
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(/^[1-9]\d* grants? found$/);
  await expect(panel.getByTestId('search-relaxed')).toHaveText(
    /^No open or forecasted grants from NOAA that say “basic”; here (is|are) \d+ without that word\.$/,
  );
  const cards = panel.getByRole('article');
  expect(await cards.count()).toBeGreaterThan(0);
  // NOAA's grants in the shipped catalogue (its agency shown as the Department of Commerce).
  for (let i = 0; i < (await cards.count()); i += 1) {
    await expect(cards.nth(i).getByRole('definition').first()).toHaveText('Department of Commerce');
    await expect(cards.nth(i).getByRole('heading', { level: 3 })).toHaveText(/NOAA|Climate Program Office/);
  }
  await expect(panel.getByText('No grants match this search.')).toHaveCount(0);
  await checkAtBothWidths(page, 'search-looser-reading', { fromTop: true });
});

test('under an amount, a short page lists the grants that state no amount after the others, under their own heading', async ({ page }) => {
  await signInAndLand(page, demoAccounts.researcher, 'researcher');
  // DOE's solar grants over $1M: the SunShot prize states no amount, so it is listed apart, not left out.
  await page.goto('/dashboard/search?q=solar&agency=DOE&amountMin=1000000');
  const panel = resultsPanel(page);
  const unstated = panel.getByRole('region', { name: 'Amount not stated' });
  await expect(unstated).toBeVisible();
  // None states an amount that fits: the heading says so rather than "0 grants found" above a list.
  const listed = await unstated.getByRole('article').count();
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(`0 grants match exactly · ${listed} listed below`);
  await expect(unstated.getByText(/^No grant states an amount that fits, so these, .* publish no award amount/)).toBeVisible();
  const cards = unstated.getByRole('article');
  await expect(cards.filter({ hasText: 'SUNSHOT CATALYST PRIZE' })).toHaveCount(1);
  for (let i = 0; i < (await cards.count()); i += 1) {
    await expect(cards.nth(i)).toContainText('Amount not stated');
    await expect(cards.nth(i)).toContainText('States no award amount');
  }
  await expect(panel.getByText('No grants match this search.')).toHaveCount(0);
  await checkAtBothWidths(page, 'search-amount-not-stated', { fromTop: true });
});

test('a question nothing open answers, even loosely, shows the closed rounds that fit, said so, their chips in words', async ({ page }) => {
  await signInAndLand(page, demoAccounts.researcher, 'researcher');
  await page.goto('/dashboard/search');
  // No open grant in the shipped catalogue says "broadband"; NTIA's tribal programme closed this year.
  await page.getByRole('textbox', { name: 'Describe the grants you are looking for' }).fill('broadband for tribes');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const log = page.getByRole('log', { name: 'Conversation with the search assistant' });
  await expect(log.getByText(/No open or forecasted grants about “broadband”, open to tribes; here (is|are) \d+ from earlier rounds, now closed \(to plan for the next\)\./)).toBeVisible();
  const panel = resultsPanel(page);
  const first = panel.getByRole('article').first();
  await expect(first.getByRole('heading', { level: 3 })).toHaveText('Tribal Broadband Connectivity Program');
  await expect(first).toContainText('Closed');
  // The chips say who may apply in words, not the search's marker ("@tribes").
  await expect(panel.getByRole('button', { name: 'Remove “broadband”, open to tribal governments' })).toBeVisible();
  await expect(panel.getByText('Status: Closed, Archived')).toBeVisible();
  await checkAtBothWidths(page, 'search-closed-rounds', { fromTop: true });
});
