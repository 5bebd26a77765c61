// The researcher home's two views: the switch between the feed and the stat
// view ("Overview"), whose figures equal the counts on My Grants and link to
// their sections there, with tooltips on hover and keyboard focus; the choice
// survives a reload. The composer opens and closes as the seed says and posts
// from the keyboard alone. axe (WCAG 2.0–2.2 A/AA) on both views at desktop
// and phone widths.
import { expect, test, uniqueMarker } from './fixtures';
import { checkWithAxe, feedOf, postWith, shotsDir, signInHome } from './feed-helpers';

// Used by no other journey: Malik, at the demo university, has an application under review.
const malik = { email: 'malik.takeda@example.edu', name: 'Dr. Malik Takeda' };

test('the stat view counts what My Grants lists, is remembered, and both views pass axe; posting works by keyboard', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const marker = uniqueMarker('kbd');
  // The page's timers on a clock the journey can move (time still flows): the composer's
  // 200 ms close is run through at once rather than waited for.
  await page.clock.install();
  await signInHome(page, malik.email);
  const views = page.getByRole('group', { name: 'Home view' });
  await expect(views.getByRole('button', { name: 'Feed' })).toHaveAttribute('aria-pressed', 'true');
  await expect(feedOf(page).getByRole('article').first()).toBeVisible();

  // The composer opens on hover and closes 200 ms after the pointer leaves, while empty;
  // Cancel clears and closes it.
  const box = feedOf(page).getByRole('textbox', { name: 'Write a post' });
  const post = feedOf(page).getByRole('button', { name: 'Post', exact: true });
  await box.hover();
  await expect(post).toBeVisible();
  await page.mouse.move(1, 1);
  await expect(post).toHaveCount(0);
  await box.click();
  await box.fill('Not this one');
  await page.mouse.move(1, 1);
  // Past the close delay twice over: a composer holding text stays open.
  await page.clock.runFor(400);
  await expect(post).toBeEnabled();
  await feedOf(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(box).toHaveValue('');
  await expect(post).toHaveCount(0);

  // Keyboard only: into the composer, type, Tab to Post, Enter.
  await page.locator('#feed-title').focus();
  await page.keyboard.press('Tab');
  await expect(box).toBeFocused();
  await page.keyboard.type(`Typed without a mouse ${marker}`);
  for (let i = 0; i < 5 && !(await post.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(post).toBeFocused();
  expect(await post.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(postWith(page, `Typed without a mouse ${marker}`)).toHaveCount(1);
  await checkWithAxe(page, 'home-feed');

  // The stat view's figures, then My Grants' counts of the same things.
  await views.getByRole('button', { name: 'Overview' }).click();
  await expect(views.getByRole('button', { name: 'Overview' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const figure = async (label: string) => {
    const card = page.getByRole('link', { name: new RegExp(`^${label}`) });
    await expect(card).toBeVisible();
    return Number((await card.innerText()).replace(label, '').trim());
  };
  const labels = [
    'Active Grants',
    'Saved Grants',
    'Applications in Progress',
    'Upcoming Deadlines',
  ] as const;
  const stats: number[] = [];
  for (const label of labels) stats.push(await figure(label));
  expect(stats[2]).toBeGreaterThan(0);
  const inProgress = page.getByRole('region', { name: 'Applications in Progress' });
  await expect(inProgress.getByText(/^(Completed|In progress|Pending)$/).first()).toBeVisible();

  // Tooltips on hover and on keyboard focus; Escape hides them.
  const activeCard = page.getByRole('link', { name: /^Active Grants/ });
  await activeCard.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Awarded applications you lead or work on.');
  await page.screenshot({ path: `${shotsDir}/stats-tooltip-1280.png` });
  await page.mouse.move(1, 1);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.getByRole('link', { name: /^Saved Grants/ }).focus();
  await expect(page.getByRole('tooltip')).toHaveText('Grants you bookmarked to come back to.');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await checkWithAxe(page, 'home-stats');

  // The choice survives a reload.
  await page.reload();
  await expect(views.getByRole('button', { name: 'Overview' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('link', { name: /^Upcoming Deadlines/ })).toBeVisible();

  // A figure leads to its section of My Grants, whose counts are the same.
  await page.getByRole('link', { name: /^Applications in Progress/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/grants#applications$/);
  await expect(page.locator('#applications')).toBeFocused();
  const count = async (id: string) => Number(await page.locator(`#${id} h2 span`).innerText());
  await expect(page.locator('#upcoming-deadlines h2 span')).toBeVisible();
  expect([
    await count('active-grants'),
    await count('saved-grants'),
    await count('applications'),
    await count('upcoming-deadlines'),
  ]).toEqual(stats);

  // Back to the feed, remembered too.
  await page.goto('/dashboard');
  await views.getByRole('button', { name: 'Feed' }).click();
  await expect(feedOf(page)).toBeVisible();
  await page.reload();
  await expect(views.getByRole('button', { name: 'Feed' })).toHaveAttribute('aria-pressed', 'true');
  await expect(feedOf(page)).toBeVisible();
});
