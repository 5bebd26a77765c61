// The grant page as a researcher: the catalogue record (summary, eligibility,
// dates, funding, the Grants.gov link), recommended collaborators and their
// dialog, bookmark, share, Apply Now, and "Grant not found".
// Each journey that changes something uses a grant no other journey touches.
import type { Page } from '@playwright/test';
import {
  demoAccounts,
  expect,
  failedResource,
  signInAndLand,
  test,
  type ViewportName,
  viewports,
} from './fixtures';

type Detail = {
  id: string;
  title: string;
  status: string;
  researchAreas: string[];
  description: string | null;
  objectives: string | null;
  programTitle: string | null;
  cfdaNumbers: string[];
  portalUrl: string;
  eligibility: { applicantTypes: { code: string; label: string }[]; text: string | null };
  dates: Record<'posted' | 'closing' | 'archive' | 'award' | 'projectStart', string | null>;
  funding: {
    ceiling: number | null;
    floor: number | null;
    total: number | null;
    expectedAwards: number | null;
    costSharing: boolean | null;
  };
};

type Collaborator = {
  id: string;
  name: string;
  institution: string;
  score: number;
  complementaryAreas: string[];
  matchingAreas: string[];
  suggestedGrants: { id: string; title: string }[];
};

/** Grants by opportunity number, found through the API with words of their titles. */
const grants = {
  owlSurveys: { words: 'mexican spotted owl surveys', number: 'N62473-14-2-0007' },
  eagleEcology: { words: 'research golden eagle ecology', number: 'F14AS00202' },
  eaglePopulation: { words: 'golden eagle population estimation', number: 'F14AS00356' },
  klamathCarcass: {
    words: 'escapement enumeration klamath',
    number: 'FWS-R8-YFWO-FISHERIES-FP-04',
  },
  bogusCreek: { words: 'bogus creek salmon studies', number: 'FWS-R8-YREKA-FISHERIES-FP-02' },
} as const;

async function signInAsResearcher(page: Page) {
  await signInAndLand(page, demoAccounts.researcher, 'researcher');
}

async function findGrant(page: Page, grant: { words: string; number: string }): Promise<Detail> {
  const search = await page.request.get('/api/v1/grants/search', {
    params: { q: grant.words, status: 'forecasted,posted,closed,archived', pageSize: 20 },
  });
  expect(search.ok()).toBe(true);
  const { results } = (await search.json()) as {
    results: { grant: { id: string; opportunityNumber: string } }[];
  };
  const hit = results.find((r) => r.grant.opportunityNumber === grant.number);
  expect(hit, `grant ${grant.number} in the demo catalogue`).toBeDefined();
  const detail = await page.request.get(`/api/v1/grants/${hit!.grant.id}`);
  return ((await detail.json()) as { grant: Detail }).grant;
}

async function openGrant(page: Page, grant: Detail) {
  await page.goto(`/dashboard/grant/${grant.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Grant Details' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: grant.title })).toBeVisible();
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const day = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const shownDate = (iso: string | null) =>
  iso ? day.format(new Date(`${iso}T00:00:00Z`)) : 'Not stated';
const shownMoney = (value: number | null) => (value === null ? 'Not stated' : usd.format(value));

/** The value beside a label in one of the page's fact lists. */
function fact(page: Page, section: string, label: string) {
  return page.getByRole('region', { name: section }).locator(`dt:text-is("${label}") + dd`);
}

/** Areas match by case-insensitive substring either way (DESIGN §7). */
const areasMatch = (a: string, b: string) =>
  a.toLowerCase().includes(b.toLowerCase()) || b.toLowerCase().includes(a.toLowerCase());

for (const name of Object.keys(viewports) as ViewportName[]) {
  test.describe(`${name} width`, () => {
    test.use({ viewport: viewports[name] });

    test('the page shows the catalogue record: summary, Grants.gov link, eligibility, dates and funding', async ({
      page,
    }) => {
      await signInAsResearcher(page);
      const grant = await findGrant(page, grants.owlSurveys);
      expect(grant.status).toBe('archived');
      await openGrant(page, grant);

      const summary = page.getByRole('region', { name: grant.title });
      await expect(summary.getByText('Archived', { exact: true })).toBeVisible();
      await expect(summary.getByText(/^\d+% profile match$/)).toBeVisible();
      await expect(
        summary.getByRole('list', { name: 'Research areas' }).getByRole('listitem'),
      ).toHaveText(grant.researchAreas);

      // A long description is folded and can be unfolded.
      expect(grant.description!.length).toBeGreaterThan(700);
      const more = summary.getByRole('button', { name: 'Show more' });
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      const tail = grant.description!.slice(-60).trim();
      await expect(summary.getByText(tail, { exact: false })).toHaveCount(0);
      await more.click();
      await expect(summary.getByText(tail, { exact: false })).toBeVisible();
      await summary.getByRole('button', { name: 'Show less' }).click();
      await expect(summary.getByText(tail, { exact: false })).toHaveCount(0);

      await expect(summary.getByRole('heading', { name: 'Objectives' })).toBeVisible();
      await expect(summary).toContainText(
        `Program: ${grant.programTitle} (Assistance Listing ${grant.cfdaNumbers.join(', ')})`,
      );
      await expect(summary).toContainText(grant.objectives!.slice(0, 80));

      // Grants.gov opens in a new tab, without handing it this page (no navigation: there is no internet).
      const portal = summary.getByRole('link', { name: 'View on Grants.gov (opens in a new tab)' });
      await expect(portal).toHaveAttribute('href', grant.portalUrl);
      expect(grant.portalUrl).toMatch(/^https:\/\/www\.grants\.gov\//);
      await expect(portal).toHaveAttribute('target', '_blank');
      await expect(portal).toHaveAttribute('rel', /\bnoopener\b/);

      // Applicant types are the code tables' labels, not codes.
      const applicants = page
        .getByRole('region', { name: 'Eligibility' })
        .getByRole('list', { name: 'Eligible applicants' });
      await expect(applicants.getByRole('listitem')).toHaveText(
        grant.eligibility.applicantTypes.map((t) => t.label),
      );
      for (const type of grant.eligibility.applicantTypes)
        expect(type.label).not.toMatch(/^\d+$|Other applicant type/);
      await expect(page.getByRole('region', { name: 'Eligibility' })).toContainText(
        grant.eligibility.text?.slice(0, 100) ?? 'No additional requirements stated.',
      );

      await expect(fact(page, 'Important dates', 'Posted')).toHaveText(
        shownDate(grant.dates.posted),
      );
      await expect(fact(page, 'Important dates', 'Closing')).toHaveText(
        shownDate(grant.dates.closing),
      );
      await expect(fact(page, 'Important dates', 'Archive')).toHaveText(
        shownDate(grant.dates.archive),
      );
      await expect(fact(page, 'Important dates', 'Estimated award')).toHaveText(
        shownDate(grant.dates.award),
      );
      await expect(fact(page, 'Important dates', 'Project start')).toHaveText(
        shownDate(grant.dates.projectStart),
      );

      await expect(fact(page, 'Funding information', 'Award ceiling')).toHaveText(
        shownMoney(grant.funding.ceiling || null),
      );
      await expect(fact(page, 'Funding information', 'Award floor')).toHaveText(
        shownMoney(grant.funding.floor),
      );
      await expect(fact(page, 'Funding information', 'Total program funding')).toHaveText(
        shownMoney(grant.funding.total || null),
      );
      await expect(fact(page, 'Funding information', 'Expected awards')).toHaveText(
        String(grant.funding.expectedAwards ?? 'Not stated'),
      );
      await expect(fact(page, 'Funding information', 'Cost sharing')).toHaveText(
        grant.funding.costSharing === null
          ? 'Not stated'
          : grant.funding.costSharing
            ? 'Yes'
            : 'No',
      );

      // A grant that closed long ago takes no new application.
      const funding = page.getByRole('region', { name: 'Funding information' });
      await expect(funding.getByRole('button', { name: 'Closed for applications' })).toBeDisabled();
      await expect(funding).toContainText(
        `This opportunity is archived; it closed on ${shownDate(grant.dates.closing)}.`,
      );
      await expect(funding.getByRole('button', { name: 'Apply Now' })).toHaveCount(0);

      // Back goes to the researcher's grants.
      const back = page.getByRole('link', { name: 'Back to Grants' });
      await expect(back).toHaveAttribute('href', '/dashboard/grants');
      await back.click();
      await expect(page).toHaveURL('/dashboard/grants');
      await expect(page.getByRole('heading', { level: 1, name: 'Grants' })).toBeVisible();
    });

    test('collaborators from other institutions: pointing at one highlights the areas they cover; the dialog shows at most two grants', async ({
      page,
    }) => {
      await signInAsResearcher(page);
      const grant = await findGrant(page, grants.owlSurveys);
      const answer = await page.request.get(`/api/v1/grants/${grant.id}/collaborators`);
      const { collaborators } = (await answer.json()) as { collaborators: Collaborator[] };
      expect(collaborators.length).toBeGreaterThan(0);
      await openGrant(page, grant);

      const panel = page.getByRole('region', { name: 'Recommended collaborators' });
      const people = panel.getByRole('listitem').filter({ has: page.getByRole('button') });
      await expect(people).toHaveCount(collaborators.length);
      expect(collaborators.length).toBeLessThanOrEqual(3);
      for (const [i, person] of collaborators.entries()) {
        expect(person.institution).not.toBe('Example State University');
        expect(person.score).toBeGreaterThan(0);
        await expect(people.nth(i)).toContainText(person.name);
        await expect(people.nth(i)).toContainText(person.institution);
        await expect(people.nth(i)).toContainText(`Fit ${Math.round(person.score * 100)} of 100`);
      }

      // Pointing at a person highlights the grant's areas they cover; moving away clears it.
      const areas = page.getByRole('list', { name: 'Research areas' });
      const first = collaborators[0]!;
      const covered = grant.researchAreas.filter((area) =>
        [...first.complementaryAreas, ...first.matchingAreas].some((m) => areasMatch(m, area)),
      );
      expect(covered.length).toBeGreaterThan(0);
      const firstButton = people.first().getByRole('button');
      await firstButton.hover();
      await expect(areas.getByText(`(covered by ${first.name})`)).toHaveCount(covered.length);
      for (const area of covered) {
        await expect(areas.getByRole('listitem').filter({ hasText: area })).toContainText(
          `covered by ${first.name}`,
        );
      }
      await panel.getByRole('heading', { name: 'Recommended collaborators' }).hover();
      await expect(areas.getByText(/covered by/)).toHaveCount(0);
      // Focus does the same for keyboard users.
      await firstButton.focus();
      await expect(areas.getByText(`(covered by ${first.name})`)).toHaveCount(covered.length);
      await firstButton.blur();
      await expect(areas.getByText(/covered by/)).toHaveCount(0);

      // The dialog: the person's details and at most two suggested grants.
      const withGrants = collaborators.findIndex((c) => c.suggestedGrants.length > 0);
      expect(withGrants).toBeGreaterThanOrEqual(0);
      const person = collaborators[withGrants]!;
      await people.nth(withGrants).getByRole('button').click();
      const dialog = page.getByRole('dialog', { name: person.name });
      await expect(dialog).toContainText(person.institution);
      await expect(dialog).toContainText(`Fit for this grant ${Math.round(person.score * 100)} of 100.`);
      const suggested = dialog.getByRole('listitem').getByRole('link');
      await expect(suggested).toHaveCount(Math.min(2, person.suggestedGrants.length));
      await expect(dialog.getByRole('link', { name: `View ${person.name}’s profile` })).toHaveAttribute(
        'href',
        `/dashboard/researcher/${person.id}`,
      );
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(people.nth(withGrants).getByRole('button')).toBeFocused();

      // A suggested grant opens its own page.
      await people.nth(withGrants).getByRole('button').click();
      const target = person.suggestedGrants[0]!;
      await dialog
        .getByRole('link', {
          name: new RegExp(`^${target.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
        })
        .click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(`/dashboard/grant/${target.id}`);
      await expect(page.getByRole('heading', { level: 2, name: target.title })).toBeVisible();
    });

    test('bookmark toggles with the seed’s toasts and is kept for the user', async ({ page }) => {
      await signInAsResearcher(page);
      const grant = await findGrant(
        page,
        name === 'desktop' ? grants.eagleEcology : grants.eaglePopulation,
      );
      await openGrant(page, grant);

      const bookmark = page.getByRole('button', { name: /^Bookmark/ });
      await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
      await bookmark.click();
      await expect(page.getByText('Grant bookmarked successfully!')).toBeVisible();
      await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
      await expect(bookmark).toHaveText('Bookmarked');

      // Kept: after a reload, and in the researcher's saved grants.
      await page.reload();
      await expect(page.getByRole('button', { name: 'Bookmarked' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await page.getByRole('link', { name: 'Back to Grants' }).click();
      const saved = page.getByRole('region', { name: /^Saved grants/ });
      await expect(saved.getByRole('heading', { name: grant.title })).toBeVisible();
      await saved.getByRole('link', { name: `View Details: ${grant.title}`, exact: true }).click();

      await page.getByRole('button', { name: 'Bookmarked' }).click();
      await expect(page.getByText('Grant removed from bookmarks')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Bookmark', exact: true })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      await page.reload();
      await expect(page.getByRole('button', { name: 'Bookmark', exact: true })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    });

    test('Apply Now starts one drafting application, which opens from the grant page and the pipeline', async ({
      page,
    }) => {
      await signInAsResearcher(page);
      const grant = await findGrant(
        page,
        name === 'desktop' ? grants.klamathCarcass : grants.bogusCreek,
      );
      expect(['posted', 'forecasted']).toContain(grant.status);
      await openGrant(page, grant);

      const funding = page.getByRole('region', { name: 'Funding information' });
      await funding.getByRole('button', { name: 'Apply Now' }).click();
      await expect(page.getByText('Application started — find it under Grants')).toBeVisible();
      const open = funding.getByRole('link', { name: 'Open your application' });
      await expect(open).toBeVisible();
      await expect(funding).toContainText('Your application: DRAFTING');
      await expect(funding.getByRole('button', { name: 'Apply Now' })).toHaveCount(0);

      const list = await page.request.get('/api/v1/applications');
      const { applications } = (await list.json()) as {
        applications: { grantId: string; status: string }[];
      };
      expect(applications.filter((a) => a.grantId === grant.id)).toEqual([
        expect.objectContaining({ grantId: grant.id, status: 'drafting' }),
      ]);

      // Reloaded, the page still knows; the application opens with its next steps.
      await page.reload();
      await open.click();
      await expect(page.getByRole('heading', { level: 2, name: grant.title })).toBeVisible();
      await expect(page.getByLabel('Status: DRAFTING')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send to research office' })).toBeVisible();
      // The researcher's pipeline lists it in progress.
      await page.getByRole('link', { name: 'Back to Grants' }).click();
      const mine = page.getByRole('region', { name: /^Applications in progress/ });
      await expect(mine.getByRole('article').filter({ hasText: grant.title })).toContainText('DRAFTING');
    });
  });
}

test('a grant with no description of its own shows its programme’s objectives, labelled as the programme’s', async ({
  page,
}) => {
  await signInAsResearcher(page);
  // Most of the shipped catalogue has no description of its own; look through results until one
  // whose programme's Assistance Listing has objectives turns up.
  let found: Detail | undefined;
  search: for (const q of ['cooperative agreement', 'program', 'research']) {
    for (const pageNumber of [1, 2, 3]) {
      const search = await page.request.get('/api/v1/grants/search', {
        params: { q, status: 'forecasted,posted,closed,archived', pageSize: 100, page: pageNumber },
      });
      expect(search.ok()).toBe(true);
      const { results } = (await search.json()) as {
        results: { grant: { id: string; description: string | null } }[];
      };
      for (const { grant } of results.filter((r) => !r.grant.description)) {
        const answer = await page.request.get(`/api/v1/grants/${grant.id}`);
        const detail = ((await answer.json()) as { grant: Detail }).grant;
        if (detail.objectives && !detail.description) {
          found = detail;
          break search;
        }
      }
    }
  }
  expect(found, 'a grant without a description whose programme has objectives').toBeDefined();
  await openGrant(page, found!);
  const summary = page.getByRole('region', { name: found!.title });
  await expect(summary).toContainText('This opportunity has no description of its own.');
  await expect(
    summary.getByRole('heading', { name: 'The programme’s objectives (Assistance Listing)' }),
  ).toBeVisible();
  await expect(summary).toContainText(found!.objectives!.slice(0, 60));
  await expect(summary).not.toContainText('No description provided.');
  await page.screenshot({ path: 'test-results/screens/grant-programme-objectives-desktop.png' });
});

test('Copy link copies the page’s link and says so', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAsResearcher(page);
  const grant = await findGrant(page, grants.owlSurveys);
  await openGrant(page, grant);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  // Sharing with people is the action beside it (e2e/grant-to-people.spec.ts).
  await expect(page.getByRole('button', { name: 'Send in Messages' })).toBeVisible();
});

test('an unknown or malformed id shows "Grant not found"; a failed load offers another try', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(failedResource(404));
  allowConsoleError(failedResource(503));
  await signInAsResearcher(page);

  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-grant', 'x'.repeat(150)]) {
    await page.goto(`/dashboard/grant/${id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Grant not found' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to Grants' }).last()).toHaveAttribute(
      'href',
      '/dashboard/grants',
    );
  }

  // A server that fails is not a missing grant.
  const grant = await findGrant(page, grants.owlSurveys);
  let failures = 0;
  await page.route(`**/api/v1/grants/${grant.id}`, async (route) => {
    failures += 1;
    await route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: JSON.stringify({ status: 503, code: 'internal', title: 'Unavailable' }),
    });
  });
  await page.goto(`/dashboard/grant/${grant.id}`);
  await expect(
    page.getByRole('heading', { level: 2, name: 'We couldn’t load this grant' }),
  ).toBeVisible();
  expect(failures).toBeGreaterThan(0);
  await page.unroute(`**/api/v1/grants/${grant.id}`);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 2, name: grant.title })).toBeVisible();
});
