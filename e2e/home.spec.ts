// The researcher home as a researcher meets it after signing in: suggested
// grants one at a time (buttons and arrow keys, wrapping around), bookmark
// and share on a card, Details to the grant, and researchers to meet with a
// Message action. axe (WCAG 2.0–2.2 A/AA) at desktop and phone widths.
import { checkAtBothWidths } from './axe';
import type { Page } from '@playwright/test';
import { expect, signInAndLand, test } from './fixtures';

const shoot = (page: Page, name: string) => checkAtBothWidths(page, name);

// Lucas is used by no other journey (his application waits in the office's queue).
const lucas = 'lucas.halvorsen@example.edu';

test('suggested grants turn like a carousel, bookmark, and open; researchers to meet can be messaged', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAndLand(page, lucas, 'researcher');
  const carousel = page.getByRole('region', { name: 'Suggested grants' });
  await expect(carousel.getByText(/^1 of [2-4]$/)).toBeVisible();
  const total = Number((await carousel.getByText(/^1 of \d$/).innerText()).split(' of ')[1]);
  const firstTitle = await carousel.getByRole('heading', { level: 3 }).innerText();
  await expect(carousel).toContainText('% match');
  await expect(carousel).toContainText('Matches your research areas');
  await shoot(page, 'home');

  await carousel.getByRole('button', { name: 'Next grant' }).click();
  await expect(carousel.getByText(`2 of ${total}`)).toBeVisible();
  await expect(carousel.getByRole('heading', { level: 3 })).not.toHaveText(firstTitle);
  // Back with the keyboard, then around the end to the last.
  await carousel.getByLabel(/^Grant 2 of/).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(carousel.getByText(`1 of ${total}`)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(carousel.getByText(`${total} of ${total}`)).toBeVisible();
  await carousel.getByRole('button', { name: 'Next grant' }).click();
  await expect(carousel.getByRole('heading', { level: 3 })).toHaveText(firstTitle);

  await carousel.getByRole('button', { name: 'Bookmark' }).click();
  await expect(page.getByText('Grant bookmarked successfully!')).toBeVisible();
  await expect(carousel.getByRole('button', { name: 'Bookmarked' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await carousel.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    /\/dashboard\/grant\/[0-9a-f-]{36}$/,
  );

  const people = page.getByRole('region', { name: 'Recommended Researchers' });
  await expect(people.getByRole('listitem').first()).toBeVisible();
  await expect(people.getByRole('button', { name: /^Message / }).first()).toBeVisible();
  // Each is at another institution than the reader's and says why (issue 30, item 1).
  const cards = people.getByRole('listitem');
  const shownPeople = await cards.count();
  expect(shownPeople).toBeGreaterThan(0);
  for (let i = 0; i < shownPeople; i++) {
    await expect(cards.nth(i)).not.toContainText('Example State University');
    await expect(cards.nth(i)).toContainText(/Both work on:|Adds, often funded with yours:|You have published together/);
  }

  await carousel.getByRole('link', { name: /^Details/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/grant\//);
  await expect(page.getByRole('heading', { name: firstTitle })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bookmarked' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
