// Saved-search alerts, alert e-mails and one-click unsubscribe (issue 14), as
// a researcher meets them: saving a search asks how often to hear about new
// matches and says e-mails will come; the Saved searches menu shows and
// changes it by keyboard, and it sticks. A colleague's team invitation sends
// an instant e-mail (read from the outbox the server writes without SMTP):
// text and HTML parts, List-Unsubscribe with One-Click; the one-click POST
// turns that kind's e-mail off without a session, and nothing is deleted; the
// e-mail's link opens the page, which can turn it back on or stop every
// e-mail. axe (WCAG 2.0–2.2 A/AA) on the dialog, the menu and the page at
// desktop and phone widths. Caleb and Rafael (Northfield) are used by no other
// journey.
import { expectAccessible } from './axe';
import type { Locator, Page } from '@playwright/test';
import { expect, signInAndLand, test, uniqueMarker, viewports, waitForOutboxEmail } from './fixtures';

const shotsDir = process.env.SHOTS_DIR ?? 'test-results/screens';

const caleb = 'caleb.abernathy@northfield.example.edu';
const rafael = 'rafael.mansour@northfield.example.edu';
/** The eight kinds as Settings → Notifications names them. */
const kindLabels = [
  'Saved search matches',
  'Changes to grants I follow',
  'Deadline reminders',
  'Application stage changes',
  'Team invitations',
  'Tasks assigned to me',
  'Tasks due',
  'Unread direct messages',
];

/**
 * axe and a screenshot at each width; `fullPage` off keeps an open menu or
 * dialog in the picture; `open` opens a menu afresh at each width (a phone
 * scrolls its button to the top first).
 */
async function shoot(page: Page, name: string, fullPage = true, open?: () => Promise<void>) {
  await page.mouse.move(1, 1);
  await expect(page.locator('div[style*="z-index: 9999"] [role="status"]')).toHaveCount(0, {
    timeout: 15_000,
  });
  for (const [width, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await open?.();
    await expectAccessible(page, `${name} (${width})`);
    await page.screenshot({ path: `${shotsDir}/alerts-${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize(viewports.desktop);
}

/** The fixture decodes quoted-printable byte by byte: read those bytes as UTF-8. */
const utf8 = (latin1: string) => Buffer.from(latin1, 'latin1').toString('utf8');

/** The message's own headers, each on one line (nodemailer folds long ones). */
const unfoldedHeaders = (eml: string) =>
  eml.slice(0, eml.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');

async function signedIn(page: Page, email: string) {
  await signInAndLand(page, email, 'researcher');
}

const resultsHeading = (page: Page) =>
  page.getByRole('region', { name: /grants? found$|^Results$/ }).getByRole('heading', { level: 2 });

/** The E-mail select of one kind in Settings → Notifications. */
const emailOf = (section: Locator, kind: string) =>
  section.getByRole('group', { name: kind }).getByLabel('E-mail');

async function openNotificationSettings(page: Page): Promise<Locator> {
  await page.goto('/dashboard/settings#notifications');
  const section = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(section.getByRole('button', { name: 'Save notification settings' })).toBeVisible();
  return section;
}

test('saving a search asks about alerts; the Saved searches menu changes them by keyboard, and they stick', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const name = uniqueMarker('Restoration alerts ');
  await signedIn(page, caleb);
  await page.goto('/dashboard/search?q=restoration');
  await expect(resultsHeading(page)).toHaveText(/^[1-9][\d,]* grants? found$/);

  // The dialog asks how often, says plainly that e-mails will come, and starts on the daily digest.
  await page.getByRole('button', { name: 'Save search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  const alerts = dialog.getByRole('group', { name: 'Tell me about new matches' });
  await expect(alerts).toContainText('Unless you choose Off, we also e-mail you');
  await expect(alerts).toContainText('one-click unsubscribe');
  await expect(alerts.getByRole('radio')).toHaveCount(4);
  await expect(alerts.getByRole('radio', { name: 'In a daily e-mail digest' })).toBeChecked();
  await alerts.getByRole('radio', { name: 'By e-mail at once' }).check();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await shoot(page, 'save-dialog', false);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Search saved as “${name}”`)).toBeVisible();

  // The menu shows the choice under the search (opened afresh at each width for axe and the pictures).
  const menuButton = page.getByRole('button', { name: 'Saved searches' });
  const menu = page.getByRole('dialog', { name: 'Saved searches' });
  const select = menu.getByRole('combobox', { name: `Alerts for ${name}` });
  const openMenu = async () => {
    if (await menu.isVisible()) {
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    }
    await menuButton.click();
    await expect(select).toHaveValue('instant');
  };
  await openMenu();
  await expect(select.locator('option:checked')).toHaveText('By e-mail at once');
  await shoot(page, 'saved-menu', false, openMenu);
  await openMenu();

  // Keyboard only: Tab from the search past Rename and Delete to its alerts, arrow down to Weekly.
  await menu.getByRole('button', { name: new RegExp(`^${name}`) }).focus();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('button', { name: `Rename ${name}` })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('button', { name: `Delete ${name}` })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(select).toBeFocused();
  const changed = page.waitForResponse(
    (r) =>
      /\/api\/v1\/saved-searches\/[0-9a-f-]{36}$/.test(r.url()) && r.request().method() === 'PATCH',
  );
  await page.keyboard.press('ArrowDown');
  await expect(select).toHaveValue('daily');
  expect((await changed).status()).toBe(200);
  await expect(page.getByText(`Alerts for “${name}”: in a daily e-mail digest`)).toBeVisible();
  await expect(select).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(select).toHaveValue('weekly');
  await expect(page.getByText(`Alerts for “${name}”: in a weekly e-mail digest`)).toBeVisible();
  await expect(select).toBeFocused();
  await expect(menu).toBeVisible();

  // It stuck.
  await page.reload();
  await expect(resultsHeading(page)).toHaveText(/grants? found$/);
  await menuButton.click();
  await expect(select).toHaveValue('weekly');
  const saved = await page.request.get('/api/v1/saved-searches');
  const { savedSearches } = (await saved.json()) as {
    savedSearches: { name: string; alertCadence: string }[];
  };
  expect(savedSearches.find((s) => s.name === name)?.alertCadence).toBe('weekly');
});

test('a team invitation e-mails at once; one-click unsubscribe, the page, turning it back on and stopping every e-mail', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // Rafael starts an application and invites Caleb to its team, through the API with his own session.
  const inviterContext = await browser.newContext();
  const inviter = await inviterContext.newPage();
  await signedIn(inviter, rafael);
  const search = await inviter.request.get('/api/v1/grants/search?q=watershed&status=posted');
  const grants = ((await search.json()) as { results: { grant: { id: string } }[] }).results;
  expect(grants.length).toBeGreaterThan(0);
  const started = await inviter.request.post('/api/v1/applications', {
    data: { grantId: grants[0]!.grant.id },
  });
  expect([200, 201]).toContain(started.status());
  const applicationId = ((await started.json()) as { application: { id: string } }).application.id;
  const people = await inviter.request.get('/api/v1/users?q=Caleb');
  const calebId = ((await people.json()) as { users: { id: string; name: string }[] }).users.find(
    (u) => u.name.includes('Caleb Abernathy'),
  )!.id;
  const invited = await inviter.request.post(`/api/v1/applications/${applicationId}/members`, {
    data: { userId: calebId, role: 'contributor' },
  });
  expect(invited.status()).toBe(201);
  await inviterContext.close();

  // The instant e-mail: both parts, and a one-click unsubscribe link of its own.
  const eml = utf8(await waitForOutboxEmail(`To: ${caleb}`, 20_000));
  const headers = unfoldedHeaders(eml);
  expect(headers).toMatch(/^Subject: Dr\. Rafael Mansour invited you to a team$/m);
  expect(headers).toMatch(/^Content-Type: multipart\/alternative;/m);
  expect(eml).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
  expect(eml).toMatch(/^Content-Type: text\/html; charset=utf-8$/m);
  const header = headers.match(/^List-Unsubscribe: <([^>]+)>$/m)?.[1];
  expect(header, 'a List-Unsubscribe header').toBeDefined();
  const link = new URL(header!);
  // PUBLIC_URL's origin, or this machine's when it is not set (as here).
  expect(link.origin).toBe(new URL(baseURL!).origin);
  expect(link.pathname).toMatch(/^\/api\/v1\/unsubscribe\/[A-Za-z0-9_-]{20,}$/);
  expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  // The same link in both parts, with the reason the e-mail came.
  expect(eml).toContain(`Unsubscribe: ${header}`);
  expect(eml).toContain(`href="${header}"`);
  expect(eml).toContain('because “Team invitations” e-mails are on');
  expect(eml).toContain('<html lang="en"');
  const token = link.pathname.split('/').pop()!;

  // One click from the mail client: no cookies, a form, 200, and that kind's e-mail is off.
  const oneClick = await request.post(header!, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(oneClick.status()).toBe(200);
  expect(await oneClick.json()).toEqual({
    description: 'e-mails about “Team invitations”',
    unsubscribed: true,
  });
  await signedIn(page, caleb);
  let section = await openNotificationSettings(page);
  await expect(emailOf(section, 'Team invitations')).toHaveValue('off');
  await expect(emailOf(section, 'Application stage changes')).toHaveValue('instant');
  await expect(emailOf(section, 'Saved search matches')).toHaveValue('daily');
  await expect(
    section.getByRole('group', { name: 'Team invitations' }).getByLabel('In the app'),
  ).toBeChecked();
  // Nothing was deleted: the notice and the invitation wait as before.
  const notices = await page.request.get('/api/v1/notifications');
  const items = ((await notices.json()) as { items: { kind: string }[] }).items;
  expect(items.filter((n) => n.kind === 'team.invitation')).toHaveLength(1);
  const waiting = await page.request.get('/api/v1/team-invitations');
  expect(
    ((await waiting.json()) as { invitations: { applicationId: string }[] }).invitations.map(
      (i) => i.applicationId,
    ),
  ).toContain(applicationId);

  // Opening the link changes nothing by itself: it sends the browser to the page.
  const opened = await request.get(header!, { maxRedirects: 0 });
  expect(opened.status()).toBe(303);
  expect(opened.headers().location).toBe(`/unsubscribe/${token}`);

  // The link from the e-mail's body, in the browser; Settings open in a second tab.
  const settings = await page.context().newPage();
  section = await openNotificationSettings(settings);
  await page.goto(header!);
  await expect(page).toHaveURL(`/unsubscribe/${token}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('You are unsubscribed');
  await expect(heading).toBeFocused();
  await expect(page.getByRole('main')).toContainText(
    'We have turned off e-mails about “Team invitations”. Nothing else was changed or deleted',
  );
  await shoot(page, 'unsubscribe');

  await page.getByRole('button', { name: 'Turn it back on' }).click();
  await expect(heading).toHaveText('Alerts are back on');
  await expect(heading).toBeFocused();
  await expect(page.getByRole('main')).toContainText(
    'We have turned e-mails about “Team invitations” back on.',
  );
  await settings.reload();
  await expect(emailOf(section, 'Team invitations')).toHaveValue('instant');

  await page.getByRole('button', { name: 'Stop every e-mail' }).click();
  await expect(heading).toHaveText('You are unsubscribed');
  await expect(heading).toBeFocused();
  await expect(page.getByRole('main')).toContainText(
    'We have turned off every e-mail from GrantBridge.',
  );
  await shoot(page, 'unsubscribe-all');
  await settings.reload();
  for (const label of kindLabels) {
    await expect(emailOf(section, label), label).toHaveValue('off');
    await expect(
      section.getByRole('group', { name: label }).getByLabel('In the app'),
      label,
    ).toBeChecked();
  }

  // The way back from there names what it turns on: only what the link is about.
  await page.getByRole('button', { name: 'Turn back on e-mails about “Team invitations”' }).click();
  await expect(heading).toHaveText('Alerts are back on');
  await expect(heading).toBeFocused();
  await settings.reload();
  await expect(emailOf(section, 'Team invitations')).toHaveValue('instant');
  await expect(emailOf(section, 'Application stage changes')).toHaveValue('off');
});
