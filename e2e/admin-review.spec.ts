// The research office's review queue, a page of its own (issue 30): one click
// from the dashboard's Quick Access (which says how many wait), a card per
// waiting application with its PI, deadlines, amount and documents, and
// Approve and Return right on it; a return needs a reason; the list updates.
// Grant Status's sections collapse, so a phone user can get past them.
// axe (WCAG 2.0–2.2 A/AA) and screenshots at desktop and phone widths.
//
// Andre sends two applications of his own to the office, so the journey
// changes no demo application another journey relies on (feed-admin.spec.ts
// uses Andre only to post; the demo's waiting application, Lucas's, is only read).
import type { Browser, Locator, Page } from '@playwright/test';
import { checkAtBothWidths } from './axe';
import { demoAccounts, expect, signIn, signInAndLand, test, viewports } from './fixtures';

const andre = { email: 'andre.whitfield@example.edu', name: 'Dr. Andre Whitfield' };
const lucas = 'Dr. Lucas Halvorsen';

const shoot = (page: Page, name: string) => checkAtBothWidths(page, name, { fromTop: true });

type Sent = { id: string; title: string };

/** Andre starts applications on two posted grants and sends both to the research office. */
async function andreSendsTwo(browser: Browser): Promise<Sent[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, andre.email, 'researcher');
  await expect(page).toHaveURL(/\/dashboard/);
  const search = await page.request.get('/api/v1/grants/search', {
    params: { q: 'research', status: 'posted', pageSize: 20 },
  });
  expect(search.ok()).toBe(true);
  const { results } = (await search.json()) as {
    results: { grant: { id: string; title: string } }[];
  };
  const sent: Sent[] = [];
  for (const { grant } of results) {
    if (sent.length === 2) break;
    if (sent.some((s) => s.title === grant.title)) continue;
    const started = await page.request.post('/api/v1/applications', {
      data: { grantId: grant.id },
    });
    expect([200, 201]).toContain(started.status());
    const { application } = (await started.json()) as {
      application: { id: string; status: string };
    };
    // One he started before (the demo's, or an earlier run's) is not a fresh draft.
    if (application.status !== 'drafting') continue;
    const moved = await page.request.patch(`/api/v1/applications/${application.id}`, {
      data: { status: 'internal_review', amountRequested: 250_000 + sent.length * 50_000 },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
    sent.push({ id: application.id, title: grant.title });
  }
  expect(sent, 'two posted grants to apply to').toHaveLength(2);
  await context.close();
  return sent;
}

/** How many wait, as the API says. */
async function waitingNow(page: Page): Promise<number> {
  const response = await page.request.get('/api/v1/admin/applications', {
    params: { status: 'internal_review', pageSize: 1 },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { total: number }).total;
}

const queueOf = (page: Page) => page.getByRole('region', { name: /^Waiting for internal review/ });
const cardOf = (queue: Locator, title: string, pi: string) =>
  queue.getByRole('article').filter({ hasText: title }).filter({ hasText: pi });
const countIn = async (locator: Locator) =>
  Number(((await locator.textContent()) ?? '').match(/\((\d[\d,]*)\)/)?.[1]?.replace(/,/g, ''));

async function signInOffice(page: Page) {
  await signInAndLand(page, demoAccounts.admin, 'admin');
}

test('the office opens its review queue from the dashboard in one click, returns one with a reason and approves another', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const [returnedOne, approvedOne] = await andreSendsTwo(browser);
  const toReturn = returnedOne!.title;
  const toApprove = approvedOne!.title;

  // Quick Access says how many wait, and opens the queue in one click.
  await signInOffice(page);
  const quick = page
    .getByRole('region', { name: 'Quick Access' })
    .getByRole('link', { name: /^Review queue/ });
  await expect(quick).toHaveAttribute('href', '/admin/review');
  await expect(quick).toContainText(/\d+ applications? waits? for internal review/);
  await quick.click();
  await expect(page).toHaveURL(/\/admin\/review$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Review Queue' })).toBeVisible();
  await expect(page).toHaveTitle(/Review Queue/);
  // The admin navigation has it too, marked as the page we are on.
  await expect(
    page
      .getByRole('navigation', { name: 'Main' })
      .filter({ visible: true })
      .getByRole('link', { name: 'Review', exact: true }),
  ).toHaveAttribute('aria-current', 'page');

  const queue = queueOf(page);
  const returning = cardOf(queue, toReturn, andre.name);
  const approving = cardOf(queue, toApprove, andre.name);
  await expect(returning).toBeVisible();
  await expect(approving).toBeVisible();
  // A card: the PI, the deadlines (internal first), the amount, the documents, the way to the application.
  await expect(returning).toContainText(`PI ${andre.name}`);
  await expect(returning.locator('dt').first()).toHaveText('Internal deadline');
  await expect(returning).toContainText('Sponsor deadline');
  await expect(returning).toContainText('$250,000');
  await expect(approving).toContainText('$300,000');
  await expect(returning).toContainText(/Documents\s*\d+ of \d+ completed/);
  await expect(returning.getByRole('link', { name: toReturn })).toHaveAttribute(
    'href',
    /^\/admin\/applications\/[0-9a-f-]{36}$/,
  );
  // The demo's own waiting application is there too (read, not moved).
  const seeded = queue.getByRole('article').filter({ hasText: lucas });
  await expect(seeded).toContainText('$420,000');
  await expect(seeded.getByRole('button', { name: /^Approve and submit: / })).toBeVisible();

  // On a phone the first card's buttons are near the top, not thousands of pixels down.
  await page.setViewportSize(viewports.phone);
  const firstApprove = queue.getByRole('button', { name: /^Approve and submit: / }).first();
  const box = await firstApprove.boundingBox();
  expect(box!.y, 'the first Approve within the first screen and a half').toBeLessThan(
    viewports.phone.height * 1.5,
  );
  await page.setViewportSize(viewports.desktop);
  await shoot(page, 'admin-review');

  // Return: the empty reason is refused, and focus goes to the reason.
  const before = await countIn(queue.getByRole('heading', { level: 2 }));
  await returning.getByRole('button', { name: `Return to the PI: ${toReturn}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Return to the PI' });
  await dialog.getByRole('button', { name: 'Return to the PI' }).click();
  await expect(dialog.getByText('Give a reason for returning it')).toBeVisible();
  const reason = dialog.getByLabel('What needs to change');
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'admin-review-return-dialog');
  await reason.fill('Add the budget justification, please.');
  await dialog.getByRole('button', { name: 'Return to the PI' }).click();
  await expect(
    page.locator('div[style*="z-index: 9999"] [role="status"]').getByText('Moved to DRAFTING'),
  ).toBeVisible();
  await expect(returning).toHaveCount(0);
  // The card is gone, so focus goes to the list's heading, not the top of the page.
  await expect(page.locator('#review-title')).toBeFocused();

  // Approve: the step dialog, then the card leaves the list.
  await approving.getByRole('button', { name: `Approve and submit: ${toApprove}` }).click();
  const approve = page.getByRole('dialog', { name: 'Approve and submit' });
  await approve.getByRole('button', { name: 'Approve and submit' }).click();
  await expect(
    page.locator('div[style*="z-index: 9999"] [role="status"]').getByText('Moved to SUBMITTED'),
  ).toBeVisible();
  await expect(approving).toHaveCount(0);
  // The count in the heading follows (other journeys may send or take one meanwhile: as the API says).
  await expect
    .poll(
      async () =>
        (await countIn(queue.getByRole('heading', { level: 2 }))) === (await waitingNow(page)),
    )
    .toBe(true);
  expect(before).toBeGreaterThanOrEqual(3);

  // Andre's two moved as the office said, the reason with the return.
  const statusOf = async (id: string) =>
    (
      (await (await page.request.get(`/api/v1/applications/${id}`)).json()) as {
        application: { status: string };
      }
    ).application.status;
  expect(await statusOf(returnedOne!.id)).toBe('drafting');
  expect(await statusOf(approvedOne!.id)).toBe('submitted');
  const events = await page.request.get(`/api/v1/applications/${returnedOne!.id}/events`);
  expect(JSON.stringify(await events.json())).toContain('Add the budget justification, please.');

  // Back on the dashboard, Quick Access counts what waits now (Lucas's at least).
  await page
    .getByRole('navigation', { name: 'Main' })
    .filter({ visible: true })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect
    .poll(async () =>
      ((await quick.textContent()) ?? '').includes(`${await waitingNow(page)} application`),
    )
    .toBe(true);
});

test('Grant Status: each section collapses and expands, and the queue is a link away', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInOffice(page);
  await page.goto('/admin/grants');
  await expect(page.getByRole('heading', { level: 1, name: 'Grant Status' })).toBeVisible();
  const all = page.getByRole('region', { name: /^Applications of your institution \(/ });
  await expect(all.getByRole('listitem').first()).toBeVisible();

  // The queue's section counts what waits and leads to its page.
  const queueLink = queueOf(page).getByRole('link', { name: 'Open the review queue' });
  await expect(queueLink).toHaveAttribute('href', '/admin/review');
  await expect(queueOf(page).getByRole('button', { name: /^Approve and submit/ })).toHaveCount(0);

  // One section: its heading's button hides and shows it.
  const toggle = all.getByRole('heading', { level: 2 }).getByRole('button');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const controlled = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
  await expect(controlled).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(controlled).toBeHidden();
  await expect(all.getByLabel('Stage')).toHaveCount(0);
  // By keyboard too.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(all.getByRole('listitem').first()).toBeVisible();
  await expect(all.getByLabel('Stage')).toBeVisible();

  // On a phone, every section collapsed makes the page a fraction of its length.
  await page.setViewportSize(viewports.phone);
  await page.waitForLoadState('networkidle');
  const height = () => page.evaluate(() => document.documentElement.scrollHeight);
  const open = await height();
  const toggles = page.locator('main h2 > button[aria-expanded]');
  const sections = await toggles.count();
  expect(
    sections,
    'the figures’ list, five panels, and three pipeline sections',
  ).toBeGreaterThanOrEqual(9);
  for (let i = 0; i < sections; i++) await toggles.nth(i).click();
  await expect(page.locator('main h2 > button[aria-expanded="true"]')).toHaveCount(0);
  const closed = await height();
  expect(closed, `collapsed ${closed}px of ${open}px`).toBeLessThan(open / 2);
  await page.setViewportSize(viewports.desktop);
  await shoot(page, 'admin-grant-status-collapsed');

  // And open again.
  for (let i = 0; i < sections; i++) await toggles.nth(i).click();
  await expect(page.locator('main h2 > button[aria-expanded="false"]')).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Saved Grants' }).getByRole('listitem').first(),
  ).toBeVisible();
});

test('the review queue says so when nothing waits', async ({ page }) => {
  await signInOffice(page);
  // Whatever other journeys send meanwhile: the office's queue, answered empty.
  await page.route(/\/api\/v1\/admin\/applications\?(.*&)?status=internal_review(&|$)/, (route) =>
    route.fulfill({ json: { applications: [], total: 0, page: 1, pageSize: 20 } }),
  );
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Quick Access' }).getByRole('link', { name: /^Review queue/ }),
  ).toContainText('Nothing waiting for internal review');
  await page.goto('/admin/review');
  await expect(queueOf(page)).toContainText('Nothing is waiting for review');
  await expect(queueOf(page).getByRole('heading', { level: 2 })).toHaveText(
    'Waiting for internal review (0)',
  );
  await expect(queueOf(page).getByRole('link', { name: 'Grant Status' })).toHaveAttribute(
    'href',
    '/admin/grants',
  );
  await shoot(page, 'admin-review-empty');
});
