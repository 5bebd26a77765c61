// AI grant search as a researcher and as an administrator: the assistant
// (thinking, follow-up refinement, the seed's no-result and failure replies,
// New Search, one search per message), the profile toggle and researcher picker, the results (score
// and reasons, sort, filters, search these results, paging, a click to the grant
// page), the search kept in the URL, and saved searches.
import { checkAtBothWidths, expectAccessible } from './axe';
import type { Page } from '@playwright/test';
import {
  demoAccounts,
  expect,
  failedResource,
  settleToasts,
  signInAndLand,
  test,
  type ViewportName,
  uniqueMarker,
  viewports,
} from './fixtures';

const noResultReply =
  "I couldn't find any grants matching your criteria. Try broadening your search or using different keywords.";
const failureReply = 'Sorry, I encountered an error while searching. Please try again.';

const searchPaths = { researcher: '/dashboard/search', admin: '/admin/search' } as const;

async function openSearch(page: Page, role: 'researcher' | 'admin') {
  await signInAndLand(page, demoAccounts[role], role);
  await page.goto(searchPaths[role]);
  await expect(page.getByRole('heading', { level: 1, name: 'Search Grants' })).toBeVisible();
  await settled(page);
}

const messageBox = (page: Page) =>
  page.getByRole('textbox', { name: 'Describe the grants you are looking for' });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send', exact: true });
const conversation = (page: Page) =>
  page.getByRole('log', { name: 'Conversation with the search assistant' });
const assistantReplies = (page: Page) =>
  conversation(page)
    .locator('p')
    .filter({ hasText: /^Assistant: / });
const resultsPanel = (page: Page) => page.getByRole('region', { name: /grants? found$|^Results$/ });
const resultCards = (page: Page) => resultsPanel(page).getByRole('article');

/** Sends a message, waits for the results it leads to, and returns the assistant's answer. */
async function ask(page: Page, text: string): Promise<string> {
  const replies = assistantReplies(page);
  const before = await replies.count();
  await messageBox(page).fill(text);
  await sendButton(page).click();
  await expect(replies).toHaveCount(before + 1);
  const reply = ((await replies.last().textContent()) ?? '').replace(/^Assistant: /, '');
  const count = reply.match(/I found (?:more than )?([\d,]+) /)?.[1];
  const shown = count ? Number(count.replace(/,/g, '')) : reply === noResultReply || reply.startsWith(`${noResultReply} No grant in the catalogue`) ? 0 : null;
  if (shown !== null) {
    await expect(resultsPanel(page).getByRole('heading', { level: 2 })).toHaveText(
      count && reply.includes('more than') ? /found$/ : foundHeading(shown),
    );
    await settled(page);
  }
  return reply;
}

/** The count in "I found 22 open or forecasted grants …". */
function foundIn(reply: string): number {
  const match = reply.match(/I found (?:more than )?([\d,]+) open or forecasted grants?/);
  expect(match, `a count in the reply: ${reply}`).not.toBeNull();
  return Number(match![1]!.replace(/,/g, ''));
}

function foundHeading(count: number): string {
  return `${count.toLocaleString('en-US')} grant${count === 1 ? '' : 's'} found`;
}

/** Waits until the results panel shows the answer to the URL's search. */
async function settled(page: Page) {
  await expect(resultsPanel(page).getByRole('heading', { level: 2 })).toHaveText(/grants? found$/);
  await expect(resultsPanel(page).locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * Runs an action that changes the search, and waits for its results: from
 * GET /grants/search (its URL containing `urlPart`), or from the assistant
 * for a search narrowed by follow-ups.
 */
async function searchWith(page: Page, urlPart: string, action: () => Promise<void>) {
  const answer = page.waitForResponse(
    (r) =>
      (r.url().includes('/api/v1/grants/search') && r.url().includes(urlPart)) ||
      (r.url().endsWith('/api/v1/search/chat') && r.request().method() === 'POST'),
  );
  await action();
  expect((await answer).status()).toBe(200);
  await settled(page);
}

type Card = {
  title: string;
  score: number;
  agency: string;
  amount: number | null;
  due: string | null;
  reasons: string[];
};

function money(text: string): number | null {
  const match = text.match(/^Up to \$([\d,]+)$/);
  return match ? Number(match[1]!.replace(/,/g, '')) : null;
}

function isoDay(text: string): string | null {
  const time = Date.parse(`${text} UTC`);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

async function readCards(page: Page): Promise<Card[]> {
  const cards = resultCards(page);
  const cardsOut: Card[] = [];
  for (let i = 0; i < (await cards.count()); i += 1) {
    const card = cards.nth(i);
    const scoreText = (await card.getByText(/^Match score \d+ of 100$/).textContent()) ?? '';
    const facts = await card.getByRole('definition').allInnerTexts();
    cardsOut.push({
      title: await card.getByRole('heading', { level: 3 }).innerText(),
      score: Number(scoreText.match(/\d+/)?.[0]),
      agency: facts[0] ?? '',
      amount: money(facts[1] ?? ''),
      due: isoDay(facts[2] ?? ''),
      reasons: await card
        .getByRole('list', { name: 'Why it matched' })
        .getByRole('listitem')
        .allInnerTexts(),
    });
  }
  return cardsOut;
}

/** Stated values in order, then every missing one: the order GET /grants/search sorts in. */
function expectOrdered<T>(values: (T | null)[], direction: 'asc' | 'desc') {
  const stated = values.filter((v): v is T => v !== null);
  const firstMissing = values.indexOf(null);
  if (firstMissing >= 0) expect(values.slice(firstMissing).every((v) => v === null)).toBe(true);
  const sorted = [...stated].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  expect(stated).toEqual(direction === 'asc' ? sorted : sorted.reverse());
}

async function chooseSort(page: Page, option: string, urlPart: string) {
  await page.getByRole('button', { name: /^Sort/ }).click();
  await searchWith(page, urlPart, () =>
    page.getByRole('menuitemradio', { name: option, exact: true }).click(),
  );
  await expect(page.getByRole('menu')).toBeHidden();
}

for (const name of Object.keys(viewports) as ViewportName[]) {
  test.describe(`${name} width`, () => {
    test.use({ viewport: viewports[name] });

    test('the assistant thinks, answers with scored results, narrows with a follow-up, says when nothing matches, and starts over', async ({
      page,
    }) => {
      await openSearch(page, 'researcher');
      await expect(assistantReplies(page)).toHaveCount(1);

      // Send works only with something to send.
      const send = sendButton(page);
      await expect(send).toBeDisabled();
      await messageBox(page).fill('   ');
      await expect(send).toBeDisabled();

      // While the answer is on its way the assistant says it is thinking, and waits.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/v1/search/chat', async (route) => {
        await held;
        await route.continue();
      });
      await messageBox(page).fill('climate');
      await expect(send).toBeEnabled();
      await send.click();
      await expect(conversation(page).getByText('You: climate')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'AI is thinking...' })).toBeVisible();
      await expect(messageBox(page)).toHaveValue('');
      await messageBox(page).fill('ocean');
      await expect(send).toBeDisabled();
      await expect(page.getByRole('button', { name: 'New Search' })).toBeDisabled();
      release();
      await expect(assistantReplies(page)).toHaveCount(2);
      await expect(page.getByText('AI is thinking...')).toHaveCount(0);
      await page.unroute('**/api/v1/search/chat');

      // The answer counts the grants, ranks by the profile (on by default) and names the best one.
      const first = (await assistantReplies(page).last().textContent())!.replace(
        /^Assistant: /,
        '',
      );
      expect(first).toMatch(
        /^I found [\d,]+ open or forecasted grants? about “climate”, ranked by the research profile/,
      );
      const found = foundIn(first);
      expect(found).toBeGreaterThan(1);
      await expect(page).toHaveURL(/[?&]q=climate(&|$)/);
      await expect(resultsPanel(page).getByRole('heading', { level: 2 })).toHaveText(
        foundHeading(found),
      );
      await settled(page);
      const cards = await readCards(page);
      expect(cards.length).toBe(Math.min(found, 20));
      for (const card of cards) {
        expect(Number.isInteger(card.score) && card.score >= 0 && card.score <= 100).toBe(true);
        expect(card.reasons.length).toBeGreaterThan(0);
      }
      expect(
        cards[0]!.reasons.some((r) => /Title mentions|Research areas|Description mentions/.test(r)),
      ).toBe(true);
      expect(
        cards.some((c) => c.reasons.some((r) => r.startsWith('Matches your research areas'))),
      ).toBe(true);
      const best = first.match(/The best match is “(.+)” \((\d+)\/100\)/);
      expect(best?.[1]).toBe(cards[0]!.title);
      expect(Number(best?.[2])).toBe(cards[0]!.score);

      // Words that match nothing get the seed's reply, and the results say so too.
      await expect(messageBox(page)).toHaveValue('ocean');
      await messageBox(page).fill('');
      // It names the change that left nothing and offers to undo it.
      const nothing = await ask(page, 'zzqxv');
      expect(
        nothing.startsWith(`${noResultReply} Nothing is left after that change (about “zzqxv”).`),
      ).toBe(true);
      await expect(
        conversation(page).getByRole('button', { name: 'Undo that change' }),
      ).toBeVisible();
      await expect(resultsPanel(page).getByRole('heading', { level: 2 })).toHaveText(
        '0 grants found',
      );
      await expect(resultsPanel(page).getByText('No grants match this search.')).toBeVisible();

      // The next message is another try at the last one: it narrows the search that found grants.
      const narrowed = await ask(page, 'ocean');
      expect(narrowed).toMatch(
        /^Narrowed down: I found [\d,]+ open or forecasted grants? about “climate”, “ocean”/,
      );
      const fewer = foundIn(narrowed);
      expect(fewer).toBeGreaterThan(0);
      expect(fewer).toBeLessThan(found);
      await expect(page).toHaveURL(/[?&]q=climate&refine=ocean(&|$)/);
      await expect(resultsPanel(page).getByRole('heading', { level: 2 })).toHaveText(
        foundHeading(fewer),
      );
      await expect(resultCards(page)).toHaveCount(Math.min(fewer, 20));
      const terms = resultsPanel(page).getByRole('list', { name: 'Active search terms' });
      await expect(terms.getByRole('button', { name: 'Remove “climate”' })).toBeVisible();
      await expect(terms.getByRole('button', { name: 'Remove “ocean”' })).toBeVisible();

      // New Search forgets the conversation and the search.
      await page.getByRole('button', { name: 'New Search' }).click();
      await expect(assistantReplies(page)).toHaveCount(1);
      await expect(assistantReplies(page)).toContainText('New search started.');
      await expect(conversation(page).getByText(/^You: /)).toHaveCount(0);
      await expect(page).toHaveURL(/\/dashboard\/search$/);
      await expect(terms).toHaveCount(0);
      await settled(page);
      // Unnarrowed, the profile ranks the whole catalogue again.
      await expect(resultsPanel(page).getByRole('heading', { level: 2 })).not.toHaveText(
        foundHeading(fewer),
      );
      await expect(resultCards(page).first()).toContainText('Matches your research areas');
    });

    test('sort, paging, filters and quick search change the results, and the URL keeps the search', async ({
      page,
    }) => {
      // Some twenty searches in one journey: close to a minute on a two-core machine.
      test.setTimeout(240_000);
      await openSearch(page, 'researcher');
      const found = foundIn(await ask(page, 'climate'));
      expect(found).toBeGreaterThan(20);
      await expect(resultsPanel(page).getByRole('heading', { level: 2 })).toHaveText(
        foundHeading(found),
      );
      await settled(page);
      const byMatch = (await readCards(page)).map((c) => c.title);

      // Six orders, best match first and chosen.
      await page.getByRole('button', { name: 'Sort: Best match' }).click();
      const options = page.getByRole('menuitemradio');
      await expect(options).toHaveText([
        'Best match',
        'Due date (soonest first)',
        'Due date (latest first)',
        'Amount (highest first)',
        'Amount (lowest first)',
        'Newest (posted latest first)',
      ]);
      await expect(options.first()).toHaveAttribute('aria-checked', 'true');
      await page.keyboard.press('Escape');

      await chooseSort(page, 'Amount (highest first)', 'sort=amount-desc');
      await expect(page).toHaveURL(/sort=amount-desc/);
      await expect(page.getByRole('button', { name: 'Sort: Highest amount' })).toBeVisible();
      const byAmount = await readCards(page);
      expect(byAmount.map((c) => c.title)).not.toEqual(byMatch);
      expectOrdered(
        byAmount.map((c) => c.amount),
        'desc',
      );
      expect(byAmount[0]!.amount).not.toBeNull();

      // Newest first: each card says when it was posted, latest first.
      await chooseSort(page, 'Newest (posted latest first)', 'sort=posted-desc');
      await expect(page.getByRole('button', { name: 'Sort: Newest' })).toBeVisible();
      const posted = await resultCards(page).evaluateAll((cards) =>
        cards.map((card) => card.textContent?.match(/Posted (\w{3} \d{1,2}, \d{4})/)?.[1] ?? null),
      );
      expect(posted[0]).not.toBeNull();
      const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
      const isoOf = (day: string) => {
        const [month, date, year] = day.replace(',', '').split(' ');
        return `${year}-${String(months.indexOf(month!) + 1).padStart(2, '0')}-${date!.padStart(2, '0')}`;
      };
      expectOrdered(posted.map((p) => (p === null ? null : isoOf(p))), 'desc');

      await chooseSort(page, 'Due date (soonest first)', 'sort=due-date-asc');
      await expect(page.getByRole('button', { name: 'Sort: Due soonest' })).toBeVisible();
      const byDue = await readCards(page);
      expectOrdered(
        byDue.map((c) => c.due),
        'asc',
      );
      expect(byDue[0]!.due).not.toBeNull();

      // Pages of 20.
      const pageCount = Math.ceil(found / 20);
      const pages = resultsPanel(page).getByRole('navigation', { name: 'Result pages' });
      await expect(pages.getByText(`Page 1 of ${pageCount}`)).toBeVisible();
      await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
      await searchWith(page, 'page=2', () => pages.getByRole('button', { name: 'Next' }).click());
      await expect(page).toHaveURL(/page=2/);
      await expect(pages.getByText(`Page 2 of ${pageCount}`)).toBeVisible();
      await expect(resultCards(page)).toHaveCount(Math.min(20, found - 20));
      await expect(pages.getByRole('button', { name: 'Next' })).toBeEnabled({
        enabled: pageCount > 2,
      });
      await pages.getByRole('button', { name: 'Previous' }).click();
      await expect(pages.getByText(`Page 1 of ${pageCount}`)).toBeVisible();
      await settled(page);

      // "Search these results" narrows on the server: the count follows and the URL keeps it.
      const quick = page.getByRole('searchbox', { name: 'Search these results' });
      const titles = byDue.map((c) => c.title.toLowerCase());
      const words = [
        ...new Set(titles.flatMap((t) => t.split(/[^a-z]+/)).filter((w) => w.length > 4)),
      ];
      const rarity = (w: string) => titles.filter((t) => t.includes(w)).length;
      const word = words.sort((a, b) => rarity(a) - rarity(b))[0]!;
      await searchWith(page, `within=${word}`, () => quick.fill(word));
      await expect(page).toHaveURL(new RegExp(`[?&]within=${word}(&|$)`));
      // It looks at the title, the agency and the opportunity number.
      const quickCards = await resultCards(page).allInnerTexts();
      expect(quickCards.length).toBeGreaterThan(0);
      expect(quickCards.length).toBeLessThan(found);
      for (const card of quickCards) expect(card.toLowerCase()).toContain(word);
      await expect(resultsPanel(page).getByRole('heading', { level: 2 })).toHaveText(
        foundHeading(quickCards.length),
      );
      await searchWith(page, 'within=qqqzzzx', () => quick.fill('qqqzzzx'));
      await expect(resultCards(page)).toHaveCount(0);
      await expect(resultsPanel(page).getByText('No grants match this search.')).toBeVisible();
      await quick.fill('');
      await expect(page).not.toHaveURL(/within=/);
      await settled(page);
      await expect(resultCards(page)).toHaveCount(20);

      // Filters: amounts typed as text are checked before anything is sent.
      await page.getByRole('button', { name: 'Filters' }).click();
      const filters = page.getByRole('dialog', { name: 'Filters' });
      const minimum = filters.getByRole('textbox', { name: 'Minimum' });
      const maximum = filters.getByRole('textbox', { name: 'Maximum' });
      await minimum.fill('lots');
      await filters.getByRole('button', { name: 'Apply' }).click();
      await expect(filters.getByText('Enter an amount such as $1.5M or 500k')).toBeVisible();
      await minimum.fill('$40M');
      await maximum.fill('$1.5M');
      await filters.getByRole('button', { name: 'Apply' }).click();
      await expect(filters.getByText('The minimum is above the maximum')).toBeVisible();
      await expect(page).not.toHaveURL(/amountMin/);

      // The agency field suggests agencies by name or acronym.
      await minimum.fill('$1.5M');
      await maximum.fill('$40M');
      const agency = filters.getByRole('combobox', { name: 'Agency' });
      await agency.fill('international dev');
      const suggestions = filters.getByRole('listbox', { name: 'Agency suggestions' });
      await expect(suggestions.getByRole('option')).toHaveText([
        /^USAID — .*Agency for International Development$/,
      ]);
      await suggestions.getByRole('option').click();
      await expect(agency).toHaveValue('USAID');
      await expect(suggestions).toBeHidden();
      await agency.fill('n');
      await agency.press('ArrowDown');
      await expect(suggestions.getByRole('option').first()).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const firstSuggestion = (await suggestions.getByRole('option').first().innerText()).split(
        ' — ',
      )[0]!;
      await agency.press('Enter');
      await expect(agency).toHaveValue(firstSuggestion);
      await expect(filters).toBeVisible();
      // Escape closes the suggestions first, and only then the menu.
      await agency.fill('US');
      await expect(suggestions).toBeVisible();
      await agency.press('Escape');
      await expect(suggestions).toBeHidden();
      await expect(filters).toBeVisible();
      // An acronym typed in full needs no suggestions.
      await agency.fill('usaid');
      await expect(suggestions).toBeHidden();
      // Several agencies, with commas: the suggestions are for the last one, and choosing one keeps the first.
      await agency.fill('NIH, national science');
      await expect(suggestions.getByRole('option')).toHaveText([/^NSF — National Science Foundation$/]);
      await suggestions.getByRole('option').click();
      await expect(agency).toHaveValue('NIH, NSF');
      await agency.fill('NIH, nsf');
      await expect(suggestions).toBeHidden();
      await agency.fill('USAID');
      await searchWith(page, 'agency=USAID', () =>
        filters.getByRole('button', { name: 'Apply' }).click(),
      );
      await expect(filters).toBeHidden();
      await expect(page).toHaveURL(/amountMin=1500000&amountMax=40000000&agency=USAID/);
      await expect(page.getByRole('button', { name: /^Filters\s*2\s*active$/ })).toBeVisible();
      const filtered = await readCards(page);
      expect(filtered.length).toBeGreaterThan(0);
      await expect(resultsPanel(page).getByRole('heading', { level: 2 })).toHaveText(
        foundHeading(filtered.length),
      );
      for (const card of filtered) {
        expect(card.amount).not.toBeNull();
        expect(card.amount!).toBeGreaterThanOrEqual(1_500_000);
        expect(card.amount!).toBeLessThanOrEqual(40_000_000);
        expect(card.agency).toMatch(/USAID|Agency for International Development/);
      }
      expectOrdered(
        filtered.map((c) => c.due),
        'asc',
      );

      // Reopened, the menu shows what the URL holds; a due range narrows by date.
      await page.getByRole('button', { name: /^Filters\s*2\s*active$/ }).click();
      await expect(minimum).toHaveValue('$1.5M');
      await expect(maximum).toHaveValue('$40M');
      await expect(agency).toHaveValue('USAID');
      const today = new Date().toISOString().slice(0, 10);
      const inTenYears = `${Number(today.slice(0, 4)) + 10}${today.slice(4)}`;
      await minimum.fill('');
      await maximum.fill('');
      await agency.fill('');
      await filters.getByLabel('Start date').fill(today);
      await filters.getByLabel('End date').fill(inTenYears);
      await searchWith(page, `dueTo=${inTenYears}`, () =>
        filters.getByRole('button', { name: 'Apply' }).click(),
      );
      await expect(page).not.toHaveURL(/amountMin|agency=/);
      const dated = await readCards(page);
      expect(dated.length).toBeGreaterThan(0);
      for (const card of dated) {
        expect(card.due).not.toBeNull();
        expect(card.due! >= today && card.due! <= inTenYears).toBe(true);
      }

      // The URL is the search: a reload and a new page show the same.
      const url = page.url();
      const shown = dated.map((c) => c.title);
      await page.reload();
      await settled(page);
      expect((await readCards(page)).map((c) => c.title)).toEqual(shown);
      await expect(page.getByRole('button', { name: 'Sort: Due soonest' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Filters\s*1\s*active$/ })).toBeVisible();
      const other = await page.context().newPage();
      await other.goto(url);
      await settled(other);
      expect((await readCards(other)).map((c) => c.title)).toEqual(shown);
      await other.close();

      // A follow-up keeps the filters set by hand.
      const dueChip = resultsPanel(page).getByRole('button', { name: /^Remove Due / });
      await expect(dueChip).toBeVisible();
      expect(await ask(page, 'change')).toMatch(/^Narrowed down: I found [\d,]+ .*closing between/);
      await expect(page).toHaveURL(/dueFrom=.*&dueTo=/);
      await expect(dueChip).toBeVisible();

      // Removing a term widens the search again.
      await dueChip.click();
      await expect(page).not.toHaveURL(/dueFrom/);
      await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
    });

    test('a result opens its grant page, and Back returns to the same search', async ({ page }) => {
      await openSearch(page, 'researcher');
      foundIn(await ask(page, 'fire'));
      await settled(page);
      const first = resultCards(page).first();
      const title = await first.getByRole('heading', { level: 3 }).innerText();
      await first.getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(/\/dashboard\/grant\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Grant Details' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/dashboard\/search\?q=fire/);
      await settled(page);
      await expect(resultCards(page).first().getByRole('heading', { level: 3 })).toHaveText(title);
    });
  });
}

test('a message costs one search: the answer fills the results panel, in the order it shows', async ({
  page,
}) => {
  await openSearch(page, 'researcher');
  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v1/grants/search' || url.pathname === '/api/v1/search/chat') {
      searches.push(`${request.method()} ${url.pathname}`);
    }
  });
  /** The requests a message made, once nothing more is on its way. */
  const requestsFor = async (text: string) => {
    searches.length = 0;
    const reply = await ask(page, text);
    await page.waitForLoadState('networkidle');
    return { reply, requests: [...searches] };
  };

  const first = await requestsFor('climate');
  expect(first.requests).toEqual(['POST /api/v1/search/chat']);
  const found = foundIn(first.reply);
  const cards = await readCards(page);
  expect(cards.length).toBe(Math.min(found, 20));
  expect(first.reply).toContain(`The best match is “${cards[0]!.title}” (${cards[0]!.score}/100)`);

  // In another order the panel shows the answer in that order; the reply still names the best match.
  await chooseSort(page, 'Amount (highest first)', 'sort=amount-desc');
  const narrowed = await requestsFor('ocean');
  expect(narrowed.requests).toEqual(['POST /api/v1/search/chat']);
  expect(narrowed.reply).toMatch(/^Narrowed down: I found .* The best match is “.+” \(\d+\/100\)/);
  await expect(page).toHaveURL(/[?&]q=climate&refine=ocean&sort=amount-desc(&|$)/);
  await expect(resultsPanel(page).getByRole('heading', { level: 2 })).toHaveText(
    foundHeading(foundIn(narrowed.reply)),
  );
  const amounts = (await readCards(page)).map((c) => c.amount);
  expect(amounts.length).toBeGreaterThan(0);
  expectOrdered(amounts, 'desc');
});

test('a failed request gets the seed’s failure reply and changes nothing; the next try works', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(failedResource(500));
  await openSearch(page, 'researcher');
  const found = foundIn(await ask(page, 'water'));
  const url = page.url();

  const broken = {
    status: 500,
    contentType: 'application/problem+json',
    body: JSON.stringify({ status: 500, code: 'internal', title: 'Internal Server Error' }),
  };
  await page.route('**/api/v1/search/chat', (route) => route.fulfill(broken));
  expect(await ask(page, 'forest')).toBe(failureReply);
  expect(page.url()).toBe(url);
  await expect(resultsPanel(page).getByRole('heading', { level: 2 })).toHaveText(
    foundHeading(found),
  );
  await page.unroute('**/api/v1/search/chat');
  expect(await ask(page, 'forest')).toMatch(/^Narrowed down: I found/);

  // The results panel has its own error state, with a way to try again.
  await page.route('**/api/v1/grants/search**', (route) => route.fulfill(broken));
  await resultsPanel(page).getByRole('button', { name: 'Remove “water”' }).click();
  await expect(resultsPanel(page).getByRole('alert')).toContainText(
    'We couldn’t load the results.',
  );
  await page.unroute('**/api/v1/grants/search**');
  await resultsPanel(page).getByRole('button', { name: 'Try again' }).click();
  await settled(page);
  await expect(resultCards(page).first()).toBeVisible();
});

test('the profile toggle is on by default; a researcher searches with their own profile, without a picker', async ({
  page,
}) => {
  await openSearch(page, 'researcher');
  const toggle = page.getByRole('switch', { name: 'Match with research profile' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('combobox', { name: 'Researcher' })).toHaveCount(0);

  expect(await ask(page, 'forest')).toContain('ranked by the research profile');
  await settled(page);
  const profileReason = /^Matches your research areas/;
  const anyProfileReason = async () =>
    (await readCards(page)).some((card) => card.reasons.some((r) => profileReason.test(r)));
  expect(await anyProfileReason()).toBe(true);

  // Off: the profile no longer ranks the results, nor the assistant's answers.
  await searchWith(page, 'matchProfile=false', () => toggle.click());
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page).toHaveURL(/matchProfile=false/);
  expect(await anyProfileReason()).toBe(false);
  expect(await ask(page, 'management')).not.toContain('ranked by the research profile');

  // On again: the narrowed search is ranked by the profile.
  await searchWith(page, 'matchProfile=true', () => toggle.click());
  await expect(page).not.toHaveURL(/matchProfile/);
  expect(await anyProfileReason()).toBe(true);

  // A topic outside the profile: the profile does not change the order, and both panels say so.
  await page.getByRole('button', { name: 'New Search' }).click();
  await expect(assistantReplies(page)).toHaveCount(1);
  const offTopic = await ask(page, 'cancer immunotherapy');
  expect(offTopic).not.toContain('ranked by the research profile');
  expect(offTopic).toContain('shares no area with these grants, so it does not change their order');
  await expect(
    resultsPanel(page).getByText('The research profile shares no area with these grants'),
  ).toBeVisible();
  expect(await anyProfileReason()).toBe(false);

  // Someone else's id in a link is not used for a researcher.
  const url = new URL(page.url());
  url.searchParams.set('researcherId', '00000000-0000-4000-8000-000000000000');
  await page.goto(url.toString());
  await settled(page);
  await expect(resultCards(page).first()).toBeVisible();
});

for (const name of Object.keys(viewports) as ViewportName[]) {
  test(`an administrator searches on behalf of a researcher of their institution (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewports[name]);
    await openSearch(page, 'admin');
    const picker = page.getByRole('combobox', { name: 'Researcher' });
    await expect(picker).toHaveValue('');
    // The institution's researchers arrive after the page: read the list once they are in it
    // (a full run read it with "Not Selected" alone).
    await expect(picker.getByRole('option', { name: 'Dr. Jordan Ellery' })).toBeAttached();
    const names = await picker.getByRole('option').allInnerTexts();
    expect(names[0]).toBe('Not Selected');
    expect(names.length).toBeGreaterThan(2);
    expect(names).toContain('Dr. Jordan Ellery');
    expect(names).not.toContain('Morgan Halvorsen');

    // An administrator has no profile of their own: the search opens unranked (issue 30).
    const toggle = page.getByRole('switch', { name: 'Match with research profile' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(page).not.toHaveURL(/matchProfile/);
    await expectAccessible(page, `the administrator's search (${name})`);

    // Switched on with nobody chosen there is no profile to rank by, and the assistant says so.
    await searchWith(page, 'matchProfile=true', () => toggle.click());
    await expect(page).toHaveURL(/matchProfile=true/);
    expect(await ask(page, 'climate')).toContain(
      'Choose a researcher to rank by a research profile.',
    );
    await searchWith(page, 'matchProfile=false', () => toggle.click());
    await expect(page).not.toHaveURL(/matchProfile/);

    // Choosing a researcher ranks by their profile.
    await picker.selectOption({ label: 'Dr. Jordan Ellery' });
    await expect(page).toHaveURL(/researcherId=[0-9a-f-]{36}/);
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await settled(page);
    await expect(resultCards(page).first()).toContainText(/Matches your research areas/);
    expect(await ask(page, 'ocean')).toMatch(/^Narrowed down: .*ranked by the research profile \(/);

    await settled(page);
    const first = resultCards(page).first();
    const title = await first.getByRole('heading', { level: 3 }).innerText();
    const searchUrl = page.url().replace(/^https?:\/\/[^/]+/, '');
    await first.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/admin\/grant\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    // Back returns to the same search, not a blank one.
    await page.getByRole('link', { name: 'Back to results' }).click();
    await expect(page).toHaveURL(searchUrl);
    await expect(resultCards(page).first()).toContainText(title);
  });
}

test('saved searches: save with a name, list, load, rename and delete', async ({ page }) => {
  const name = uniqueMarker('Restoration ');
  const renamed = uniqueMarker('Renamed ');
  await openSearch(page, 'researcher');
  foundIn(await ask(page, 'restoration'));
  await chooseSort(page, 'Amount (highest first)', 'sort=amount-desc');
  const saved = page.url();

  await page.getByRole('button', { name: 'Save search' }).click();
  const saveDialog = page.getByRole('dialog', { name: 'Save this search' });
  const nameBox = saveDialog.getByRole('textbox', { name: 'Name' });
  await expect(nameBox).toHaveValue('restoration');
  await nameBox.fill('   ');
  await saveDialog.getByRole('button', { name: 'Save' }).click();
  await expect(saveDialog.getByText('Name is required')).toBeVisible();
  await nameBox.fill(name);
  await saveDialog.getByRole('button', { name: 'Save' }).click();
  await expect(saveDialog).toBeHidden();
  await expect(page.getByText(`Search saved as “${name}”`)).toBeVisible();

  // Start over, then load it back from the list.
  await page.getByRole('button', { name: 'New Search' }).click();
  await expect(page).toHaveURL(/\/dashboard\/search$/);
  await page.getByRole('button', { name: 'Saved searches' }).click();
  const menu = page.getByRole('dialog', { name: 'Saved searches' });
  const entry = menu.getByRole('button', { name: new RegExp(`^${name}`) });
  await expect(entry).toContainText('restoration · saved');
  await entry.click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(saved);
  await expect(page.getByRole('button', { name: 'Sort: Highest amount' })).toBeVisible();
  await settled(page);

  // Rename: a name is required, and the list shows the new one.
  await page.getByRole('button', { name: 'Saved searches' }).click();
  await menu.getByRole('button', { name: `Rename ${name}` }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename saved search' });
  const renameBox = renameDialog.getByRole('textbox', { name: 'Name' });
  await expect(renameBox).toHaveValue(name);
  await renameBox.fill('');
  await renameDialog.getByRole('button', { name: 'Rename' }).click();
  await expect(renameDialog.getByText('Name is required')).toBeVisible();
  await renameBox.fill(renamed);
  await renameDialog.getByRole('button', { name: 'Rename' }).click();
  await expect(renameDialog).toBeHidden();
  await expect(page.getByText('Saved search renamed')).toBeVisible();
  await page.getByRole('button', { name: 'Saved searches' }).click();
  await expect(menu.getByRole('button', { name: new RegExp(`^${renamed}`) })).toBeVisible();
  await expect(menu.getByRole('button', { name: new RegExp(`^${name}`) })).toHaveCount(0);

  // Delete asks first; Cancel keeps it.
  await menu.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete saved search?' });
  await expect(confirm).toContainText(`“${renamed}” will be removed.`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Saved searches' }).click();
  await menu.getByRole('button', { name: `Delete ${renamed}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Saved search deleted')).toBeVisible();
  await page.getByRole('button', { name: 'Saved searches' }).click();
  await expect(menu.getByRole('button', { name: new RegExp(`^${renamed}`) })).toHaveCount(0);
});

test('status words and the Filters menu choose the statuses; a follow-up that leaves nothing can be undone', async ({
  page,
}) => {
  await openSearch(page, 'researcher');
  await page.getByRole('switch', { name: 'Match with research profile' }).click();
  const open = await ask(page, 'wildfire');
  expect(open).toMatch(/^I found [\d,]+ open or forecasted grants? about “wildfire”/);

  // "Only the closed ones" searches closed and archived grants, and the URL says so.
  const closed = await ask(page, 'only the closed ones');
  expect(closed).toMatch(
    /^Narrowed down: I found [\d,]+ closed or archived grants? about “wildfire”/,
  );
  const closedCount = Number(closed.match(/I found ([\d,]+)/)![1]!.replace(/,/g, ''));
  await expect(page).toHaveURL(/[?&]status=closed%2Carchived(&|$)/);
  const terms = resultsPanel(page).getByRole('list', { name: 'Active search terms' });
  await expect(
    terms.getByRole('button', { name: 'Remove Status: Closed, Archived' }),
  ).toBeVisible();

  // A follow-up that leaves nothing names the change and offers to undo it.
  const nothing = await ask(page, 'only from the Department of Education');
  expect(nothing).toBe(
    `${noResultReply} Nothing is left after that change (from ED). The search before it found ${closedCount.toLocaleString('en-US')} closed or archived grant${closedCount === 1 ? '' : 's'}: choose Undo to go back to it.`,
  );
  await expect(resultsPanel(page).getByRole('heading', { level: 2 })).toHaveText('0 grants found');
  await conversation(page).getByRole('button', { name: 'Undo that change' }).click();
  await expect(page).not.toHaveURL(/agency=/);
  await expect(page).toHaveURL(/[?&]status=closed%2Carchived(&|$)/);
  await expect(assistantReplies(page).last()).toHaveText(
    'Assistant: Back to the search before that change.',
  );
  await expect(conversation(page).getByRole('button', { name: 'Undo that change' })).toHaveCount(0);
  await expect(resultsPanel(page).getByRole('heading', { level: 2 })).toHaveText(
    foundHeading(closedCount),
  );

  // The Filters menu shows the statuses and changes them; none at all is refused.
  await page.getByRole('button', { name: /^Filters\s*1\s*active$/ }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  const status = filters.getByRole('group', { name: 'Status' });
  await expect(status.getByRole('checkbox', { name: 'Closed' })).toBeChecked();
  await expect(status.getByRole('checkbox', { name: 'Archived' })).toBeChecked();
  await expect(status.getByRole('checkbox', { name: 'Open' })).not.toBeChecked();
  await status.getByRole('checkbox', { name: 'Closed' }).uncheck();
  await status.getByRole('checkbox', { name: 'Archived' }).uncheck();
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(filters.getByRole('alert')).toHaveText('Choose at least one status');
  await status.getByRole('checkbox', { name: 'Open' }).check();
  await searchWith(page, 'status=posted', () =>
    filters.getByRole('button', { name: 'Apply' }).click(),
  );
  await expect(page).toHaveURL(/[?&]status=posted(&|$)/);
  await expect(terms.getByRole('button', { name: 'Remove Status: Open' })).toBeVisible();
  const posted = await readCards(page);
  expect(posted.length).toBeGreaterThan(0);
  // Who can apply, funding instrument and category: in the URL, as chips, and axe-clean while open.
  await page.getByRole('button', { name: /^Filters\s*1\s*active$/ }).click();
  await filters
    .getByRole('group', { name: 'Who can apply' })
    .getByRole('checkbox', { name: 'Universities' })
    .check();
  await filters
    .getByRole('group', { name: 'Funding instrument' })
    .getByRole('checkbox', { name: 'Grant' })
    .check();
  await filters
    .getByRole('group', { name: 'Category choices' })
    .getByRole('checkbox', { name: 'Environment' })
    .check();
  await settleToasts(page);
  await expectAccessible(page, 'search with the filters open');
  await searchWith(page, 'instrument=G', () =>
    filters.getByRole('button', { name: 'Apply' }).click(),
  );
  await expect(page).toHaveURL(/eligibility=universities&instrument=G&category=ENV/);
  await expect(
    terms.getByRole('button', { name: 'Remove Who can apply: Universities' }),
  ).toBeVisible();
  await expect(terms.getByRole('button', { name: 'Remove Instrument: Grant' })).toBeVisible();
  await expect(terms.getByRole('button', { name: 'Remove Category: Environment' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filters\s*4\s*active$/ })).toBeVisible();
  for (const chip of ['Who can apply: Universities', 'Instrument: Grant', 'Category: Environment'])
    await terms.getByRole('button', { name: `Remove ${chip}` }).click();
  await expect(page).not.toHaveURL(/eligibility=|instrument=|category=/);

  // Removing the chip goes back to open and forecasted.
  await terms.getByRole('button', { name: 'Remove Status: Open' }).click();
  await expect(page).not.toHaveURL(/status=/);
});

test('the assistant reads a misspelling as the catalogue’s word and offers to drop the one change that emptied a follow-up', async ({
  page,
}) => {
  await openSearch(page, 'researcher');
  await page.getByRole('switch', { name: 'Match with research profile' }).click();
  // A word the catalogue does not know, read as the one it does: said in the reply and above the results.
  const spelled = await ask(page, 'tubercolosis grants');
  expect(spelled).toMatch(
    /^Showing results for “tuberculosis” \(you typed “tubercolosis”\)\. I found [\d,]+ open or forecasted grants? about “tuberculosis”/,
  );
  await expect(resultsPanel(page).getByTestId('search-corrections')).toHaveText(
    'Showing results for “tuberculosis” (you typed “tubercolosis”).',
  );
  await expect(resultCards(page).first()).toContainText(/tuberculosis/i);

  // Two changes at once that leave nothing: the one to blame is named and one click drops it.
  await page.getByRole('button', { name: 'New Search' }).click();
  await expect(assistantReplies(page)).toHaveCount(1);
  const topic = await ask(page, 'hiv prevention');
  expect(foundIn(topic)).toBeGreaterThan(1);
  const nothing = await ask(page, 'from NASA over 2 million');
  expect(nothing).toMatch(
    /Nothing is left after that change \(from NASA\)\. .+ or drop “from NASA” and keep the rest\.$/,
  );
  const drop = conversation(page).getByRole('button', { name: 'Drop “from NASA”' });
  await expect(drop).toBeVisible();
  await expect(conversation(page).getByRole('button', { name: 'Undo that change' })).toBeVisible();
  await settleToasts(page);
  await expectAccessible(page, 'search with the filters open');
  await searchWith(page, 'amountMin=2000001', () => drop.click());
  await expect(page).toHaveURL(/[?&]amountMin=2000001(&|$)/);
  await expect(page).not.toHaveURL(/agency=/);
  await expect(assistantReplies(page).last()).toHaveText('Assistant: Dropped “from NASA”.');
  await expect(conversation(page).getByRole('button', { name: 'Drop “from NASA”' })).toHaveCount(0);
  expect(await resultCards(page).count()).toBeGreaterThan(0);
});

test('a question naming two agencies searches both: the reply and the chip say "NIH or NSF"', async ({ page }) => {
  await openSearch(page, 'researcher');
  await page.getByRole('switch', { name: 'Match with research profile' }).click();
  const reply = await ask(page, 'NIH or NSF funding for cancer');
  expect(reply).toMatch(/about “cancer”, from NIH or NSF\./);
  await expect(page).toHaveURL(/[?&]agency=NIH%2CNSF(&|$)/);
  await expect(resultsPanel(page).getByRole('button', { name: /Agency: NIH or NSF/ })).toBeVisible();
  // Every result is one agency's or the other's (a card's first fact is its agency).
  const cards = resultCards(page);
  const agencies: string[] = [];
  for (let i = 0; i < (await cards.count()); i += 1) agencies.push(await cards.nth(i).getByRole('definition').first().innerText());
  expect(agencies.length).toBeGreaterThan(1);
  for (const agency of agencies) expect(agency).toMatch(/National Institutes of Health|National Science Foundation|NIH|NSF/);
  await checkAtBothWidths(page, 'search-two-agencies', { fromTop: true });
});

test('a follow-up that drops a constraint drops it and says so; the URL follows', async ({ page }) => {
  await openSearch(page, 'researcher');
  await page.getByRole('switch', { name: 'Match with research profile' }).click();
  const first = await ask(page, 'hiv prevention, NIH only, over 200k');
  expect(first).toMatch(/about “hiv”, “prevention”, from NIH, with awards of at least \$200,001\./);
  await expect(page).toHaveURL(/[?&]amountMin=200001(&|$)/);
  // "drop the amount" was a word to leave out ("not mentioning “amount”"); it now drops the amount.
  const wider = await ask(page, 'drop the amount');
  expect(wider).toMatch(/^With any amount: I found [\d,]+ open or forecasted grants? about “hiv”, “prevention”, from NIH\./);
  await expect(page).not.toHaveURL(/amountMin=/);
  await expect(page).toHaveURL(/[?&]agency=NIH(&|$)/);
  expect(foundIn(wider)).toBeGreaterThanOrEqual(foundIn(first));
  const widest = await ask(page, 'never mind the agency');
  expect(widest).toMatch(/^With any agency: I found [\d,]+ open or forecasted grants? about “hiv”, “prevention”\./);
  await expect(page).not.toHaveURL(/agency=/);
  expect(foundIn(widest)).toBeGreaterThanOrEqual(foundIn(wider));
  await expect(resultsPanel(page).getByRole('button', { name: /^Remove Agency/ })).toHaveCount(0);
});

test('a question that asks for an order lists in it, says so, and the sort menu and URL follow; "what about …" swaps the topic', async ({ page }) => {
  await openSearch(page, 'researcher');
  await page.getByRole('switch', { name: 'Match with research profile' }).click();
  const biggest = await ask(page, 'what are the biggest cancer research grants?');
  expect(biggest).toMatch(/about “cancer”\. The best match is .+ Listed largest award first: “.+” \(up to \$[\d,]+\)\./);
  await expect(page).toHaveURL(/[?&]sort=amount-desc(&|$)/);
  await expect(resultsPanel(page).getByRole('button', { name: /^Sort/ })).toHaveText('Sort: Highest amount');
  const byAmount = await readCards(page);
  expect(byAmount.length).toBeGreaterThan(1);
  expectOrdered(byAmount.map((c) => c.amount), 'desc');
  // The reply names the grant the list puts first.
  expect(biggest).toContain(`Listed largest award first: “${byAmount[0]!.title}”`);
  // A follow-up asks for another order and keeps the topic.
  const soonest = await ask(page, 'which close soonest?');
  expect(soonest).toMatch(/Listed by deadline, soonest first: “.+” \(closes .+\)\./);
  await expect(page).toHaveURL(/[?&]sort=due-date-asc(&|$)/);
  await expect(page).toHaveURL(/[?&]q=cancer(&|$)/);
  await expect(resultsPanel(page).getByRole('button', { name: /^Sort/ })).toHaveText('Sort: Due soonest');
  expectOrdered((await readCards(page)).map((c) => c.due), 'asc');
  // "What about …" puts the word in place of its counterpart; the order asked before stays.
  const instead = await ask(page, 'what about diabetes?');
  expect(instead).toMatch(/^Instead of “cancer”: I found [\d,]+ open or forecasted grants? about “diabetes”\./);
  await expect(page).toHaveURL(/[?&]q=diabetes&sort=due-date-asc(&|$)/);
});
