// The research office's figures in Chromium: the dashboard's cards, charts and
// their tables agree with the API; the period picker and the department filter
// change the figures and the address; a card leads to the list it counts on
// Grant Status, whose Awarded count is the dashboard's; the export has the
// right header and the same applications; the researcher detail page and an
// unknown researcher; the dashboard by keyboard alone; axe (WCAG 2.0–2.2 A/AA)
// on all three pages at desktop and phone widths; the Catalogue card. Read-only:
// it changes no data.
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { AdminOverview } from '@grantbridge/contract/admin';
import type { AdminCatalogue } from '@grantbridge/contract/catalogue';
import { expectAccessible } from './axe';
import { checkWithAxe } from './feed-helpers';
import { demoAccounts, expect, failedResource, signInAndLand, test, viewports } from './fixtures';

const csvHeader =
  'Researcher,Department,Grant,Opportunity number,Agency,Status,Requested,Awarded,Sponsor deadline,Internal deadline,Last change';

const money = (value: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  }).format(Math.round(value));
const count = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

async function signInOffice(page: Page) {
  await signInAndLand(page, demoAccounts.admin, 'admin');
}

/** The overview the API gives for a query string (the page's own cookies). */
async function overviewFor(page: Page, search: string): Promise<AdminOverview> {
  const response = await page.request.get(`/api/v1/admin/overview${search}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as AdminOverview;
}

const figures = (page: Page) => page.getByRole('region', { name: 'The institution in figures' });
const card = (page: Page, label: string) =>
  figures(page).getByRole('link', { name: new RegExp(`^${label}`) });

async function expectCards(page: Page, data: AdminOverview) {
  await expect(card(page, 'Total Funding Achieved')).toContainText(
    money(data.stats.totalFundingAchieved),
  );
  await expect(card(page, 'Open Opportunities')).toContainText(count(data.stats.openOpportunities));
  // What it counts, in words, so that it does not read as a second review queue (issue 30).
  await expect(card(page, 'Awaiting a Decision')).toContainText(
    new RegExp(
      `^Awaiting a Decision\\s*${count(data.stats.pendingApplications)}\\s*Waiting for your internal review or for the sponsor$`,
    ),
  );
  await expect(card(page, 'Active Researchers')).toContainText(
    `${count(data.stats.activeResearchers)} of ${count(data.researchersTotal)} active`,
  );
}

/** The funding table's rows as [name, awards, amount]. */
async function fundingRows(table: Locator): Promise<string[][]> {
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) =>
      Array.from(row.querySelectorAll('th, td'))
        .slice(0, 3)
        .map((cell) => cell.textContent?.trim() ?? ''),
    ),
  );
}

/** A CSV file's records (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else {
      field += c;
    }
  }
  if (field || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

test('the dashboard’s figures, charts, filters and links agree with each other and with Grant Status and its export', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInOffice(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  const fiscal = await overviewFor(page, '');
  await expectCards(page, fiscal);
  // The Catalogue card counts the catalogue as the API does; the demo refreshes nothing on a schedule.
  const catalogue = (await (
    await page.request.get('/api/v1/admin/catalogue')
  ).json()) as AdminCatalogue;
  const catalogueCard = page.getByRole('region', { name: 'Catalogue' });
  await expect(catalogueCard).toContainText(
    `The catalogue today: ${count(catalogue.records.total)} grants`,
  );
  await expect(catalogueCard).toContainText('Not scheduled on this server');
  expect(
    fiscal.fundingByAgency.length,
    'the demo data has awards this fiscal year',
  ).toBeGreaterThan(0);

  // The pie's table shows the API's figures, by agency and by department.
  const funding = page.getByRole('region', { name: 'Funding Overview' });
  const table = funding.getByRole('table');
  const rowsOf = (slices: AdminOverview['fundingByAgency']) =>
    slices.map((s) => [s.name, count(s.awards), money(s.amount)]);
  await expect(funding.getByRole('button', { name: 'By agency' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(table.getByRole('columnheader', { name: 'Agency' })).toBeVisible();
  expect(await fundingRows(table)).toEqual(rowsOf(fiscal.fundingByAgency));
  await expect(table.locator('tfoot')).toContainText(money(fiscal.stats.totalFundingAchieved));
  await funding.getByRole('button', { name: 'By department' }).click();
  await expect(funding.getByRole('button', { name: 'By department' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(table.getByRole('columnheader', { name: 'Department' })).toBeVisible();
  expect(await fundingRows(table)).toEqual(rowsOf(fiscal.fundingByDepartment));
  await expect(table.locator('tfoot')).toContainText(money(fiscal.stats.totalFundingAchieved));
  await funding.getByRole('button', { name: 'By agency' }).click();

  // The timeline's table has one row per item.
  const timeline = page.getByRole('region', { name: 'Active Grants Timeline' });
  await timeline.getByRole('button', { name: 'Show as table' }).click();
  const timelineTable = timeline.getByRole('region', { name: 'Timeline as a table' });
  await expect(timelineTable.locator('tbody tr')).toHaveCount(fiscal.timeline.length);
  await timeline.getByRole('button', { name: 'Show as chart' }).click();

  // The period picker changes the address and the figures.
  await page.getByLabel('Period', { exact: true }).selectOption('last12');
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  const last12 = new URL(page.url()).search;
  await expectCards(page, await overviewFor(page, last12));

  await page.getByLabel('Period', { exact: true }).selectOption('custom');
  await page.getByLabel('From', { exact: true }).fill('2001-01-01');
  await page.getByLabel('To', { exact: true }).fill('2001-12-31');
  await page.getByRole('button', { name: 'Apply dates' }).click();
  await expect(page).toHaveURL(/from=2001-01-01&to=2001-12-31/);
  await expect(card(page, 'Total Funding Achieved')).toContainText('$0');
  await expect(funding).toContainText('No awards in this period');

  // The department filter too, back in this fiscal year.
  await page.getByLabel('Period', { exact: true }).selectOption('fiscal');
  await expect(page).toHaveURL(new RegExp(`from=${fiscal.period.from}&to=${fiscal.period.to}`));
  await expectCards(page, fiscal);
  const department = fiscal.fundingByDepartment[0]!.name;
  await page.getByLabel('Department', { exact: true }).selectOption(department);
  await expect(page).toHaveURL(
    new RegExp(`department=${encodeURIComponent(department).replace(/%20/g, '(%20|\\+)')}`),
  );
  const inDepartment = await overviewFor(page, new URL(page.url()).search);
  expect(inDepartment.department).toBe(department);
  await expectCards(page, inDepartment);
  expect(inDepartment.stats.totalFundingAchieved).toBe(fiscal.fundingByDepartment[0]!.amount);
  // Active Researchers leads to the department's active people, last signed in first.
  await card(page, 'Active Researchers').click();
  await expect(page).toHaveURL(
    /\/admin\/manage\?status=active&department=.+&sort=lastSignInAt&order=desc/,
  );
  await expect(page.getByText(`Showing only active researchers in ${department}.`)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText(
    new RegExp(`\\d of ${inDepartment.researchersTotal}Previous`),
  );
  await page.goBack();
  await expectCards(page, inDepartment);
  await page.getByLabel('Department', { exact: true }).selectOption('');
  await expect(page).not.toHaveURL(/department=/);
  await expectCards(page, fiscal);

  // Total Funding Achieved leads to the awards it sums, on Grant Status.
  const awards = fiscal.fundingByAgency.reduce((sum, s) => sum + s.awards, 0);
  await expect(card(page, 'Total Funding Achieved')).toContainText(`${count(awards)} award`);
  await card(page, 'Total Funding Achieved').click();
  await expect(page).toHaveURL(
    new RegExp(`/admin/grants\\?status=awarded&from=${fiscal.period.from}&to=${fiscal.period.to}`),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Grant Status' })).toBeVisible();
  const statusCards = page.getByRole('region', { name: 'Applications in figures' });
  const awarded = statusCards.getByRole('link', { name: /^Awarded/ });
  await expect(awarded).toHaveAttribute('aria-current', 'true');
  await expect(awarded).toContainText(new RegExp(`^Awarded\\s*${count(awards)}\\D`));
  const list = page.getByRole('region', { name: `Awarded in the period (${count(awards)})` });
  await expect(list).toBeVisible();
  // Pending Review and Applied add up to the dashboard's Awaiting a Decision, and say which is which.
  await expect(statusCards.getByRole('link', { name: /^Pending Review/ })).toContainText(
    'waiting for you to approve or return',
  );
  await expect(statusCards.getByRole('link', { name: /^Applied/ })).toContainText(
    'waiting for the sponsor’s decision',
  );
  const pipeline = await (
    await page.request.get(`/api/v1/admin/pipeline${new URL(page.url()).search}`)
  ).json();
  expect(pipeline.counts.pendingReview + pipeline.counts.applied).toBe(
    fiscal.stats.pendingApplications,
  );
  // The way to the review queue (a page of its own, pipeline) is on the page.
  await expect(page.getByRole('region', { name: /^Waiting for internal review/ })).toBeVisible();

  // The export carries the same filter: the same awarded applications.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    list.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const records = parseCsv(fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, ''));
  expect(records[0]!.join(',')).toBe(csvHeader);
  const body = records.slice(1).filter((r) => r.length > 1);
  expect(body).toHaveLength(awards);
  expect(body.every((r) => r[5] === 'awarded')).toBe(true);

  // Another card picks another list.
  await statusCards.getByRole('link', { name: /^Rejected/ }).click();
  await expect(page).toHaveURL(/status=rejected/);
  await expect(
    page.getByRole('region', {
      name: `Rejected in the period (${count(pipeline.counts.rejected)})`,
    }),
  ).toBeVisible();

  // Awaiting a Decision leads to exactly the applications it counts.
  await page.goto('/admin/dashboard');
  await card(page, 'Awaiting a Decision').click();
  await expect(page).toHaveURL(/status=pending(&|$)/);
  await expect(
    page.getByRole('region', {
      name: `Pending: in internal review or with the sponsor (${count(fiscal.stats.pendingApplications)})`,
    }),
  ).toBeVisible();
});

test('a researcher’s detail shows every panel, and an unknown researcher is not found', async ({
  page,
  allowConsoleError,
}) => {
  test.setTimeout(120_000);
  await signInOffice(page);
  const activity = page.getByRole('region', { name: 'Professor Activity' });
  const first = activity.getByRole('rowheader').first().getByRole('link');
  const name = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/admin\/researcher\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Researcher Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  for (const panel of [
    'Grant Pipeline',
    'Performance Metrics',
    'Collaborations',
    'Notifications',
    'Tasks',
  ]) {
    await expect(page.getByRole('region', { name: panel, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Performance Metrics' })).toContainText(
    /Grant success rate|No data yet/,
  );
  await page.getByRole('link', { name: 'Back to Researchers' }).click();
  await expect(page).toHaveURL(/\/admin\/manage$/);

  allowConsoleError(failedResource(404));
  await page.goto('/admin/researcher/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Researcher not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Researchers' })).toHaveAttribute(
    'href',
    '/admin/manage',
  );
  allowConsoleError(failedResource(400));
  await page.goto('/admin/researcher/nobody');
  await expect(page.getByRole('heading', { name: 'Researcher not found' })).toBeVisible();
});

/** Presses Tab until `target` has focus (at most `most` times). */
async function tabTo(page: Page, target: Locator, most = 60) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('Grant Status shows every application of a long list, a page at a time, by keyboard', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInOffice(page);
  const search = `?from=2000-01-01&to=${new Date().toISOString().slice(0, 10)}`;
  const first = await (await page.request.get(`/api/v1/admin/pipeline${search}`)).json();
  expect(first.applicationsTotal, 'the demo history holds more than a page').toBeGreaterThan(
    first.applications.length,
  );
  await page.goto(`/admin/grants${search}`);
  const list = page.getByRole('region', {
    name: `All applications live in the period (${count(first.applicationsTotal)})`,
  });
  const items = list.getByRole('listitem');
  await expect(items).toHaveCount(10);
  const more = list.getByRole('button', { name: /^Show more/ });
  await more.focus();
  let shown = 10;
  while (shown < first.applicationsTotal) {
    await expect(more).toHaveText(/^Show more \(/);
    await page.keyboard.press('Enter');
    shown = Math.min(shown + 20, first.applicationsTotal);
    await expect(items).toHaveCount(shown);
  }
  await expect(more).toHaveCount(0);
  // Each application once.
  const links = await items.evaluateAll((rows) =>
    rows.map((row) => row.querySelector('a')?.getAttribute('href')),
  );
  expect(new Set(links).size).toBe(first.applicationsTotal);
});

test('Applications of your institution come 25 at a time, and by stage', async ({ page }) => {
  test.setTimeout(120_000);
  await signInOffice(page);
  await page.goto('/admin/grants');
  const list = page.getByRole('region', { name: /^Applications of your institution \(/ });
  const items = list.getByRole('listitem');
  await expect(items).toHaveCount(25);
  const total = Number((await list.getByRole('heading').textContent())!.replace(/\D/g, ''));
  expect(total, 'the demo history holds more than a page').toBeGreaterThan(25);
  const more = list.getByRole('button', { name: /^Show more/ });
  await expect(more).toHaveText(
    `Show more (${Math.min(25, total - 25)} of ${count(total - 25)} left)`,
  );
  await more.click();
  await expect(items).toHaveCount(Math.min(50, total));
  const links = await items.evaluateAll((rows) =>
    rows.map((row) => row.querySelector('a')?.getAttribute('href')),
  );
  expect(new Set(links).size, 'each application once').toBe(links.length);

  // One stage: every row shows it, and the count in the heading is theirs.
  await list.getByLabel('Stage').selectOption('rejected');
  await expect(list.getByRole('heading')).not.toHaveText(
    `Applications of your institution (${count(total)})`,
  );
  const rejected = Number((await list.getByRole('heading').textContent())!.replace(/\D/g, ''));
  expect(rejected).toBeGreaterThan(0);
  await expect(items).toHaveCount(Math.min(25, rejected));
  await expect(items.filter({ hasText: 'REJECTED' })).toHaveCount(Math.min(25, rejected));
});

test('the dashboard works by keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  await signInOffice(page);
  await expect(card(page, 'Total Funding Achieved')).toBeVisible();

  // The period picker, by arrow key: the address changes.
  await tabTo(page, page.getByLabel('Period', { exact: true }));
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=/);
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue('last12');

  await tabTo(page, page.getByLabel('Department', { exact: true }));
  await tabTo(page, card(page, 'Total Funding Achieved'));
  await tabTo(page, card(page, 'Active Researchers'));
  const timeline = page.getByRole('region', { name: 'Active Grants Timeline' });
  await tabTo(page, timeline.getByRole('button', { name: 'Show as table' }));
  await page.keyboard.press('Enter');
  await expect(timeline.getByRole('region', { name: 'Timeline as a table' })).toBeVisible();
  // Past the timeline's table (up to 40 rows, each with its links).
  await tabTo(page, page.getByRole('link', { name: /^Invite a researcher/ }), 200);
  const byDepartment = page.getByRole('button', { name: 'By department' });
  await tabTo(page, byDepartment);
  await page.keyboard.press('Space');
  await expect(byDepartment).toHaveAttribute('aria-pressed', 'true');
  const firstResearcher = page
    .getByRole('region', { name: 'Professor Activity' })
    .getByRole('rowheader')
    .first()
    .getByRole('link');
  await tabTo(page, firstResearcher, 120);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/researcher\//);
  await tabTo(page, page.getByRole('link', { name: 'Back to Researchers' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/manage$/);
});

test('Professor Activity says when it scrolls sideways and scrolls by keyboard; the sidebar runs the page’s length', async ({
  page,
}) => {
  await signInOffice(page);
  const activity = page.getByRole('region', { name: 'Professor Activity' });
  const scroller = activity.getByRole('region', { name: 'Professor activity table' });
  const cue = activity.getByText('Scroll sideways for more columns');
  await expect(scroller.getByRole('rowheader').first()).toBeVisible();
  await expect(cue).toHaveCount(0);

  // The sidebar's column is as long as the page (issue 30), and its links stay in view at the end.
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  const [columnHeight, pageHeight] = await sidebar.evaluate((nav) => [
    nav.parentElement!.getBoundingClientRect().height,
    document.documentElement.scrollHeight,
  ]);
  expect(pageHeight).toBeGreaterThan(1600);
  expect(Math.abs(columnHeight! - pageHeight!)).toBeLessThan(1);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(sidebar.getByRole('link', { name: 'Manage', exact: true })).toBeInViewport();

  // On a phone the table is wider than its panel: a line says so, and arrow keys scroll it.
  await page.setViewportSize(viewports.phone);
  await expect(cue).toBeVisible();
  await expect(scroller).toHaveAccessibleDescription('Scroll sideways for more columns');
  await scroller.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expectAccessible(page, 'the dashboard on a phone, Professor Activity scrolled');
  await page.setViewportSize(viewports.desktop);
});

test('axe finds nothing on the dashboard, Grant Status and a researcher’s detail at desktop and phone widths', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInOffice(page);
  await expect(card(page, 'Total Funding Achieved')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await checkWithAxe(page, 'admin-dashboard');
  // The charts' tables too.
  await page
    .getByRole('region', { name: 'Active Grants Timeline' })
    .getByRole('button', { name: 'Show as table' })
    .click();
  await page.getByRole('button', { name: 'By department' }).click();
  await checkWithAxe(page, 'admin-dashboard-tables');

  await page.goto('/admin/grants');
  await expect(page.getByRole('region', { name: 'Applications in figures' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Waiting for internal review/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await checkWithAxe(page, 'admin-grant-status');

  await page.goto('/admin/dashboard');
  await page
    .getByRole('region', { name: 'Professor Activity' })
    .getByRole('rowheader')
    .first()
    .getByRole('link')
    .click();
  await expect(page.getByRole('region', { name: 'Performance Metrics' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await checkWithAxe(page, 'admin-researcher');
});
