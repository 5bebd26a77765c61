// Helpers of the researcher home's journeys (feed.spec.ts, home-views.spec.ts):
// signing in to the home, finding the feed and its posts, posting, and
// checking a page with axe (WCAG 2.0–2.2 A/AA) at desktop and phone widths
// while keeping screenshots to look at.
import fs from 'node:fs';
import { checkAtBothWidths } from './axe';
import type { Page } from '@playwright/test';
import { expect, signInAndLand, viewports } from './fixtures';

/** Where the screenshots go (not committed). */
export const shotsDir = '.scratch/shots';
fs.mkdirSync(shotsDir, { recursive: true });

export async function signInHome(page: Page, email: string) {
  await signInAndLand(page, email, 'researcher');
}

export const feedOf = (page: Page) => page.getByRole('region', { name: 'Activity feed' });
export const postWith = (page: Page, text: string) =>
  feedOf(page).getByRole('article').filter({ hasText: text });

/** Opens the composer, checks Post waits for text, posts, and sees the box cleared. */
export async function writePost(page: Page, text: string) {
  const feed = feedOf(page);
  const box = feed.getByRole('textbox', { name: 'Write a post' });
  await box.click();
  await expect(feed.getByRole('button', { name: 'Post', exact: true })).toBeDisabled();
  await box.fill(text);
  await feed.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(box).toHaveValue('');
}

/** axe at both widths, with a full-page screenshot of each. */
export const checkWithAxe = (page: Page, name: string) =>
  checkAtBothWidths(page, name, { file: (width) => `${shotsDir}/${name}-${viewports[width].width}.png` });

/** The feed panel at desktop and phone widths, to look at. */
export async function shootFeed(page: Page, name: string) {
  for (const size of [viewports.desktop, viewports.phone]) {
    await page.setViewportSize(size);
    await feedOf(page).screenshot({ path: `${shotsDir}/${name}-${size.width}.png` });
  }
  await page.setViewportSize(viewports.desktop);
}
