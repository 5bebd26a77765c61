// Adding someone from another institution to a group is an invitation: the
// invitee sees who asked and who is in it, nothing that was said, and no
// composer; the owner's Members dialog lists them as invited. After Accept
// they read only what is sent from then on, until the group's creator lets
// people who join see the earlier messages. axe on the invitation as the
// invitee sees it.
import { expectAccessible } from './axe';
import type { Page } from '@playwright/test';
import { demoAccounts, expect, settleToasts, signIn, signInAndLand, test, uniqueMarker } from './fixtures';

// Brennan and Osei are at different institutions; Quintero is Brennan's
// colleague (Lakeshore), so she joins at once (a group needs two others).
const owner = { email: 'sofia.brennan@lakeshore.example.edu', name: 'Dr. Sofia Brennan' };
const colleague = { email: 'zara.quintero@lakeshore.example.edu', name: 'Dr. Zara Quintero' };
const invitee = { email: 'grace.osei@riverside.example.edu', name: 'Dr. Grace Osei' };

for (const person of [owner, colleague, invitee]) {
  if (Object.values(demoAccounts).includes(person.email as never)) {
    throw new Error(`${person.email} belongs to another journey`);
  }
}

type Person = { email: string; name: string };

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });

async function send(page: Page, text: string) {
  // Retyped until it sticks: text typed while the composer is swapped is lost.
  await expect(async () => {
    await messageBox(page).fill(text);
    await expect(messageBox(page)).toHaveValue(text, { timeout: 500 });
  }).toPass();
  await messageBox(page).press('Enter');
}

/** Picks people in a people picker by searching their names. */
async function pick(scope: ReturnType<Page['getByRole']>, people: Person[]) {
  for (const person of people) {
    await scope.getByRole('combobox', { name: 'People' }).fill(person.name.replace(/^Dr\. /, ''));
    await scope.getByRole('option', { name: new RegExp(person.name) }).click();
    await expect(scope.getByRole('list', { name: 'Chosen people' })).toContainText(person.name);
  }
}

test('an invitation to a group across institutions: seen, accepted, then the earlier messages once the owner shares them', async ({
  page,
  browser,
}) => {
  // Two browsers and a few live round trips: more than a minute on a busy machine.
  test.setTimeout(240_000);
  const marker = uniqueMarker('inv');
  const groupName = `Lake sediments ${marker}`;
  const before = `Before you joined ${marker}`;
  const after = `After you joined ${marker}`;

  // The invitee's browser: its console errors fail the test too.
  const inviteeContext = await browser.newContext();
  const guestErrors: string[] = [];
  inviteeContext.on('console', (message) => {
    if (message.type() === 'error') guestErrors.push(message.text());
  });
  inviteeContext.on('weberror', (error) => guestErrors.push(error.error().message));
  const guest = await inviteeContext.newPage();
  await Promise.all([
    (async () => {
      await signInAndLand(page, owner.email, 'researcher');
      await page.goto('/dashboard/message');
      await expect(page.getByRole('heading', { name: 'Chats' })).toBeVisible();
    })(),
    (async () => {
      await guest.goto('/login');
      await signIn(guest, invitee.email, 'researcher');
      // Dr. Osei has not set up a profile yet (as in the demo data): sign-in leads to the setup step.
      await expect(guest).toHaveURL('/dashboard/setup');
      await guest.goto('/dashboard/message');
      await expect(guest.getByRole('heading', { name: 'Chats' })).toBeVisible();
    })(),
  ]);

  // The owner makes a group with a colleague and someone from another institution.
  await page.getByRole('button', { name: 'New Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Message' });
  await dialog.getByRole('radio', { name: /Group/ }).check();
  await dialog.getByRole('textbox', { name: 'Group name' }).fill(groupName);
  await pick(dialog, [colleague, invitee]);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/[?&]c=[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { name: groupName })).toBeVisible();
  // The invitee is not a member until they accept.
  await expect(page.getByText('Group · 2 members')).toBeVisible();
  await send(page, before);
  const ownerLog = page.getByRole('log', { name: `Messages with ${groupName}` });
  await expect(ownerLog.getByText(before)).toBeVisible();

  // The owner's Members dialog lists the invitee as invited; only the owner may share the history.
  await page.getByRole('button', { name: 'Members' }).click();
  const members = page.getByRole('dialog', { name: `Members of ${groupName}` });
  await expect(members.getByRole('listitem').filter({ hasText: invitee.name })).toContainText(
    'Invited, not answered yet',
  );
  await expect(
    members.getByRole('checkbox', { name: /People who join see the earlier messages/ }),
  ).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(members).toBeHidden();

  // The invitation reaches the invitee live: who asked, nothing of what was said.
  const row = guest
    .getByRole('list', { name: 'Groups' })
    .getByRole('link', { name: new RegExp(groupName) });
  await expect(row).toContainText(`Invitation from ${owner.name}`);
  await expect(row).not.toContainText(before);
  await expect(row).not.toHaveAccessibleName(/unread/);
  await row.click();
  await expect(guest.getByRole('heading', { name: groupName })).toBeVisible();
  await expect(
    guest.getByText(`${owner.name} invited you to the group ${groupName} with ${colleague.name}.`),
  ).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Accept' })).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Decline' })).toBeVisible();
  await expect(guest.getByRole('log')).toHaveCount(0);
  await expect(messageBox(guest)).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Members' })).toHaveCount(0);
  await expect(guest.getByText(before)).toHaveCount(0);

  await settleToasts(guest);
  await expectAccessible(guest, 'a group invitation');

  // Accepted: a member who reads from now on, not what was said before.
  await guest.getByRole('button', { name: 'Accept' }).click();
  await expect(guest.getByRole('button', { name: 'Accept' })).toBeHidden();
  const guestLog = guest.getByRole('log', { name: `Messages with ${groupName}` });
  await expect(guestLog).toBeVisible();
  await expect(messageBox(guest)).toBeVisible();
  await expect(guest.getByText('Group · 3 members')).toBeVisible();
  await expect(page.getByText(/^Group · 3 members/)).toBeVisible();
  await expect(guest.getByText(before)).toHaveCount(0);
  await expect(
    guestLog.getByText('You see the messages sent since you joined. None yet.'),
  ).toBeVisible();

  // What is sent now reaches the new member live.
  await send(page, after);
  await expect(guestLog.getByText(after)).toBeVisible();
  await expect(guestLog.getByText(before)).toHaveCount(0);

  // The owner shares the history; the new member's open chat shows the earlier message, no reload.
  await page.getByRole('button', { name: 'Members' }).click();
  await expect(members.getByRole('listitem').filter({ hasText: invitee.name })).not.toContainText(
    'Invited',
  );
  const share = members.getByRole('checkbox', { name: /People who join see the earlier messages/ });
  await share.click();
  await expect(share).toBeChecked();
  await expect(share).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(members).toBeHidden();
  await expect(guestLog.getByText(before)).toBeVisible();
  await expect(guestLog.getByText(after)).toBeVisible();
  // Oldest first: the earlier message comes before the later one.
  const texts = await guestLog.locator('li').allInnerTexts();
  const at = (text: string) => texts.findIndex((t) => t.includes(text));
  expect(at(before)).toBeGreaterThanOrEqual(0);
  expect(at(before)).toBeLessThan(at(after));

  // A member who did not start the group reads the owner's choice as a sentence.
  await guest.getByRole('button', { name: 'Members' }).click();
  const guestMembers = guest.getByRole('dialog', { name: `Members of ${groupName}` });
  await expect(
    guestMembers.getByText('People who join see the earlier messages too.'),
  ).toBeVisible();
  await expect(guestMembers.getByRole('checkbox')).toHaveCount(0);
  await guest.keyboard.press('Escape');
  await expect(guestMembers).toBeHidden();

  await inviteeContext.close();
  expect(guestErrors, "the invitee's browser logged errors").toEqual([]);
});
