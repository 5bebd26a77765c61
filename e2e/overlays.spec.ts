// axe (WCAG 2.0–2.2 A/AA) with every menu, dialog and composer of the
// signed-in pages open, at desktop and phone widths (issue 30): what the
// page scans of accessibility.spec.ts see closed, opened one at a time. Each
// overlay is opened as a person opens it, checked, and closed with Escape
// (a composer is emptied), so the next one starts from the page at rest.
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { demoAccounts, expect, signInAndLand, test, type ViewportName, viewports } from './fixtures';

type Overlay = {
  name: string;
  /** Opens it and returns what must be visible while it is open. */
  open: (page: Page) => Promise<Locator>;
  /** Closes it; Escape by default. */
  close?: (page: Page) => Promise<void>;
};

const main = (page: Page) => page.getByRole('main');

/** A button that opens a dialog, and that dialog. */
const dialogFrom = (button: string | RegExp, dialog: string | RegExp = button): Overlay => ({
  name: `the "${String(dialog)}" dialog`,
  open: async (page) => {
    await main(page).getByRole('button', { name: button }).first().click();
    return page.getByRole('dialog', { name: dialog });
  },
});

const accountMenu: Overlay = {
  name: 'the account menu',
  open: async (page) => {
    await page.getByRole('button', { name: /: account menu$/ }).click();
    return page.getByRole('menu');
  },
};

const notifications: Overlay = {
  name: 'the notifications',
  open: async (page) => {
    await page.getByRole('banner').getByRole('button', { name: /^Notifications, / }).click();
    return page.getByRole('dialog', { name: 'Notifications' });
  },
};

const composer: Overlay = {
  name: 'the post composer, written in, with a post’s comments open',
  open: async (page) => {
    const box = main(page).getByRole('textbox', { name: 'Write a post' });
    await box.fill('A draft update, not posted: checking the composer with axe.');
    await main(page).getByRole('button', { name: /^\d+ comments?$/ }).first().click();
    const comments = main(page).getByRole('region', { name: 'Comments' }).first();
    await expect(comments).toBeVisible();
    // Scanned from the top of the page, as the page scans are: on a phone, a control
    // the scroll happens to leave at the screen's foot lies under the fixed bottom bar
    // and axe reports it as obscured (target-size), whichever post the feed shows
    // first. At the top the layout is the page's own; the open composer and comments
    // are in the document and checked for every other rule.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    return comments;
  },
  close: async (page) => {
    await main(page).getByRole('textbox', { name: 'Write a post' }).fill('');
  },
};

const sortMenu: Overlay = {
  name: 'the sort menu',
  open: async (page) => {
    await main(page).getByRole('button', { name: /^Sort: / }).click();
    return page.getByRole('menu');
  },
};

const searchOverlays = [dialogFrom('Saved searches'), sortMenu, dialogFrom('Filters')];
const signOutEverywhere = dialogFrom('Sign out everywhere', 'Sign out everywhere?');

const routes: Record<'researcher' | 'admin', { path: string; overlays: Overlay[] }[]> = {
  researcher: [
    { path: '/dashboard', overlays: [composer] },
    { path: '/dashboard/search', overlays: searchOverlays },
    { path: '/dashboard/message', overlays: [dialogFrom('New Message')] },
    { path: '/dashboard/grants', overlays: [] },
    { path: '/dashboard/profile', overlays: [dialogFrom('Edit Profile', 'Edit profile')] },
    { path: '/dashboard/settings', overlays: [signOutEverywhere] },
  ],
  admin: [
    { path: '/admin/dashboard', overlays: [composer] },
    { path: '/admin/search', overlays: searchOverlays },
    { path: '/admin/message', overlays: [dialogFrom('New Message')] },
    {
      path: '/admin/manage',
      overlays: [
        dialogFrom('Add Researcher'),
        dialogFrom('Import CSV', 'Import researchers from CSV'),
        dialogFrom(/^Deactivate/, /^Deactivate .*\?$/),
      ],
    },
    { path: '/admin/grants', overlays: [] },
    {
      path: '/admin/review',
      overlays: [dialogFrom(/^Return to the PI/, 'Return to the PI'), dialogFrom(/^Approve and submit/, 'Approve and submit')],
    },
    { path: '/admin/settings', overlays: [signOutEverywhere] },
  ],
};

for (const width of Object.keys(viewports) as ViewportName[]) {
  for (const role of ['researcher', 'admin'] as const) {
    test(`${role} pages with their menus, dialogs and composer open have no violations at ${width} width`, async ({
      page,
    }) => {
      test.setTimeout(300_000);
      await page.setViewportSize(viewports[width]);
      await signInAndLand(page, demoAccounts[role], role);
      for (const [at, { path, overlays }] of routes[role].entries()) {
        await page.goto(path);
        await expect(main(page)).toBeVisible();
        await page.waitForLoadState('networkidle');
        // The header's menus are one component on every page (and each page at
        // rest is accessibility.spec.ts's): checked open on the first page only,
        // which halves the scans of these journeys (decision 069).
        const header = at === 0 ? [accountMenu, notifications] : [];
        for (const overlay of [...header, ...overlays]) {
          const shown = await overlay.open(page);
          await expect(shown, `${overlay.name} on ${path}`).toBeVisible();
          await expectAccessible(page, `${path} with ${overlay.name} open at ${width} width`);
          if (overlay.close) await overlay.close(page);
          else {
            await page.keyboard.press('Escape');
            await expect(shown, `${overlay.name} on ${path} closes`).toBeHidden();
          }
        }
      }
    });
  }
}
