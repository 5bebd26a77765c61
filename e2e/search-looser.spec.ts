// A search in the URL that finds nothing as asked: the results panel shows its
// first looser reading and says what it relaxed (issue 25, item 7), as the
// assistant's reply does, instead of an empty list.
import { checkAtBothWidths } from './axe';
import type { Page } from '@playwright/test';
import { demoAccounts, expect, signInAndLand, test } from './fixtures';

const resultsPanel = (page: Page) => page.getByRole('region', { name: /grants? found$|^Results$/ });

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
