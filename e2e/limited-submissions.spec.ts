// Limited submissions (issue 29 §1): the research office marks an open grant
// as limited; the demo researcher sees "Limited: 2 per institution · …" on the
// grant page and in search results, and submits a pre-proposal with a PDF
// instead of Apply Now; the office selects it on the review page, and it
// appears as an application. axe at desktop and phone widths on the grant page
// and the review page (and the office's list).
import type { Browser, Page } from '@playwright/test';
import { checkAtBothWidths } from './axe';
import { demoAccounts, expect, signInAndLand, test } from './fixtures';

const shots = (name: string) => ({ fromTop: true, file: (width: string) => `/tmp/pw-ls/screens/${name}-${width}.png` });

type Candidate = { id: string; title: string; opportunityNumber: string };

/** An open grant the demo researcher has not applied to and that is not limited yet (found as the pages ask). */
async function freeGrant(page: Page): Promise<Candidate> {
  for (const q of ['research', 'science', 'health', 'education']) {
    const found = await page.request.get(`/api/v1/grants/search?q=${q}&pageSize=50`);
    const { results } = (await found.json()) as {
      results: { grant: Candidate & { status: string; closeDate: string | null }; limitedSubmission?: unknown }[];
    };
    for (const r of results) {
      if (r.grant.status !== 'posted' || r.limitedSubmission || !r.grant.closeDate) continue;
      if (r.grant.closeDate < new Date(Date.now() + 40 * 864e5).toISOString().slice(0, 10)) continue;
      const detail = (await (await page.request.get(`/api/v1/grants/${r.grant.id}`)).json()) as { grant: { viewer: { application: unknown } } };
      if (!detail.grant.viewer.application) return r.grant;
    }
  }
  throw new Error('no open grant free for the journey');
}

async function signedIn(browser: Browser, email: string, role: 'researcher' | 'admin') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAndLand(page, email, role);
  return page;
}

/** A small real PDF. */
function pdf(): Buffer {
  const body = '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  return Buffer.from(body, 'latin1');
}

test('the office limits a grant, a researcher sends a pre-proposal, the office selects it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const researcher = await signedIn(browser, demoAccounts.researcher, 'researcher');
  const grant = await freeGrant(researcher);

  // The office marks it limited: two per institution.
  await signInAndLand(page, demoAccounts.admin, 'admin');
  await page.getByRole('link', { name: 'Limited', exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/limited-submissions$/);
  await expect(page.getByRole('heading', { name: 'Limited Submissions', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Grant' }).fill(grant.opportunityNumber);
  await page.getByRole('option', { name: new RegExp(grant.opportunityNumber.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
  await page.getByRole('button', { name: 'Mark as limited' }).click();
  const listed = page.getByRole('link', { name: grant.title });
  await expect(listed).toBeVisible();
  await checkAtBothWidths(page, 'limited-list', shots('limited-list'));

  // The researcher sees the line on the grant page and in search results, and sends a pre-proposal.
  await researcher.goto(`/dashboard/search?q=${encodeURIComponent(grant.opportunityNumber)}`);
  await expect(researcher.getByTestId('limited-line').first()).toContainText('Limited: 2 per institution · 2 places left · internal deadline');
  await researcher.goto(`/dashboard/grant/${grant.id}`);
  const line = researcher.getByTestId('limited-line');
  await expect(line).toContainText('Limited: 2 per institution · 2 places left · internal deadline');
  await expect(researcher.getByRole('button', { name: 'Apply Now' })).toHaveCount(0);
  await checkAtBothWidths(researcher, 'limited-grant', shots('limited-grant'));
  await researcher.getByRole('button', { name: 'Submit a pre-proposal' }).click();
  const dialog = researcher.getByRole('dialog', { name: 'Submit a pre-proposal' });
  await dialog.getByLabel('Abstract').fill('A shared instrument for three departments, with a staffed core and training for graduate students.');
  await dialog.getByLabel(/PDFs/).setInputFiles({ name: 'narrative.pdf', mimeType: 'application/pdf', buffer: pdf() });
  await checkAtBothWidths(researcher, 'limited-pre-proposal-form', { ...shots('limited-pre-proposal-form'), fullPage: false });
  await dialog.getByRole('button', { name: 'Send the pre-proposal' }).click();
  await expect(dialog).toBeHidden();
  await expect(researcher.getByText('Your pre-proposal:')).toContainText('Submitted');

  // The office selects it on the review page: a place is taken and the application has started.
  await listed.click();
  await expect(page).toHaveURL(/\/admin\/limited-submissions\/[0-9a-f-]{36}$/);
  const card = page.getByRole('article').filter({ hasText: 'narrative.pdf' });
  await expect(card).toContainText('A shared instrument for three departments');
  await expect(page.getByTestId('places-left')).toHaveText('2');
  await checkAtBothWidths(page, 'limited-review', shots('limited-review'));
  // A colleague is invited to review: typed text alone is not a choice; picking from the list is.
  const reviewers = page.getByRole('region', { name: 'Reviewers' });
  await expect(reviewers).toContainText('No reviewer invited yet.');
  const person = reviewers.getByRole('combobox', { name: 'Invite a reviewer' });
  await person.fill('Felix');
  await reviewers.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(reviewers.getByText('Choose a researcher from the list')).toBeVisible();
  await person.fill('Felix Nov');
  await page.getByRole('option', { name: /Felix Novak \(/ }).click();
  await reviewers.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(reviewers.getByRole('listitem').filter({ hasText: 'Felix Novak' })).toBeVisible();
  await expect(person).toHaveValue('');
  await card.getByRole('button', { name: /^Select/ }).click();
  await expect(card.getByText('Selected', { exact: true })).toBeVisible();
  await expect(page.getByTestId('places-left')).toHaveText('1');
  await checkAtBothWidths(page, 'limited-review-selected', shots('limited-review-selected'));
  await card.getByRole('link', { name: 'Open the application' }).click();
  await expect(page).toHaveURL(/\/admin\/applications\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: grant.title }).first()).toBeVisible();

  // And the researcher's grant page now opens the application.
  await researcher.reload();
  await expect(researcher.getByRole('link', { name: 'Open your application' })).toBeVisible();
  await researcher.context().close();
});

test('an invited reviewer reaches the review page from the notice and scores a pre-proposal', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAndLand(page, 'felix.novak@example.edu', 'researcher');
  // The demo office invited him to review its limited call: the notice links to the grant.
  let link = '';
  await expect
    .poll(
      async () => {
        const { items } = (await (await page.request.get('/api/v1/notifications?limit=100')).json()) as { items: { title: string; link: string }[] };
        link = items.find((n) => n.title.includes('asked you to review pre-proposals'))?.link ?? '';
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  await page.goto(link);
  await expect(page.getByTestId('limited-line')).toContainText('Limited: 2 per institution · 1 place left');
  await page.getByRole('link', { name: 'Review the pre-proposals' }).click();
  await expect(page).toHaveURL(/\/dashboard\/limited-submissions\/[0-9a-f-]{36}$/);
  const card = page.getByRole('article').filter({ has: page.getByText('Submitted', { exact: true }) }).first();
  await card.getByLabel('Score', { exact: true }).selectOption('4');
  await card.getByLabel('Comment').fill('Clear aims; the budget needs a line for the service contract.');
  await card.getByRole('button', { name: 'Save the review' }).click();
  await expect(card).toContainText('4 / 5');
  await expect(page.getByRole('button', { name: /^Select/ })).toHaveCount(0);
  await checkAtBothWidths(page, 'limited-reviewer', shots('limited-reviewer'));
});
