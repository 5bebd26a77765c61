// A first message to someone at another institution is a request: the sender
// sees it waiting, and nothing to answer, block or report; the recipient sees
// who it is from, can report it, and accepts; then the two chat as usual. axe
// on the request as the recipient sees it.
import { expectAccessible } from './axe';
import type { Page } from '@playwright/test';
import { expect, settleToasts, signIn, signInAndLand, test, uniqueMarker, viewports } from './fixtures';

const sender = { email: 'sofia.brennan@lakeshore.example.edu', name: 'Dr. Sofia Brennan' };
const recipient = { email: 'grace.osei@riverside.example.edu', name: 'Dr. Grace Osei' };

function messageBox(page: Page) {
  return page.getByRole('textbox', { name: 'Message', exact: true });
}

/** A message request's actions, which are its recipient's alone: against the person named. */
const requestActions = (name: string) => ['Accept', 'Decline', `Block ${name}`, 'Report'];

async function shoot(page: Page, name: string) {
  for (const [width, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(viewports.desktop);
}

test('a message request across institutions: waiting, reported, accepted, then a normal chat', async ({
  page,
  browser,
}) => {
  const marker = uniqueMarker('request');
  await signInAndLand(page, sender.email, 'researcher');
  await page.goto('/dashboard/message');

  await page.getByRole('button', { name: 'New Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Message' });
  await dialog.getByRole('combobox', { name: 'To' }).fill('Grace Osei');
  await dialog.getByRole('option', { name: new RegExp(recipient.name) }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(/Request sent\. Dr\. Grace Osei sees your messages once they accept/),
  ).toBeVisible();
  // The new conversation opens (its id in the URL) before anything is typed: text typed while the
  // composer is replaced would be lost.
  await expect(page).toHaveURL(/[?&]c=[0-9a-f-]{36}/);
  await expect(page.getByRole('log', { name: `Messages with ${recipient.name}` })).toBeVisible();
  await expect(async () => {
    await messageBox(page).fill(`Hello from Sofia ${marker}`);
    await expect(messageBox(page)).toHaveValue(`Hello from Sofia ${marker}`, { timeout: 500 });
  }).toPass();
  await messageBox(page).press('Enter');
  await expect(page.getByRole('log').getByText(`Hello from Sofia ${marker}`)).toBeVisible();
  // The sender is offered nothing against the person they just wrote to (issue 30).
  await expect(page.getByText(/Request sent\./)).toBeVisible();
  for (const name of requestActions(recipient.name)) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await shoot(page, 'message-request-sent');

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await other.goto('/login');
  await signIn(other, recipient.email, 'researcher');
  // Dr. Osei has not set up a profile yet (as in the demo data): sign-in leads to the setup step.
  await expect(other).toHaveURL('/dashboard/setup');
  await other.goto('/dashboard/message');
  await other.getByRole('link', { name: new RegExp(`${sender.name}.*Message request`) }).click();
  await expect(other.getByText(/Dr\. Sofia Brennan at .* wants to message you/)).toBeVisible();
  await expect(other.getByRole('log').getByText(`Hello from Sofia ${marker}`)).toBeVisible();
  for (const name of requestActions(sender.name)) {
    await expect(other.getByRole('button', { name, exact: true })).toBeVisible();
  }

  await settleToasts(other);
  await expectAccessible(other, 'a message request');

  // A report goes to the administrators; the request stays.
  await other.getByRole('button', { name: 'Report' }).click();
  await other
    .getByLabel('What is wrong with this conversation?')
    .fill(`Testing the report ${marker}`);
  await other.getByRole('button', { name: 'Send report' }).click();
  await expect(
    other.getByText('Thank you. Your report was sent to the administrators.'),
  ).toBeVisible();

  await other.getByRole('button', { name: 'Accept' }).click();
  await expect(other.getByRole('button', { name: 'Accept' })).toBeHidden();
  await messageBox(other).fill(`Welcome, Sofia ${marker}`);
  await messageBox(other).press('Enter');

  // The sender's side turns into a normal chat and gets the answer live.
  await expect(page.getByRole('log').getByText(`Welcome, Sofia ${marker}`)).toBeVisible();
  await expect(page.getByText(/Request sent\./)).toBeHidden();
  await otherContext.close();
});
