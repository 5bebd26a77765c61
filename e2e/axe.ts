// The one axe check of the browser journeys: WCAG 2.0, 2.1 and 2.2 at levels
// A and AA, with each violation's rule, help and the elements it names, so a
// failure says what to fix. Every journey calls this; none keeps its own setup.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { settleToasts, viewports, type ViewportName } from './fixtures';

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Fails with every violation axe finds on the page (or inside `include`, a CSS selector). */
export async function expectAccessible(
  page: Page,
  label: string,
  options: { include?: string } = {},
): Promise<void> {
  // A toast fading in or out is half transparent, which axe reads as too little contrast.
  await settleToasts(page);
  // Legacy mode runs axe.run() in the page instead of a partial run per frame
  // finished in a blank page the builder opens: that page and a second
  // injection of axe cost over a second a check on a busy machine. It reaches
  // frames of the page's origin but not a srcdoc frame (the newsletter's
  // e-mail preview), so a page with one gets the full run.
  const srcdocFrames = await page.locator('iframe[srcdoc]').count();
  let builder = new AxeBuilder({ page })
    .withTags(wcagTags)
    .setLegacyMode(srcdocFrames === 0);
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n'),
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/**
 * axe and a screenshot at desktop and phone widths, for a person to look at
 * (test-results/screens/<name>-<width>.png unless `file` says otherwise):
 * the pointer moved off and toasts gone first, then back at desktop width.
 */
export async function checkAtBothWidths(
  page: Page,
  name: string,
  options: { fullPage?: boolean; fromTop?: boolean; file?: (width: ViewportName) => string } = {},
): Promise<void> {
  const { fullPage = true, fromTop = false, file = (width) => `test-results/screens/${name}-${width}.png` } = options;
  await page.mouse.move(1, 1);
  await expect(page.locator('div[style*="z-index: 9999"] [role="status"]')).toHaveCount(0, {
    timeout: 15_000,
  });
  for (const width of Object.keys(viewports) as ViewportName[]) {
    await page.setViewportSize(viewports[width]);
    // From the top, so a sticky header and the phone's bottom bar sit where they belong in the picture.
    if (fromTop) await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page, `${name} (${width})`);
    await page.screenshot({ path: file(width), fullPage });
  }
  await page.setViewportSize(viewports.desktop);
}
