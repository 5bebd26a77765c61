// The journeys of issue 16 by keyboard alone, at desk and phone widths: sign in
// and land on the home page; search, open a grant and come back to the same
// results at the same place; bookmark, remove and undo with focus kept and the
// change announced; start a conversation through the people listbox with focus
// landing in the message box; the signed-in shells' skip link; a visitor's
// demo request whose confirmation takes focus. Axe checks each screen.
//
// Accounts: Ruth Okafor and Nadia Fairbanks search and bookmark (no other
// journey signs in with them); Elena Ashworth and Lucia Lindqvist write
// messages (to Avery Castellano; the grant-to-people journey also signs in
// with them, to other people's conversations); the administrator is only
// looked at.
import { expectAccessible } from './axe';
import type { Locator, Page } from '@playwright/test';
import {
  demoAccounts,
  demoPassword,
  expect,
  test,
  uniqueMarker,
  viewports,
  type ViewportName,
} from './fixtures';

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

const researchers: Record<ViewportName, { search: Account; messages: Account }> = {
  desktop: {
    search: { email: 'ruth.okafor@lakeshore.example.edu', firstName: 'Ruth' },
    messages: { email: 'elena.ashworth@riverside.example.edu', firstName: 'Elena' },
  },
  phone: {
    search: { email: 'nadia.fairbanks@riverside.example.edu', firstName: 'Nadia' },
    messages: { email: 'lucia.lindqvist@riverside.example.edu', firstName: 'Lucia' },
  },
};
type Account = { email: string; firstName: string };

/** Signs in on the login page by keyboard; a researcher lands on the home page. */
async function signInByKeyboard(page: Page, email: string, role: 'researcher' | 'admin') {
  await page.goto('/login');
  await tabTo(
    page,
    page.getByRole('button', {
      name: role === 'admin' ? 'Administrator' : 'Researcher / Professor',
    }),
  );
  await page.keyboard.press('Enter');
  const emailBox = page.getByLabel('Email');
  await expect(emailBox).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(demoPassword);
  // The form offers a way back in for a forgotten password.
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await page.keyboard.press('Enter');
}

/** A link of the signed-in navigation shown at this width (the sidebar, or a phone's bottom bar). */
const navLink = (page: Page, name: string | RegExp) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .filter({ visible: true })
    .getByRole('link', { name, exact: typeof name === 'string' });

const searchBox = (page: Page) =>
  page.getByRole('textbox', { name: 'Describe the grants you are looking for' });
const resultsPanel = (page: Page) => page.getByRole('region', { name: /grants? found$|^Results$/ });
const resultLinks = (page: Page) => resultsPanel(page).getByRole('article').getByRole('link');

async function settled(page: Page) {
  await expect(resultsPanel(page).getByRole('heading', { level: 2 })).toHaveText(/grants? found$/);
  await expect(resultsPanel(page).locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Where the results are scrolled to: the page (a phone) and the results list (a desk). */
function scrollOf(page: Page) {
  return page.evaluate(() => ({
    window: Math.round(window.scrollY),
    panel: Math.round(
      document.querySelector('[aria-labelledby="results-title"] [aria-busy]')?.scrollTop ?? 0,
    ),
  }));
}

for (const [name, viewport] of Object.entries(viewports) as [
  ViewportName,
  (typeof viewports)[ViewportName],
][]) {
  test.describe(`by keyboard at ${name} width`, () => {
    test.use({ viewport });

    test('sign in lands on home; search, open a grant, Back to results restores the results and the scroll; bookmark, remove and undo keep focus and are announced', async ({
      page,
    }) => {
      // A long journey (search, a grant, Back, bookmarks, seven axe checks): beside a busy
      // machine's other work it once took more than the default two minutes.
      test.setTimeout(240_000);
      const account = researchers[name].search;
      await signInByKeyboard(page, account.email, 'researcher');
      await expect(page).toHaveURL('/dashboard');
      // The sign-in toast does not cover the page's title (checked while it shows: it goes after a while).
      const toast = page.getByText('Successfully logged in!');
      const [toastBox, titleBox] = await Promise.all([
        toast.boundingBox(),
        page.getByRole('heading', { level: 1, name: 'Dashboard' }).boundingBox(),
      ]);
      expect(toastBox && titleBox).toBeTruthy();
      expect(toastBox!.y).toBeGreaterThan(titleBox!.y + titleBox!.height);
      await expect(
        page.getByRole('heading', { level: 2, name: `Welcome, ${account.firstName}` }),
      ).toBeVisible();

      // To Search through the navigation.
      await tabTo(page, navLink(page, 'Search'));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Search Grants' })).toBeVisible();
      await settled(page);
      await tabTo(page, searchBox(page));
      await page.keyboard.type('climate');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/q=climate/);
      await settled(page);

      // Sorted by the Sort menu, which names the order at every width.
      const sort = page.getByRole('button', { name: 'Sort: Best match' });
      await expect(sort).toHaveText('Sort: Best match');
      await tabTo(page, sort);
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('menuitemradio', { name: 'Due date (soonest first)' }),
      ).toBeVisible();
      // The menu puts focus on the order in use before the arrow moves it.
      await expect(page.getByRole('menuitemradio', { checked: true })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      // Radix moves focus on a timer after the arrow: a person sees it move before pressing Enter
      // (under load an Enter sent at once would still choose the order in use).
      await expect(
        page.getByRole('menuitemradio', { name: 'Due date (soonest first)' }),
      ).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/sort=due-date-asc/);
      await expect(page.getByRole('button', { name: 'Sort: Due soonest' })).toBeFocused();
      await settled(page);
      const searchUrl = page.url();
      const titles = await resultLinks(page).allInnerTexts();
      expect(titles.length).toBeGreaterThan(10);

      // The tenth result, reached by Tab: the list scrolls to it.
      const chosen = resultLinks(page).nth(9);
      await tabTo(page, chosen);
      const where = await scrollOf(page);
      expect(where.window + where.panel).toBeGreaterThan(200);
      // Where the link stands once any smooth scrolling has stopped: the same place for five
      // painted frames in a row (the page's own frames, not a wait of so many milliseconds).
      const linkTop = () =>
        resultLinks(page)
          .nth(9)
          .evaluate(
            (link) =>
              new Promise<number>((resolve) => {
                let last = Number.NaN;
                let same = 0;
                const look = () => {
                  const top = Math.round(link.getBoundingClientRect().top);
                  same = top === last ? same + 1 : 0;
                  last = top;
                  if (same >= 5) resolve(top);
                  else requestAnimationFrame(look);
                };
                requestAnimationFrame(look);
              }),
          );
      const shownAt = await linkTop();
      const title = titles[9]!;
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      await expect(page).toHaveTitle(`${title} · GrantBridge`);

      // Bookmark by keyboard: focus stays on it, the change is said beside it.
      const bookmark = page.getByRole('button', { name: /^Bookmark/ });
      if ((await bookmark.getAttribute('aria-pressed')) === 'true') {
        await tabTo(page, bookmark);
        await page.keyboard.press('Enter');
        await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
      }
      await tabTo(page, bookmark);
      await page.keyboard.press('Enter');
      const said = page.getByRole('status').filter({ hasText: 'Grant bookmarked successfully!' });
      await expect(said).toBeVisible();
      await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
      await expect(bookmark).toBeFocused();
      // Removing it offers Undo, just after it in the tab order.
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('status').filter({ hasText: 'Grant removed from bookmarks' }),
      ).toBeVisible();
      await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
      await expect(bookmark).toBeFocused();
      await expectAccessible(page, 'this page');
      const undo = page.getByRole('button', { name: 'Undo removing the bookmark' });
      await tabTo(page, undo);
      await page.keyboard.press('Enter');
      await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
      await expect(bookmark).toBeFocused();
      await expect(undo).toHaveCount(0);

      // Back to results: the same search, sort and results, scrolled as they were, the grant focused.
      const back = page.getByRole('link', { name: 'Back to results' });
      await tabTo(page, back, { back: true });
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(searchUrl);
      await settled(page);
      await expect(resultLinks(page)).toHaveText(titles);
      await expect(page.getByRole('button', { name: 'Sort: Due soonest' })).toBeVisible();
      await expect(resultLinks(page).nth(9)).toBeFocused();
      // The grant's result stands where it stood on the screen when it was opened.
      expect(Math.abs((await linkTop()) - shownAt)).toBeLessThanOrEqual(2);
      const after = await scrollOf(page);
      expect(after.window + after.panel).toBeGreaterThan(200);
      await expectAccessible(page, 'this page');

      // On My Grants, Remove bookmark leaves Undo in the grant's place, focused and announced.
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      await page.goBack();
      await settled(page);
      await expect(resultLinks(page).nth(9)).toBeFocused();
      await tabTo(page, navLink(page, 'Grants'));
      await page.keyboard.press('Enter');
      const saved = page.getByRole('region', { name: /^Saved grants/ });
      const remove = saved.getByRole('button', { name: `Remove bookmark: ${title}` });
      await tabTo(page, remove);
      await page.keyboard.press('Enter');
      const undoRemove = saved.getByRole('button', { name: `Undo: bookmark ${title} again` });
      await expect(undoRemove).toBeFocused();
      await expect(saved).toContainText(`${title} is no longer saved.`);
      await expect(
        page.getByRole('status').filter({ hasText: `Grant removed from bookmarks: ${title}` }),
      ).toHaveCount(1);
      await expectAccessible(page, 'this page');
      await page.keyboard.press('Enter');
      await expect(remove).toBeFocused();
      await expect(
        page.getByRole('status').filter({ hasText: `Bookmark restored: ${title}` }),
      ).toHaveCount(1);
    });

    test('New Message by the people listbox puts focus in the message box; so does opening a chat from the list; the skip link', async ({
      page,
    }) => {
      const account = researchers[name].messages;
      const marker = uniqueMarker('kbd');
      await signInByKeyboard(page, account.email, 'researcher');
      await expect(page).toHaveURL('/dashboard');

      // Arriving at a page, the first Tab reaches the skip link, which moves focus past the navigation.
      await page.reload();
      await expect(
        page.getByRole('heading', { level: 2, name: `Welcome, ${account.firstName}` }),
      ).toBeVisible();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.locator('main#main')).toBeFocused();

      await tabTo(page, navLink(page, /^Messages/), { back: name === 'desktop' });
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
      await tabTo(page, page.getByRole('button', { name: 'New Message' }));
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'New Message' });
      const to = dialog.getByRole('combobox', { name: 'To' });
      await tabTo(page, to);
      await page.keyboard.type('Avery');
      const option = dialog.getByRole('option', { name: /Avery Castellano/ });
      // Once the search for what was typed has answered, Avery is first.
      await expect(dialog.getByRole('option').first()).toHaveAccessibleName(/Avery Castellano/);
      await expect(dialog.getByRole('listbox', { name: 'People found' })).toHaveAttribute(
        'aria-busy',
        'false',
      );
      await page.keyboard.press('ArrowDown');
      await expect(to).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
      await page.keyboard.press('Enter');
      await expect(option).toHaveAttribute('aria-selected', 'true');
      await expect(dialog.getByRole('list', { name: 'Chosen people' })).toContainText(
        'Dr. Avery Castellano',
      );
      await expect(to).toBeFocused();
      await expectAccessible(page, 'this page');
      await tabTo(page, dialog.getByRole('button', { name: 'Create' }));
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();

      // Focus is in the message box, not back on New Message: typing goes there.
      const box = page.getByRole('textbox', { name: 'Message', exact: true });
      await expect(box).toBeFocused();
      await page.keyboard.type(`Hello by keyboard ${marker}`);
      await page.keyboard.press('Enter');
      const log = page.getByRole('log', { name: 'Messages with Dr. Avery Castellano' });
      await expect(log.getByText(`Hello by keyboard ${marker}`)).toBeVisible();
      await expectAccessible(page, 'this page');

      // Opened from the list, a chat puts focus in its message box too.
      if (name === 'phone') {
        await tabTo(page, page.getByRole('button', { name: 'Back to chats' }), { back: true });
        await page.keyboard.press('Enter');
      } else {
        await page.goto('/dashboard/message');
      }
      const chat = page.getByRole('link', { name: /Dr\. Avery Castellano/ });
      await tabTo(page, chat);
      await page.keyboard.press('Enter');
      await expect(log).toBeVisible();
      await expect(box).toBeFocused();
    });

    test('a visitor requests a demo by keyboard; the confirmation replaces the form and takes focus', async ({
      page,
    }) => {
      const marker = uniqueMarker('kbddemo');
      await page.goto('/');
      // Request Demo sits on one line in the menu (a phone's included).
      if (name === 'phone') {
        await tabTo(page, page.getByRole('button', { name: 'Menu' }));
        await page.keyboard.press('Enter');
      }
      const requestDemo = page
        .getByRole('banner')
        .getByRole('link', { name: 'Request Demo' })
        .filter({ visible: true });
      const lines = await requestDemo.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
      });
      expect(lines).toBe(1);
      await tabTo(page, requestDemo);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Request a Demo' })).toBeVisible();

      await tabTo(page, page.getByLabel('First name'));
      await page.keyboard.type('Keya');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Board');
      await page.keyboard.press('Tab');
      await page.keyboard.type(`keya.${marker}@example.org`);
      await page.keyboard.press('Tab');
      await page.keyboard.type('5551234567');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('combobox', { name: 'University' })).toBeFocused();
      await page.keyboard.type('ucla');
      await expect(page.getByRole('option').first()).toHaveAccessibleName(
        /^University of California, Los Angeles/,
      );
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('combobox', { name: 'University' })).toHaveValue(
        'University of California, Los Angeles',
      );
      await tabTo(page, page.getByLabel('Role'));
      await page.keyboard.press('ArrowDown');
      await expect(page.getByLabel('Role')).not.toHaveValue('');
      await tabTo(page, page.getByLabel('Comments'));
      await page.keyboard.type(`By keyboard ${marker}`);
      await tabTo(page, page.getByRole('button', { name: 'Request Demo', exact: true }));
      await page.keyboard.press('Enter');

      const confirmation = page.getByRole('region', { name: 'Demo requested' });
      await expect(confirmation).toBeFocused();
      await expect(confirmation).toContainText(
        `We e-mail keya.${marker}@example.org with times for your session.`,
      );
      await expect(confirmation.getByRole('list')).toContainText('30-minute video call');
      await expect(page.getByRole('form', { name: 'Demo request form' })).toHaveCount(0);
      await expectAccessible(page, 'this page');
      // The next Tab is the way to send another, not back into a form already sent.
      await page.keyboard.press('Tab');
      await expect(
        confirmation.getByRole('button', { name: 'Request another demo' }),
      ).toBeFocused();
    });
  });
}

test('the administrator signs in by keyboard: the navigation says Messages, the skip link works', async ({
  page,
}) => {
  await signInByKeyboard(page, demoAccounts.admin, 'admin');
  await expect(page).toHaveURL('/admin/dashboard');
  await page.reload();
  const nav = page.getByRole('navigation', { name: 'Main' }).first();
  await expect(nav.getByRole('link', { name: 'Messages', exact: true })).toHaveAttribute(
    'href',
    '/admin/message',
  );
  await expect(nav.getByRole('link', { name: 'Message', exact: true })).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});
