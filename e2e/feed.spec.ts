// The researcher home's activity feed. Two colleagues at the demo
// university, each in their own browser: one posts (text, a picture with its
// description), the other sees it arrive live, likes and comments, and the
// first sees both arrive; edits and deletes travel too; hostile text and a
// 3,000-character word stay plain text inside the post. A teammate at another
// institution sees the post. The author's bell tells of the like and the
// comments, and its link opens the post on top of the feed. An empty feed, a
// failed load and Load more.
import sharp from 'sharp';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, failedResource, test, uniqueMarker, viewports } from './fixtures';
import {
  checkWithAxe,
  feedOf,
  postWith,
  shootFeed,
  shotsDir,
  signInHome,
  writePost,
} from './feed-helpers';

// Used by no other journey: Felix posts, Kenji (same university) reads and
// answers, Hana (Riverside, on Felix's awarded team) is the teammate elsewhere.
const felix = { email: 'felix.novak@example.edu', name: 'Dr. Felix Novak' };
const kenji = { email: 'kenji.sadeghi@example.edu', name: 'Dr. Kenji Sadeghi' };
const hana = { email: 'hana.baptiste@riverside.example.edu', name: 'Dr. Hana Baptiste' };
// Lakeshore has no demo posts, and Zara no team: her feed starts empty.
const zara = { email: 'zara.quintero@lakeshore.example.edu', name: 'Dr. Zara Quintero' };

/** A second browser whose console errors fail the test too (the fixture guards only the first). */
async function secondBrowser(
  browser: Browser,
  errors: string[],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  context.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  context.on('weberror', (error) => errors.push(error.error().message));
  return { context, page: await context.newPage() };
}

const bellOf = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Notifications, / });
/** A notice in the open bell, by its title and a piece of its text. */
const noticeIn = (page: Page, title: string, text: string) =>
  page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('link')
    .filter({ hasText: title })
    .filter({ hasText: text });

/**
 * Opens a post's comments with its "N comments" button. Other journeys post to
 * the same institution's feed at the same time, and a post arriving on top
 * moves this one down between the aim and the click: the click is made again
 * (on this post's button) until its list is open.
 */
async function openComments(post: Locator, button: string) {
  const comments = post.getByRole('region', { name: 'Comments' });
  await expect(post.getByRole('button', { name: button })).toBeVisible();
  await expect(async () => {
    if (!(await comments.isVisible()))
      await post.getByRole('button', { name: button }).click({ timeout: 2_000 });
    await expect(comments).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return comments;
}

/** The page does not scroll sideways, and the element keeps its content inside. */
async function expectNoOverflow(page: Page, element: Locator) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  expect(await element.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
}

test('colleagues post, like, comment, edit and delete live; pictures need a description; text stays text', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const marker = uniqueMarker('feed');
  const dialogs: string[] = [];
  const otherErrors: string[] = [];
  const reader = await secondBrowser(browser, otherErrors);
  const kenjiPage = reader.page;
  for (const p of [page, kenjiPage])
    p.on('dialog', (d) => void d.dismiss().then(() => dialogs.push(d.message())));

  await signInHome(page, felix.email);
  await signInHome(kenjiPage, kenji.email);
  await expect(postWith(kenjiPage, '').first()).toBeVisible();

  // Felix posts; it shows on top of his feed as new, with its link clickable.
  const text = `Field notes ${marker}: plots are in, see https://example.org/notes/${marker}`;
  await writePost(page, text);
  const mine = postWith(page, marker);
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Just now');
  await expect(mine.getByRole('button', { name: /^Like\s*0\s*likes$/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(mine.getByRole('button', { name: '0 comments' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  const link = mine.getByRole('link', { name: `https://example.org/notes/${marker}` });
  await expect(link).toHaveAttribute('href', `https://example.org/notes/${marker}`);
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(mine.getByRole('link', { name: felix.name })).toHaveAttribute(
    'href',
    /\/dashboard\/researcher\//,
  );

  // Kenji sees it arrive without reloading, once, and likes it; Felix sees the like.
  const seen = postWith(kenjiPage, marker);
  await expect(seen).toHaveCount(1);
  await expect(
    kenjiPage.getByRole('status').filter({ hasText: `New post from ${felix.name}` }),
  ).toBeAttached();
  await seen.getByRole('button', { name: /^Like\b/ }).click();
  await expect(seen.getByRole('button', { name: /^Like\s*1\s*like$/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(mine.getByRole('button', { name: /^Like\s*1\s*like$/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  // Felix's bell tells him who liked which post (issue 30).
  await bellOf(page).click();
  await expect(noticeIn(page, `${kenji.name} liked your post`, marker)).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toHaveCount(0);

  // Kenji comments (the button waits for text); Felix's count follows, and his open list takes the next one.
  const kenjiComments = await openComments(seen, '0 comments');
  await expect(kenjiComments).toContainText('No comments yet');
  await expect(kenjiComments.getByRole('button', { name: 'Comment', exact: true })).toBeDisabled();
  await kenjiComments.getByRole('textbox', { name: 'Write a comment' }).fill('   ');
  await expect(kenjiComments.getByRole('button', { name: 'Comment', exact: true })).toBeDisabled();
  await kenjiComments
    .getByRole('textbox', { name: 'Write a comment' })
    .fill(`Great news ${marker}`);
  await kenjiComments.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(
    kenjiComments.getByRole('listitem').filter({ hasText: `Great news ${marker}` }),
  ).toHaveCount(1);
  await expect(mine.getByRole('button', { name: '1 comment' })).toBeVisible();
  const felixComments = await openComments(mine, '1 comment');
  await expect(felixComments).toContainText(`Great news ${marker}`);
  // Enter sends a comment, as in Messages (issue 30); Shift+Enter is a new line within it.
  // The box is one line at rest and three or more in use, on a phone too; it grows with the text.
  const box = kenjiComments.getByRole('textbox', { name: 'Write a comment' });
  await kenjiPage.setViewportSize(viewports.phone);
  await box.focus();
  await expect.poll(async () => (await box.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(96);
  await box.fill(`Line one ${marker}\ntwo\nthree\nfour\nfive`);
  await expect.poll(async () => (await box.boundingBox())?.height ?? 0).toBeGreaterThan(120);
  await kenjiComments.screenshot({ path: `${shotsDir}/feed-comment-box-390.png` });
  await kenjiPage.setViewportSize(viewports.desktop);
  await kenjiComments.screenshot({ path: `${shotsDir}/feed-comment-box-1280.png` });
  await box.fill(`And the maps ${marker}`);
  await box.press('Shift+Enter');
  await expect(box).toHaveValue(`And the maps ${marker}\n`);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(
    felixComments.getByRole('listitem').filter({ hasText: `And the maps ${marker}` }),
  ).toHaveCount(1);
  await expect(mine.getByRole('button', { name: '2 comments' })).toBeVisible();
  // Kenji edits and deletes his own comment; Felix has no such buttons on it.
  await expect(felixComments.getByRole('button', { name: 'Edit comment' })).toHaveCount(0);
  const kenjiFirst = kenjiComments
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`Great news.*${marker}`) });
  await kenjiFirst.getByRole('button', { name: 'Edit comment' }).click();
  await kenjiFirst
    .getByRole('textbox', { name: 'Edit your comment' })
    .fill(`Great news indeed ${marker}`);
  await kenjiFirst.getByRole('button', { name: 'Save' }).click();
  await expect(kenjiFirst).toContainText(`Great news indeed ${marker}`);
  await expect(kenjiFirst).toContainText('(edited)');
  const kenjiSecond = kenjiComments
    .getByRole('listitem')
    .filter({ hasText: `And the maps ${marker}` });
  await kenjiSecond.getByRole('button', { name: 'Delete comment' }).click();
  await kenjiPage
    .getByRole('dialog', { name: 'Delete this comment?' })
    .getByRole('button', { name: 'Delete comment' })
    .click();
  await expect(kenjiSecond).toHaveCount(0);
  await expect(seen.getByRole('button', { name: '1 comment' })).toBeVisible();
  await expect(mine.getByRole('button', { name: '1 comment' })).toBeVisible();
  // Felix's open list loses it too (it is loaded again when the count no longer matches).
  await expect(
    felixComments.getByRole('listitem').filter({ hasText: `And the maps ${marker}` }),
  ).toHaveCount(0);

  // Felix edits his post; Kenji sees the new text, marked as edited. Kenji cannot edit it.
  await expect(seen.getByRole('button', { name: 'Edit post' })).toHaveCount(0);
  await mine.getByRole('button', { name: 'Edit post' }).click();
  const editor = mine.getByRole('textbox', { name: 'Edit your post' });
  await expect(editor).toBeFocused();
  await editor.fill(`Field notes ${marker}: plots and maps are in.`);
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(mine).toContainText('plots and maps are in.');
  await expect(mine.getByRole('button', { name: 'Edit post' })).toBeFocused();
  await expect(mine).toContainText('(edited)');
  await expect(seen).toContainText('plots and maps are in.');
  await expect(seen).toContainText('(edited)');
  await expect(seen.getByRole('button', { name: /^Like\s*1\s*like$/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // A teammate at another institution (Riverside) sees it too.
  const teammate = await secondBrowser(browser, otherErrors);
  await signInHome(teammate.page, hana.email);
  await expect(postWith(teammate.page, marker)).toContainText('plots and maps are in.');
  await teammate.context.close();

  // A picture needs its description; then it shows with it, here and there.
  const png = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#1e40af' } })
    .png()
    .toBuffer();
  const feed = feedOf(page);
  await feed.getByRole('textbox', { name: 'Write a post' }).click();
  await feed.getByRole('textbox', { name: 'Write a post' }).fill(`Canopy photo ${marker}`);
  await feed
    .getByLabel('Add picture')
    .setInputFiles({ name: 'canopy.png', mimeType: 'image/png', buffer: png });
  await expect(feed.getByText('canopy.png')).toBeVisible();
  await page.screenshot({ path: `${shotsDir}/composer-picture-1280.png` });
  await page.setViewportSize(viewports.phone);
  await feed
    .getByRole('form', { name: 'New post' })
    .screenshot({ path: `${shotsDir}/composer-picture-390.png` });
  await page.setViewportSize(viewports.desktop);
  await feed.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(feed.getByText('Describe the picture for people who cannot see it.')).toBeVisible();
  await expect(feed.getByRole('textbox', { name: 'Picture description (alt text)' })).toBeFocused();
  await feed
    .getByRole('textbox', { name: 'Picture description (alt text)' })
    .fill(`Blue test card ${marker}`);
  await feed.getByRole('button', { name: 'Post', exact: true }).click();
  const photo = postWith(page, `Canopy photo ${marker}`);
  await expect(photo.getByRole('img', { name: `Blue test card ${marker}` })).toBeVisible();
  const theirPhoto = postWith(kenjiPage, `Canopy photo ${marker}`).getByRole('img', {
    name: `Blue test card ${marker}`,
  });
  await expect(theirPhoto).toBeVisible();
  await expect
    .poll(() => theirPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(96);
  await shootFeed(kenjiPage, 'feed-live');

  // Hostile markup and a very long word are shown as text, inside the post.
  await writePost(page, `<script>alert(1)</script> ${marker}`);
  const hostile = postWith(kenjiPage, `<script>alert(1)</script> ${marker}`);
  await expect(hostile).toHaveCount(1);
  await expect(hostile.locator('script')).toHaveCount(0);
  const word = `${marker}${'w'.repeat(3000)}`;
  await writePost(page, word);
  const long = postWith(kenjiPage, word);
  await expect(long).toHaveCount(1);
  await kenjiPage.setViewportSize(viewports.phone);
  await expectNoOverflow(kenjiPage, long);
  await long.screenshot({ path: `${shotsDir}/feed-long-word-390.png` });
  await kenjiPage.setViewportSize(viewports.desktop);
  await expectNoOverflow(kenjiPage, long);

  // Felix deletes the picture post after confirming; it leaves Kenji's feed too.
  await photo.getByRole('button', { name: 'Delete post' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this post?' });
  await confirm.getByRole('button', { name: 'Delete post' }).click();
  await expect(photo).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Activity feed' })).toBeFocused();
  await expect(postWith(kenjiPage, `Canopy photo ${marker}`)).toHaveCount(0);

  // Felix's bell has Kenji's comment too; following the like's notice puts the post on top of his
  // feed, its comments open, and out of the list below until he asks for the whole feed.
  await bellOf(page).click();
  await expect(noticeIn(page, `${kenji.name} commented on your post`, `Great news ${marker}`)).toHaveCount(1);
  for (const size of [viewports.desktop, viewports.phone]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${shotsDir}/feed-like-notice-${size.width}.png` });
  }
  await page.setViewportSize(viewports.desktop);
  await noticeIn(page, `${kenji.name} liked your post`, marker).click();
  await expect(page).toHaveURL(/\/dashboard\?post=[0-9a-f-]{36}$/);
  const focused = feedOf(page).getByRole('region', { name: 'The post you were notified about' });
  await expect(focused.getByRole('article')).toContainText('plots and maps are in.');
  await expect(focused.getByRole('region', { name: 'Comments' })).toContainText(
    `Great news indeed ${marker}`,
  );
  await expect(focused.getByRole('heading', { name: 'The post you were notified about' })).toBeFocused();
  await expect(postWith(page, `Field notes ${marker}`)).toHaveCount(1);
  await shootFeed(page, 'feed-focused-post');
  await checkWithAxe(page, 'feed-focused-post');
  await focused.getByRole('button', { name: 'Show the whole feed' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(focused).toHaveCount(0);
  await expect(postWith(page, `Field notes ${marker}`)).toHaveCount(1);

  // Each post once, after all that traffic; and nobody's script ran.
  await expect(postWith(kenjiPage, `Field notes ${marker}`)).toHaveCount(1);
  await kenjiPage.reload();
  await expect(postWith(kenjiPage, `Field notes ${marker}`)).toHaveCount(1);
  await expect(
    postWith(kenjiPage, `Field notes ${marker}`).getByRole('button', { name: /^Like\s*1\s*like$/ }),
  ).toHaveAttribute('aria-pressed', 'true');
  expect(dialogs).toEqual([]);
  await reader.context.close();
  expect(otherErrors).toEqual([]);
});

test('an empty feed says so, a feed that fails to load offers Retry, and Load more brings the next page', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(failedResource(503));
  await signInHome(page, zara.email);
  const feed = feedOf(page);
  await expect(feed.getByText(/^No posts yet\./)).toBeVisible();
  await feed.screenshot({ path: `${shotsDir}/feed-empty-1280.png` });

  await page.route('**/api/v1/feed?*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: '{"code":"unavailable","status":503}',
    }),
  );
  await page.route('**/api/v1/feed', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: '{"code":"unavailable","status":503}',
    }),
  );
  await page.reload();
  await expect(feed.getByText('The feed could not be loaded.')).toBeVisible({ timeout: 20_000 });
  await feed.screenshot({ path: `${shotsDir}/feed-error-1280.png` });
  await page.unrouteAll();
  await feed.getByRole('button', { name: 'Retry' }).click();
  await expect(feed.getByText(/^No posts yet\./)).toBeVisible();

  // More than a page of posts: the first page, then Load more brings the rest, each once.
  const marker = uniqueMarker('page');
  for (let i = 1; i <= 21; i++) {
    const created = await page.request.post('/api/v1/posts', {
      data: { content: `Post ${i} of 21 ${marker}` },
    });
    expect(created.status()).toBe(201);
  }
  await page.reload();
  const posts = feed.getByRole('article').filter({ hasText: marker });
  await expect(posts).toHaveCount(20);
  await expect(posts.first()).toContainText(`Post 21 of 21 ${marker}`);
  await feed.getByRole('button', { name: 'Load more' }).click();
  await expect(posts).toHaveCount(21);
  await expect(posts.last()).toContainText(`Post 1 of 21 ${marker}`);
  await expect(feed.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});
