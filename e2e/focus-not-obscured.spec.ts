// WCAG 2.4.11 (focus not obscured) at phone width, where the signed-in
// area's navigation is a bar fixed to the bottom of the screen: tabbing
// through a long page, no focused control may end up under that bar (the
// page's scroll padding keeps what focus scrolls into view above it). The
// researcher's home (the feed, long) and the office's dashboard.
import type { Page } from '@playwright/test';
import { demoAccounts, expect, signInAndLand, test, viewports } from './fixtures';

/** For each of `presses` Tab presses, the focused control's bottom against the fixed bar's top, when it is under it. */
async function obscuredWhileTabbing(page: Page, presses: number) {
  const obscured: string[] = [];
  let reached = 0;
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    const seen = await page.evaluate(async () => {
      // Chromium scrolls a newly focused control into view smoothly: wait until the page has not moved for five frames.
      let still = 0;
      let last = scrollY;
      for (let f = 0; f < 120 && still < 5; f++) {
        await new Promise(requestAnimationFrame);
        still = scrollY === last ? still + 1 : 0;
        last = scrollY;
      }
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const bar = Array.from(document.querySelectorAll('nav[aria-label="Main"]')).find(
        (n) => getComputedStyle(n).position === 'fixed',
      );
      if (!bar || bar.contains(el)) return null;
      const rect = el.getBoundingClientRect();
      const label = (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName)
        .trim()
        .slice(0, 40);
      return { label, bottom: rect.bottom, barTop: bar.getBoundingClientRect().top };
    });
    if (!seen) continue;
    reached += 1;
    if (seen.bottom > seen.barTop + 0.5)
      obscured.push(`${seen.label} (bottom ${seen.bottom} > bar ${seen.barTop})`);
  }
  return { reached, obscured };
}

// With the smooth scrolling people get by default: with reduced motion Chromium
// scrolls a focused control further into view, and the fault does not show.
test.use({ viewport: viewports.phone });

test('no control the researcher tabs to on her home hides under the bottom bar', async ({
  page,
}) => {
  await signInAndLand(page, demoAccounts.researcher, 'researcher');
  await expect(page.getByRole('button', { name: /^Like/ }).first()).toBeVisible();
  const { reached, obscured } = await obscuredWhileTabbing(page, 40);
  expect(reached).toBeGreaterThan(25);
  expect(obscured).toEqual([]);
});

test('no control the office tabs to on its dashboard hides under the bottom bar', async ({
  page,
}) => {
  await signInAndLand(page, demoAccounts.admin, 'admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const { reached, obscured } = await obscuredWhileTabbing(page, 40);
  expect(reached).toBeGreaterThan(25);
  expect(obscured).toEqual([]);
});
