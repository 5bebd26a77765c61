// The research office and the activity feed: until the admin dashboard is
// built, its page holds the institution's feed, where an administrator posts
// for their researchers and removes any post of the institution (but edits
// none). A researcher's post, removed by the office, is gone for both.
import type { Browser } from '@playwright/test';
import { expect, signInAndLand, test, uniqueMarker } from './fixtures';
import { checkWithAxe, feedOf, postWith, signInHome, writePost } from './feed-helpers';

// No other journey posts as him (admin-review.spec.ts sends applications of his to the office).
const andre = { email: 'andre.whitfield@example.edu' };
const office = { email: 'admin@example.edu' };

async function adminPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAndLand(page, office.email, 'admin');
  return { context, page };
}

test('the office removes a researcher’s post from the institution’s feed, and cannot edit it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const marker = uniqueMarker('cleanup');
  await signInHome(page, andre.email);
  await writePost(page, `Lab cleanup on Friday ${marker}`);
  await expect(postWith(page, marker)).toBeVisible();

  const admin = await adminPage(browser);
  try {
    const post = postWith(admin.page, marker);
    await expect(post).toBeVisible();
    await expect(post.getByRole('button', { name: 'Edit post' })).toHaveCount(0);
    await post.getByRole('button', { name: 'Delete post' }).click();
    // The confirmation's button, in its dialog: the dialog's code loads when it first opens (decision 051),
    // so "the last Delete post button" could still be a post's own a moment before.
    await admin.page.getByRole('dialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete post' }).click();
    await expect(postWith(admin.page, marker)).toHaveCount(0);
    // Gone for its author too, live.
    await expect(postWith(page, marker)).toHaveCount(0);
    await expect(feedOf(admin.page)).toBeVisible();
    await checkWithAxe(admin.page, 'admin-feed');
  } finally {
    await admin.context.close();
  }
});
