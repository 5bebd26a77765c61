// Exports (issue 29 §4): on the search page and on My Grants, the Export
// links download a CSV and an Excel file whose first row is the list's first
// item on screen; the control is there at phone width, and the pages pass axe
// (expectAccessible) at desktop and phone widths.
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { checkAtBothWidths } from './axe';
import { demoAccounts, expect, signInAndLand, test, viewports } from './fixtures';

async function signInAs(page: Page) {
  await signInAndLand(page, demoAccounts.researcher, 'researcher');
}

/** Clicks a link that downloads, and returns the file's rows (header first) and its name. */
async function download(page: Page, link: Locator): Promise<{ name: string; rows: string[][] }> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const bytes = fs.readFileSync(await file.path());
  const name = file.suggestedFilename();
  if (name.endsWith('.csv')) return { name, rows: parse(bytes.toString('utf8'), { bom: true }) as string[][] };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return { name, rows };
}

const exportGroup = (page: Page, what: string) => page.getByRole('group', { name: `Export ${what}` });

test('the search results download as CSV and Excel, the first row the first result', async ({ page }) => {
  await signInAs(page);
  await page.goto('/dashboard/search?q=ocean');
  const results = page.getByRole('region', { name: /grants? found$/ });
  const first = results.getByRole('article').first().getByRole('heading', { level: 3 });
  await expect(first).toBeVisible();
  const title = (await first.textContent())!.trim();
  const group = exportGroup(page, 'search results');
  const csvLink = group.getByRole('link', { name: 'Export search results as CSV' });
  await expect(csvLink).toHaveAttribute('href', /\/api\/v1\/grants\/search\.csv\?.*q=ocean/);
  const csv = await download(page, csvLink);
  expect(csv.name).toMatch(/^grantbridge-search-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.rows[0]!.slice(0, 2)).toEqual(['Opportunity number', 'Title']);
  expect(csv.rows[1]![1]).toBe(title);
  const xlsx = await download(page, group.getByRole('link', { name: 'Export search results as Excel' }));
  expect(xlsx.name).toMatch(/\.xlsx$/);
  expect(xlsx.rows[1]![1]).toBe(title);
  expect(xlsx.rows.length).toBe(csv.rows.length);

  await page.setViewportSize(viewports.phone);
  await expect(group.getByRole('link', { name: 'Export search results as CSV' })).toBeVisible();
  await page.setViewportSize(viewports.desktop);
  await checkAtBothWidths(page, 'exports-search');
});

test('My Grants downloads the saved grants and the applications, the first rows the lists’ first', async ({ page }) => {
  await signInAs(page);
  await page.goto('/dashboard/grants');
  const saved = page.getByRole('region', { name: /^Saved grants/ });
  const firstSaved = (await saved.getByRole('heading', { level: 3 }).first().textContent())!.trim();
  const savedCsv = await download(page, exportGroup(page, 'saved grants').getByRole('link', { name: 'Export saved grants as CSV' }));
  expect(savedCsv.name).toMatch(/^grantbridge-saved-grants-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(savedCsv.rows[1]![1]).toBe(firstSaved);
  const savedXlsx = await download(page, exportGroup(page, 'saved grants').getByRole('link', { name: 'Export saved grants as Excel' }));
  expect(savedXlsx.rows[1]![1]).toBe(firstSaved);

  // The list on screen is the applications in progress; the file has all of them, newest first.
  const applications = page.getByRole('region', { name: /^Applications in progress/ });
  const firstInProgress = (await applications.getByRole('heading', { level: 3 }).first().textContent())!.trim();
  const appsCsv = await download(page, exportGroup(page, 'applications').getByRole('link', { name: 'Export applications as CSV' }));
  expect(appsCsv.name).toMatch(/^grantbridge-applications-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(appsCsv.rows[0]).toContain('Team role');
  const inProgress = appsCsv.rows.slice(1).filter((r) => ['Drafting', 'Internal review', 'Submitted', 'Under review'].includes(r[3]!));
  expect(inProgress[0]![1]).toBe(firstInProgress);
  const appsXlsx = await download(page, exportGroup(page, 'applications').getByRole('link', { name: 'Export applications as Excel' }));
  expect(appsXlsx.rows.map((r) => r[1])).toEqual(appsCsv.rows.map((r) => r[1]));

  await page.setViewportSize(viewports.phone);
  await expect(exportGroup(page, 'applications').getByRole('link', { name: 'Export applications as CSV' })).toBeVisible();
  await expect(exportGroup(page, 'saved grants').getByRole('link', { name: 'Export saved grants as Excel' })).toBeVisible();
  await page.setViewportSize(viewports.desktop);
  // axe at both widths (expectAccessible), with a screenshot of each.
  await checkAtBothWidths(page, 'exports-my-grants', { fromTop: true });
});
