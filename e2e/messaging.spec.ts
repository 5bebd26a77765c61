// Messaging in real time: a researcher and an administrator, each in their own
// browser, chat in a direct conversation (live delivery, typing, unread badge),
// then one goes offline and, back online, receives what was sent meanwhile.
import { expectAccessible } from './axe';
import type { ConsoleMessage, Page } from '@playwright/test';
import { demoAccounts, expect, signInAndLand, test, uniqueMarker } from './fixtures';

/** What Chromium logs while the network is off on purpose. */
const offlineNoise = [
  /^WebSocket connection to '.*\/api\/v1\/realtime' failed/,
  /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED/,
];

function messageBox(page: Page) {
  return page.getByRole('textbox', { name: 'Message', exact: true });
}

async function send(page: Page, text: string) {
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
}

test('two people chat live in a direct conversation, and one catches up after going offline', async ({
  page,
  browser,
  allowConsoleError,
}) => {
  for (const pattern of offlineNoise) allowConsoleError(pattern);
  const marker = uniqueMarker('chat');

  // The administrator, in a second browser; the fixture's console guard covers
  // only the first, so this one keeps its own list.
  const adminContext = await browser.newContext();
  const adminErrors: string[] = [];
  adminContext.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') adminErrors.push(message.text());
  });
  adminContext.on('weberror', (error) => adminErrors.push(error.error().message));
  const admin = await adminContext.newPage();

  await signInAndLand(page, demoAccounts.researcher, 'researcher');
  await signInAndLand(admin, demoAccounts.admin, 'admin');

  await page.goto('/dashboard/message');
  await admin.goto('/admin/message');
  await expect(admin.getByText('Select a chat to start messaging')).toBeVisible();

  // The researcher starts (or reopens) the direct conversation with the administrator.
  await page.getByRole('button', { name: 'New Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Message' });
  await expect(dialog.getByRole('radio', { name: /Direct Message/ })).toBeChecked();
  await dialog.getByRole('combobox', { name: 'To' }).fill('Morgan');
  await dialog.getByRole('option', { name: /Morgan Halvorsen/ }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/message\?c=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Morgan Halvorsen' })).toBeVisible();

  // Send is disabled until there is something to send.
  const sendButton = page.getByRole('button', { name: 'Send' });
  await expect(sendButton).toBeDisabled();
  await messageBox(page).fill('   ');
  await expect(sendButton).toBeDisabled();

  // A message arrives live in the administrator's list, unread.
  await send(page, `Hello Morgan ${marker}, the call is at https://example.org/nsf/${marker}.`);
  const adminChat = admin.getByRole('link', { name: /Dr\. Jordan Ellery/ });
  await expect(adminChat).toContainText(`Hello Morgan ${marker}`);
  await expect(adminChat).toHaveAccessibleName(/\d+ unread/);

  // Opening it shows the history, makes the link clickable, and clears the badge.
  await adminChat.click();
  const adminLog = admin.getByRole('log', { name: 'Messages with Dr. Jordan Ellery' });
  await expect(adminLog.getByText(`Hello Morgan ${marker}`)).toBeVisible();
  const link = adminLog.getByRole('link', { name: `https://example.org/nsf/${marker}` });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(adminChat).not.toHaveAccessibleName(/unread/);

  // Typing shows on the other side; the reply arrives live.
  await messageBox(admin).pressSequentially('Thanks', { delay: 50 });
  await expect(page.getByText('Morgan Halvorsen is typing…')).toBeVisible();
  await messageBox(admin).fill('');
  await send(admin, `Received ${marker}. I will start the routing form.`);
  const researcherLog = page.getByRole('log', { name: 'Messages with Morgan Halvorsen' });
  await expect(researcherLog.getByText(`Received ${marker}.`, { exact: false })).toBeVisible();
  await expect(page.getByText('Morgan Halvorsen is typing…')).toBeHidden();

  // The researcher drops off the network; the administrator keeps writing.
  await page.context().setOffline(true);
  await expect(page.getByText('Connection lost. Reconnecting…')).toBeVisible();
  await send(admin, `First while away ${marker}`);
  await send(admin, `Second while away ${marker}`);
  await expect(adminLog.getByText(`Second while away ${marker}`)).toBeVisible();
  await expect(researcherLog.getByText(`First while away ${marker}`)).toHaveCount(0);
  // What the researcher writes meanwhile cannot go out, and is kept.
  await send(page, `Written offline ${marker}`);
  // While it is trying, the message says so and stays as readable as any other (axe on the chat).
  await expect(researcherLog.getByText('Sending…', { exact: true })).toBeVisible();
  await expectAccessible(page, 'the chat while sending', { include: '[role="log"]' });
  await expect(
    researcherLog.getByText('Not sent. Check your connection and try again.'),
  ).toBeVisible({
    timeout: 20_000,
  });

  // Back online: the socket reconnects and fetches what was missed, once each,
  // and the message written offline goes out by itself, once.
  await page.context().setOffline(false);
  await expect(page.getByText('Connection lost. Reconnecting…')).toBeHidden({ timeout: 20_000 });
  await expect(researcherLog.getByText(`First while away ${marker}`)).toHaveCount(1);
  await expect(researcherLog.getByText(`Second while away ${marker}`)).toHaveCount(1);
  await expect(adminLog.getByText(`Written offline ${marker}`)).toHaveCount(1);
  await expect(
    researcherLog.getByText('Not sent. Check your connection and try again.'),
  ).toHaveCount(0);
  await expect(researcherLog.getByText(`Written offline ${marker}`)).toHaveCount(1);

  // And the line works both ways again.
  await send(page, `Back online ${marker}`);
  await expect(adminLog.getByText(`Back online ${marker}`)).toHaveCount(1);

  // Away from the Messages page, a new message shows as unread on the Messages entry.
  await page.goto('/dashboard/search');
  const messagesEntry = page
    .getByRole('navigation', { name: 'Main' })
    .first()
    .getByRole('link', { name: /^Messages/ });
  // The demo data leaves other conversations unread: take the server's count,
  // and wait for the entry to show it before the next message arrives.
  const listed = await page.request.get('/api/v1/conversations');
  expect(listed.ok()).toBe(true);
  const { conversations } = (await listed.json()) as { conversations: { unreadCount?: number }[] };
  const unreadBefore = conversations.reduce((sum, c) => sum + (c.unreadCount ?? 0), 0);
  await expect(messagesEntry).toHaveAccessibleName(
    unreadBefore ? `Messages ${unreadBefore} unread` : 'Messages',
  );
  await send(admin, `While you search ${marker}`);
  await expect(messagesEntry).toHaveAccessibleName(`Messages ${unreadBefore + 1} unread`);

  await adminContext.close();
  expect(adminErrors, 'the administrator page logged errors').toEqual([]);
});
