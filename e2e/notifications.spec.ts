// The notification centre as two colleagues meet it: one starts an
// application and invites the other, whose bell rings live in an open tab;
// the dropdown (by keyboard too), following a notification to My Grants,
// tasks given to them, the full page with All / Unread and Load more, Mark
// all as read; then Settings → Notifications saved, refused and kept. axe
// (WCAG 2.0–2.2 A/AA) on the dropdown, the page and the settings at desktop
// and phone widths. Tomas and Theo (Northfield) are used by no other journey;
// the research office's admin is only looked at, never changed.
import { expectAccessible } from './axe';
import type { Locator, Page } from '@playwright/test';
import { demoAccounts, expect, failedResource, signInAndLand, test, viewports } from './fixtures';

const shotsDir = process.env.SHOTS_DIR ?? 'test-results/screens';

const tomas = 'tomas.zhao@northfield.example.edu';
const theo = 'theo.ferreira@northfield.example.edu';

/** axe and a screenshot at each width; `fullPage` off keeps an open dropdown in the picture. */
async function shoot(page: Page, name: string, fullPage = true) {
  await page.mouse.move(1, 1);
  await expect(page.locator('div[style*="z-index: 9999"] [role="status"]')).toHaveCount(0, {
    timeout: 15_000,
  });
  for (const [width, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await expectAccessible(page, `${name} (${width})`);
    await page.screenshot({ path: `${shotsDir}/notifications-${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize(viewports.desktop);
}

const bell = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Notifications, / });
const bellName = (count: number) =>
  count > 0 ? `Notifications, ${count} unread` : 'Notifications, none unread';
const dropdown = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

async function unreadCount(page: Page): Promise<number> {
  const response = await page.request.get('/api/v1/notifications?limit=1');
  return ((await response.json()) as { unreadCount: number }).unreadCount;
}

async function signedIn(page: Page, email: string) {
  await signInAndLand(page, email, 'researcher');
}

/** Tabs from the top of the page until the bell has focus (the sidebar comes first). */
async function tabToBell(page: Page) {
  await page.locator('body').focus();
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    if (await bell(page).evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('Tab never reached the notifications bell');
}

/** The E-mail select of one kind in the settings section. */
const emailOf = (section: Locator, kind: string) =>
  section.getByRole('group', { name: kind }).getByLabel('E-mail');

test.describe.configure({ mode: 'serial' });

test('an invitation rings the bell live; the dropdown by keyboard, following it, tasks, the page, mark all as read', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  // Theo waits on his dashboard in his own browser.
  await signedIn(page, theo);
  const before = await unreadCount(page);
  await expect(bell(page)).toHaveAccessibleName(bellName(before));

  // Tomas starts an application with Apply Now and invites Theo to its team.
  const inviterContext = await browser.newContext();
  const inviter = await inviterContext.newPage();
  await signedIn(inviter, tomas);
  const search = await inviter.request.get('/api/v1/grants/search?q=neuroscience&status=posted');
  const grants = ((await search.json()) as { results: { grant: { id: string; title: string } }[] })
    .results;
  expect(grants.length).toBeGreaterThan(0);
  await inviter.goto(`/dashboard/grant/${grants[0]!.grant.id}`);
  await inviter.getByRole('button', { name: 'Apply Now' }).click();
  await inviter.getByRole('link', { name: 'Open your application' }).click();
  await expect(inviter).toHaveURL(/\/dashboard\/applications\/[0-9a-f-]{36}$/);
  const applicationId = inviter.url().split('/').pop()!;
  const title = await inviter.locator('#application-title').innerText();
  await inviter
    .getByRole('region', { name: 'Team' })
    .getByRole('button', { name: 'Invite to team' })
    .click();
  const invite = inviter.getByRole('dialog', { name: 'Invite to team' });
  await invite.getByRole('combobox', { name: 'Researcher' }).fill('Theo');
  await invite.getByRole('option', { name: /Theo Ferreira/ }).click();
  await invite.getByLabel('Role').selectOption('contributor');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(inviter.getByText('Dr. Theo Ferreira is invited to the team')).toBeVisible();

  // Theo's open tab hears it without a reload, and announces it.
  await expect(bell(page)).toHaveAccessibleName(bellName(before + 1));
  await expect(
    page.getByText('New notification: Dr. Tomas Zhao invited you to a team'),
  ).toBeAttached();

  // Keyboard only: Tab to the bell, Enter opens it on the newest, the arrows and Tab move, Escape closes.
  await tabToBell(page);
  await page.keyboard.press('Enter');
  const menu = dropdown(page);
  const newest = menu.getByRole('link', { name: /^Unread: Dr\. Tomas Zhao invited you to a team/ });
  await expect(newest).toBeFocused();
  await expect(newest).toContainText(title);
  await expect(newest).toContainText('Just now');
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('button', { name: 'Mark all as read' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('link', { name: 'See all notifications' })).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await expect(newest).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link').nth(1)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(bell(page)).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(newest).toBeFocused();
  await shoot(page, 'dropdown', false);

  // Following it lands on My Grants, marks it read, and the invitation is there to accept.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/dashboard/grants');
  await expect(bell(page)).toHaveAccessibleName(bellName(before));
  const invitations = page.getByRole('region', { name: 'Team invitations' });
  await expect(invitations).toContainText(title);
  await invitations.getByRole('button', { name: `Accept: ${title}` }).click();
  await expect(page.getByText('You joined the team')).toBeVisible();

  // Tomas gives Theo 21 tasks: the count follows live, the dropdown shows the newest 8.
  const people = await inviter.request.get('/api/v1/users?q=Theo');
  const theoId = ((await people.json()) as { users: { id: string; name: string }[] }).users.find(
    (u) => u.name.includes('Theo Ferreira'),
  )!.id;
  for (let i = 1; i <= 21; i++) {
    const created = await inviter.request.post(`/api/v1/applications/${applicationId}/tasks`, {
      data: { title: `Notification check task ${String(i).padStart(2, '0')}`, assigneeId: theoId },
    });
    expect(created.status()).toBe(201);
  }
  await inviterContext.close();
  await expect(bell(page)).toHaveAccessibleName(bellName(before + 21));
  await bell(page).click();
  await expect(menu.getByRole('listitem')).toHaveCount(8);
  await expect(menu.getByRole('listitem').first()).toContainText('Notification check task 21');

  // The full page: read and unread, twenty at a time.
  await menu.getByRole('link', { name: 'See all notifications' }).click();
  await expect(page).toHaveURL('/dashboard/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const main = page.getByRole('main');
  const rows = main.getByRole('article');
  await expect(rows).toHaveCount(20);
  await expect(main.getByRole('tab', { name: `Unread (${before + 21})` })).toBeVisible();
  await shoot(page, 'page');
  await main.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(22 + before);
  await expect(rows.nth(20).getByRole('link')).toBeFocused();
  const invitationRow = rows.filter({ hasText: 'invited you to a team' });
  await expect(invitationRow).toContainText('Read');
  await expect(invitationRow.getByRole('button', { name: /^Mark as read/ })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  // One marked read by its button; focus stays on it.
  const latestTask = rows.filter({ hasText: 'Notification check task 21' });
  await latestTask.getByRole('button', { name: /^Mark as read: / }).click();
  await expect(latestTask.getByRole('link')).toBeFocused();
  await expect(latestTask).toContainText('· Read');
  await expect(bell(page)).toHaveAccessibleName(bellName(before + 20));

  // Unread only: the invitation and the read task are not there.
  await main.getByRole('tab', { name: /^Unread/ }).click();
  await expect(page).toHaveURL('/dashboard/notifications?show=unread');
  await expect(rows.first()).toContainText('Notification check task 20');
  await expect(rows.filter({ hasText: 'invited you to a team' })).toHaveCount(0);

  // Mark all as read from the bell clears the badge; the unread list is then empty.
  await bell(page).click();
  const marked = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/notifications/read') && r.request().method() === 'POST',
  );
  await menu.getByRole('button', { name: 'Mark all as read' }).click();
  expect((await marked).status()).toBe(200);
  await expect(menu.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await expect(menu.getByRole('link', { name: /^Unread: / })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(bell(page)).toHaveAccessibleName(bellName(0));
  await expect(
    bell(page).locator('span[aria-hidden="true"]').filter({ hasText: /\d/ }),
  ).toHaveCount(0);
  await page.reload();
  await expect(main.getByText('You’re all caught up')).toBeVisible();
  await expect(main.getByRole('tab', { name: 'Unread' })).toBeVisible();
  expect(await unreadCount(page)).toBe(0);
  await shoot(page, 'page-unread-empty');
});

test('Settings → Notifications saves, refuses a bad value, shows the server’s errors and loses nothing', async ({
  page,
  allowConsoleError,
}) => {
  test.setTimeout(180_000);
  // The refusal staged below answers 400, which Chromium logs.
  allowConsoleError(failedResource(400));
  await signedIn(page, theo);
  await page.goto('/dashboard/notifications');
  // The list above the link loads after the page: pressed before it has, the
  // link moved down under the pointer and the press missed it (full run of
  // 2026-11-28, night: no navigation, the click landed on the moved layout).
  const settingsLink = page.getByRole('link', { name: 'Notification settings' });
  await expect(settingsLink).toBeVisible();
  await expect(page.getByText('Loading notifications…')).toHaveCount(0);
  await settingsLink.click();
  await expect(page).toHaveURL('/dashboard/settings#notifications');
  const section = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(section.getByRole('button', { name: 'Save notification settings' })).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Notifications' })).toBeInViewport();

  const tasksEmail = emailOf(section, 'Tasks assigned to me');
  const messagesInApp = section
    .getByRole('group', { name: 'Unread direct messages' })
    .getByLabel('In the app');
  const digest = section.getByLabel('Digest time');
  const zone = section.getByRole('combobox', { name: 'Time zone' });
  const oneMonth = section.getByRole('checkbox', { name: '1 month' });
  const save = section.getByRole('button', { name: 'Save notification settings' });

  await tasksEmail.selectOption({ label: 'Weekly digest' });
  await messagesInApp.uncheck();
  await digest.selectOption({ label: '07:00' });
  await zone.fill('tokyo');
  await section.getByRole('option', { name: 'Asia/Tokyo' }).click();
  await oneMonth.check();
  await save.click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await shoot(page, 'settings');

  await page.reload();
  await expect(tasksEmail).toHaveValue('weekly');
  await expect(messagesInApp).not.toBeChecked();
  await expect(digest).toHaveValue('7');
  await expect(zone).toHaveValue('Asia/Tokyo');
  await expect(oneMonth).toBeChecked();

  // A time zone that does not exist is refused before it is sent, beside the field.
  await zone.fill('Mars/Olympus_Mons');
  await save.click();
  await expect(section.getByText('Choose a time zone such as America/Chicago')).toBeVisible();
  await expect(zone).toHaveAttribute('aria-invalid', 'true');
  await expect(zone).toBeFocused();
  await expectAccessible(page, 'settings with an error');
  // The server refuses it too.
  const refused = await page.request.put('/api/v1/notification-preferences', {
    data: {
      kinds: {},
      digestHour: 25,
      timeZone: 'Mars/Olympus_Mons',
      reminderLeadTimes: ['1y'],
    },
  });
  expect(refused.status()).toBe(400);
  await page.reload();
  await expect(zone).toHaveValue('Asia/Tokyo');

  // The server's field errors land beside their fields, and what was chosen stays.
  await page.route('**/api/v1/notification-preferences', async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    await route.fulfill({
      status: 400,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        code: 'validation_failed',
        detail: 'Some fields are not valid.',
        errors: [
          { path: 'kinds.task.assigned.email', message: 'Choose off, instant, daily or weekly' },
        ],
      }),
    });
  });
  await digest.selectOption({ label: '09:00' });
  await save.click();
  const taskGroup = section.getByRole('group', { name: 'Tasks assigned to me' });
  await expect(taskGroup.getByText('Choose off, instant, daily or weekly')).toBeVisible();
  await expect(tasksEmail).toBeFocused();
  await expect(tasksEmail).toHaveAttribute('aria-invalid', 'true');
  await expect(digest).toHaveValue('9');
  await page.unroute('**/api/v1/notification-preferences');
  await save.click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await expect(taskGroup.getByText('Choose off, instant, daily or weekly')).toHaveCount(0);
  await page.reload();
  await expect(digest).toHaveValue('9');
});

test('the research office has the bell, the page and the settings section too', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAndLand(page, demoAccounts.admin, 'admin');
  // Looked at only: other journeys use this account.
  await expect(bell(page)).toHaveAccessibleName(/^Notifications, /);
  await bell(page).click();
  await expect(dropdown(page).getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expectAccessible(page, 'admin dropdown');
  await page.keyboard.press('Escape');
  await expect(bell(page)).toBeFocused();
  await page.goto('/admin/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, 'admin notifications page');
  await page.goto('/admin/settings#notifications');
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('button', { name: 'Save notification settings' }),
  ).toBeVisible();
});
