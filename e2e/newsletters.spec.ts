// Funding newsletters (issue 29 §5): the research office composes one from its
// saved search, a grant it finds and one "more like" it, previews the e-mail and how many it goes to, and sends it
// (the e-mail is written by the outbox, with the one-click unsubscribe
// headers); a researcher reads it in the app and opens a grant from it; the
// office sees the open counted. axe at desktop and phone widths on the
// composer and the reading view.
import { checkAtBothWidths } from './axe';
import { expect, signInAndLand, test, uniqueMarker, waitForOutboxEmail } from './fixtures';

test('the office sends a newsletter, a researcher opens a grant from it, the office sees the open', async ({ page, browser }) => {
  // Two browsers and ten axe checks: more than the default on a busy two-core machine.
  test.setTimeout(300_000);
  const title = uniqueMarker('Funding news ');
  await signInAndLand(page, 'admin@example.edu', 'admin');
  await page.getByRole('link', { name: 'Newsletters' }).first().click();
  await expect(page).toHaveURL(/\/admin\/newsletters$/);
  // The demo's newsletter, with the grants opened from it.
  await expect(page.getByRole('listitem').filter({ hasText: 'Funding opportunities this month' })).toContainText(/\d+ grant opens/);

  await page.getByRole('button', { name: 'New newsletter' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Introduction').fill('Three calls worth a look this month.');
  await page.getByLabel('Audience').selectOption('everyone');
  // The office's saved search (demo data), three grants from it.
  await page.getByRole('checkbox', { name: /Climate and environment/ }).check();
  await page.getByLabel('Grants from each search').selectOption('3');
  await page.getByLabel('Find grants to add').fill('research');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  const results = page.getByRole('list', { name: 'Search results' });
  const firstAdd = results.getByRole('button', { name: /^Add / }).first();
  const grantTitle = (await firstAdd.getAttribute('aria-label'))!.replace(/^Add /, '');
  await firstAdd.click();
  await expect(page.getByRole('list', { name: 'Picked grants' })).toContainText(grantTitle);
  // "More like this": a grant near the picked one, added beside it.
  await page.getByRole('button', { name: `More like this: ${grantTitle}` }).click();
  const similar = page.getByRole('list', { name: `Grants like ${grantTitle}` });
  await similar.getByRole('button', { name: /^Add / }).first().click();
  await expect(page.getByRole('list', { name: 'Picked grants' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Save draft and preview' }).click();
  await expect(page.getByText(/Goes to \d+ people/)).toBeVisible();
  await expect(page.frameLocator('iframe[title="E-mail preview"]').getByText(grantTitle)).toBeVisible();
  await checkAtBothWidths(page, 'newsletter-composer');

  await page.getByRole('button', { name: 'Send now' }).click();
  await page.getByRole('button', { name: /^Send to \d+ people$/ }).click();
  const row = page.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('0 grant opens');
  // The e-mail, written by the outbox: both parts and the one-click unsubscribe.
  const eml = await waitForOutboxEmail(title);
  expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  expect(eml).toMatch(/text\/plain/);
  expect(eml).toMatch(/text\/html/);
  const token = /newsletters\/unsubscribe\/([\w-]+)/.exec(eml)![1]!;

  const researcherContext = await browser.newContext();
  const reader = await researcherContext.newPage();
  await signInAndLand(reader, 'researcher@example.edu', 'researcher');
  await reader.getByRole('link', { name: 'Newsletters' }).first().click();
  await expect(reader.getByRole('link', { name: 'Funding opportunities this month' })).toBeVisible();
  await checkAtBothWidths(reader, 'newsletters-researcher-list');
  await reader.getByRole('link', { name: title }).click();
  await expect(reader.getByRole('heading', { name: title })).toBeVisible();
  await checkAtBothWidths(reader, 'newsletter-reading');
  await reader.getByRole('link', { name: grantTitle }).click();
  await expect(reader).toHaveURL(/\/dashboard\/grant\/[0-9a-f-]{36}$/);
  // The e-mail's unsubscribe link, opened in a browser: the page unsubscribes and offers the way back.
  await reader.goto(`/api/v1/newsletters/unsubscribe/${token}`);
  await expect(reader.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await checkAtBothWidths(reader, 'newsletter-unsubscribe');
  await reader.getByRole('button', { name: 'Subscribe again' }).click();
  await expect(reader.getByRole('heading', { name: 'Newsletters are back on' })).toBeVisible();
  await researcherContext.close();

  await expect
    .poll(async () => {
      await page.reload();
      return page.getByRole('listitem').filter({ hasText: title }).textContent();
    })
    .toContain('1 grant open');
  await page.getByRole('button', { name: `Show counts for ${title}` }).click();
  await expect(page.getByRole('table', { name: 'Opens per grant' }).getByRole('row').filter({ hasText: grantTitle })).toContainText('1');
  await checkAtBothWidths(page, 'newsletters-office');
});
