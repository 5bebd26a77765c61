// An application through the research office, as a researcher and the office
// would do it: the pipeline page (list and board), the application page, the
// review queue, a return with a reason, approval, and the sponsor's answer,
// with the office's dashboard moving as it goes (Jordan's row of Professor
// Activity and the funding achieved).
// axe (WCAG 2.0–2.2 A/AA) on every page on the way, at desktop and phone widths.
import { expectAccessible } from './axe';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { demoAccounts, expect, failedResource, signIn, signInAndLand, test, viewports } from './fixtures';

async function shoot(page: Page, name: string) {
  // A toast fading in or out is half transparent, which axe reads as too little contrast: let them go
  // first (a pointer resting on one would hold it open).
  await page.mouse.move(1, 1);
  await expect(page.locator('div[style*="z-index: 9999"] [role="status"]')).toHaveCount(0, {
    timeout: 15_000,
  });
  for (const [width, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await expectAccessible(page, `${name} (${width})`);
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(viewports.desktop);
}

/** A researcher's row of Professor Activity on the office's dashboard: saved, started, submitted, awarded. */
async function activityOnDashboard(office: Page, name: string) {
  await office.goto('/admin/dashboard');
  const row = office
    .getByRole('region', { name: 'Professor Activity' })
    .getByRole('row')
    .filter({ has: office.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
  await expect(row).toHaveCount(1);
  const cells = await row.getByRole('cell').allInnerTexts(); // last sign-in, then the four figures
  return cells.slice(1).map((text) => Number(text.replace(/,/g, '')));
}

/** The dashboard's Total Funding Achieved, from the API and as the card shows it. */
async function fundingAchieved(office: Page) {
  const overview = await (await office.request.get('/api/v1/admin/overview')).json();
  const amount = overview.stats.totalFundingAchieved as number;
  await office.goto('/admin/dashboard');
  const text = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  }).format(amount);
  await expect(
    office
      .getByRole('region', { name: 'The institution in figures' })
      .getByRole('link', { name: /^Total Funding Achieved/ }),
  ).toContainText(text);
  return amount;
}

/** Signs Jordan in and opens the demo application he leads (other journeys may start more of his). */
async function openJordansApplication(page: Page) {
  await signInAndLand(page, demoAccounts.researcher, 'researcher');
  await page
    .getByRole('navigation', { name: 'Main' })
    .filter({ visible: true })
    .getByRole('link', { name: 'Grants', exact: true })
    .click();
  await expect(page).toHaveURL('/dashboard/grants');
  await page
    .getByRole('region', { name: /^Applications in progress/ })
    .getByRole('article')
    .filter({ hasText: '$1,500,000' })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(/\/dashboard\/applications\/[0-9a-f-]{36}$/);
  await expect(page.locator('#application-title')).toBeVisible();
}

// The journeys work on the demo application Jordan leads; the last finishes it.
test.describe.configure({ mode: 'serial' });

test('a PI invites a researcher at another institution, who accepts and finds the team chat', async ({
  page,
  browser,
  allowConsoleError,
}) => {
  test.setTimeout(240_000);
  // Inviting someone already on the team answers 409, which Chromium logs.
  allowConsoleError(failedResource(409));
  await openJordansApplication(page);
  const title = await page.locator('#application-title').innerText();
  const team = page.getByRole('region', { name: 'Team' });
  await team.getByRole('button', { name: 'Invite to team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite to team' });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Choose a researcher from the list')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Researcher' }).fill('Ingrid');
  await dialog.getByRole('option', { name: /Ingrid Nakamura/ }).click();
  await dialog.getByLabel('Role').selectOption('contributor');
  await expectAccessible(page, 'the invite dialog');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Dr. Ingrid Nakamura is invited to the team')).toBeVisible();
  await expect(team).toContainText('Contributor · Riverside Institute of Technology · invited');

  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await invitee.goto('/login');
  await signIn(invitee, 'ingrid.nakamura@riverside.example.edu', 'researcher');
  await invitee.getByRole('link', { name: 'Grants' }).first().click();
  const invitations = invitee.getByRole('region', { name: 'Team invitations' });
  await expect(invitations).toContainText(title);
  await expect(invitations).toContainText(
    'Dr. Jordan Ellery (Example State University) invites you as contributor',
  );
  await shoot(invitee, 'team-invitation');
  await invitations.getByRole('button', { name: `Accept: ${title}` }).click();
  await expect(invitee.getByText('You joined the team')).toBeVisible();
  await expect(invitee.locator('#application-title')).toHaveText(title);
  await expect(invitee.getByRole('region', { name: 'Next steps' })).toContainText(
    'The PI and the research office',
  );
  await invitee.getByRole('link', { name: 'Team chat' }).click();
  await expect(invitee).toHaveURL(/\/dashboard\/message\?c=/);
  await expect(invitee.getByRole('heading', { name: `Team: ${title}` })).toBeVisible();
  await inviteeContext.close();

  await page.reload();
  await expect(team).toContainText('Contributor · Riverside Institute of Technology');
  await expect(team).not.toContainText('invited');

  // From a researcher's profile: Avery is on the team already (said so); Ruth is invited.
  await team.getByRole('link', { name: 'Dr. Avery Castellano' }).click();
  // The application page has an Invite to team button too: wait for the profile before pressing it.
  await expect(page).toHaveURL(/\/dashboard\/researcher\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Dr. Avery Castellano' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite to team' }).click();
  let invite = page.getByRole('dialog', { name: /^Invite .* to a team$/ });
  // Other journeys may have started more of Jordan's applications: choose this one.
  await invite.getByLabel('Application').selectOption({ label: title });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText(/already on this team/)).toBeVisible();
  await invite.getByRole('button', { name: 'Cancel' }).click();
  const found = await page.request.get('/api/v1/users?q=Ruth');
  const ruth = ((await found.json()) as { users: { id: string; name: string }[] }).users.find((u) =>
    u.name.includes('Ruth'),
  )!;
  await page.goto(`/dashboard/researcher/${ruth.id}`);
  await page.getByRole('button', { name: 'Invite to team' }).click();
  invite = page.getByRole('dialog', { name: `Invite ${ruth.name} to a team` });
  await expectAccessible(page, 'invite from a profile');
  await invite.getByLabel('Application').selectOption({ label: title });
  await invite.getByLabel('Role').selectOption('contributor');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`${ruth.name} is invited to the team`)).toBeVisible();
});

test('the team uploads real files to the checklist; a renamed program is refused; each version downloads', async ({
  page,
  allowConsoleError,
}) => {
  test.setTimeout(180_000);
  // The refused program answers 415, which Chromium logs.
  allowConsoleError(failedResource(415));
  await openJordansApplication(page);
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents).toContainText('2 of 6 completed');
  const narrative = documents.getByRole('listitem').filter({ hasText: 'Data management plan' });
  await narrative
    .getByLabel('Upload a file for Data management plan')
    .setInputFiles('apps/server/test/fixtures/project-description.pdf');
  await expect(page.getByText('Data management plan: version 1 uploaded')).toBeVisible();
  await expect(narrative.getByRole('link', { name: 'project-description.pdf' })).toBeVisible();
  await expect(narrative.getByLabel('Status of Data management plan')).toHaveValue('in_progress');
  // A program renamed to .pdf is refused by its bytes; nothing changes.
  await narrative.getByLabel('Upload a file for Data management plan').setInputFiles({
    name: 'plan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(120).fill(0)]),
  });
  await expect(page.getByText(/contents are ELF/)).toBeVisible();
  await narrative
    .getByLabel('Upload a file for Data management plan')
    .setInputFiles('apps/server/test/fixtures/budget-justification.docx');
  await expect(page.getByText('Data management plan: version 2 uploaded')).toBeVisible();
  await narrative.getByLabel('Status of Data management plan').selectOption('completed');
  await expect(documents).toContainText('3 of 6 completed');
  // One deadline downloads as a calendar event.
  const event = await page.request.get(
    (await page
      .getByRole('link', { name: 'Add internal deadline to calendar' })
      .getAttribute('href')) ?? '',
  );
  expect(event.headers()['content-disposition']).toBe(
    'attachment; filename="internal-deadline.ics"',
  );
  expect(await event.text()).toContain('BEGIN:VEVENT');

  // Tasks: one added for a teammate, one of Jordan's ticked off.
  const tasks = page.getByRole('region', { name: 'Tasks' });
  await tasks.getByLabel('New task').fill('Book the lab for pilot data');
  await tasks.getByLabel('Due date').fill('2027-03-01');
  await tasks.getByLabel('Priority').selectOption('high');
  await tasks.getByLabel('Assigned to').selectOption({ label: 'Dr. Avery Castellano' });
  await tasks.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByText('Task added: Book the lab for pilot data')).toBeVisible();
  await expect(
    tasks.getByRole('listitem').filter({ hasText: 'Book the lab for pilot data' }),
  ).toContainText('Dr. Avery Castellano');
  await tasks.getByLabel('Done: Draft the project description').check();
  await expect(tasks.getByLabel('Reopen: Draft the project description')).toBeChecked();
  await shoot(page, 'application-documents');
  // The newest version and the earlier one download as what they are.
  const newest = await page.request.get(
    (await narrative
      .getByRole('link', { name: 'budget-justification.docx' })
      .getAttribute('href')) ?? '',
  );
  expect(newest.headers()['content-type']).toContain('wordprocessingml');
  expect(newest.headers()['content-disposition']).toMatch(/^attachment;/);
  await narrative.getByText('Earlier versions (1)').click();
  const first = await page.request.get(
    (await narrative
      .getByRole('link', { name: 'Version 1: project-description.pdf' })
      .getAttribute('href')) ?? '',
  );
  expect(first.headers()['content-type']).toBe('application/pdf');
  expect((await first.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The pipeline page lists Jordan's open tasks, not the one just done.
  await page.getByRole('link', { name: 'Back to Grants' }).click();
  const mine = page.getByRole('region', { name: 'My tasks' });
  await expect(mine).toContainText('Review the budget with the research office');
  await expect(mine).not.toContainText('Draft the project description');

  // The deadlines as a calendar feed, read without the session as a calendar program would.
  const calendar = page.getByRole('region', { name: 'Deadlines in your calendar' });
  await calendar.getByRole('button', { name: 'Get my calendar address' }).click();
  const address = await calendar.getByLabel('Calendar address').inputValue();
  expect(address).toMatch(/\/api\/v1\/calendar\/feed\/[A-Za-z0-9_-]{43}$/);
  const anonymous = await playwrightRequest.newContext();
  const feed = await anonymous.get(address);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(await feed.text()).toMatch(/SUMMARY:Internal deadline: /);
  await anonymous.dispose();
  await shoot(page, 'pipeline-calendar');
});

test('a researcher sends an application to the research office, which returns it, then submits it; it is awarded', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signInAndLand(page, demoAccounts.researcher, 'researcher');
  await page.getByRole('link', { name: 'Grants' }).first().click();
  const inProgress = page.getByRole('region', { name: /^Applications in progress/ });
  // The demo's application that Jordan leads with Avery (other journeys may start more).
  const card = inProgress.getByRole('article').filter({ hasText: '$1,500,000' });
  await expect(card).toContainText('DRAFTING');
  await expect(card).toContainText(/Internal .* Sponsor /);
  await expect(page.getByRole('region', { name: 'Upcoming deadlines' })).toContainText(
    'Internal deadline',
  );
  await shoot(page, 'pipeline-list');
  await page.getByRole('button', { name: 'Board' }).click();
  await expect(page).toHaveURL(/view=board/);
  await expect(inProgress.getByRole('heading', { name: /^DRAFTING/ })).toBeVisible();
  await shoot(page, 'pipeline-board');

  await card.getByRole('link').click();
  const title = await page.locator('#application-title').innerText();
  await expect(page.getByLabel('Status: DRAFTING')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Team' })).toContainText('Avery Castellano');
  await shoot(page, 'application');
  await page.getByRole('button', { name: 'Send to research office' }).click();
  const send = page.getByRole('dialog', { name: 'Send to research office' });
  // What is not completed yet is said before it goes (issue 30); sending is still allowed.
  const unfinished = send.getByRole('note', { name: 'Documents not completed' });
  await expect(unfinished).toContainText(/\d of \d documents (is|are) not marked completed/);
  await expect(unfinished).toContainText('Biosketches');
  await expectAccessible(page, 'sending with documents not completed');
  await send.getByLabel('Note for the history').fill('Budget and narrative are ready.');
  await send.getByRole('button', { name: 'Send to research office' }).click();
  await expect(page.getByLabel('Status: INTERNAL REVIEW')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Next steps' })).toContainText(
    'With the research office',
  );
  await expect(page.getByRole('region', { name: 'History' })).toContainText(
    '“Budget and narrative are ready.”',
  );
  const applicationUrl = page.url();

  // The office, in another browser.
  const officeContext = await browser.newContext();
  const office = await officeContext.newPage();
  await signInAndLand(office, demoAccounts.admin, 'admin');
  const jordan = (await (await page.request.get('/api/v1/auth/me')).json()).user.name as string;
  const [saved, started, submitted, awarded] = await activityOnDashboard(office, jordan);
  const fundingBefore = await fundingAchieved(office);
  // The review queue, one click from the dashboard's Quick Access.
  await office
    .getByRole('region', { name: 'Quick Access' })
    .getByRole('link', { name: /^Review queue/ })
    .click();
  await expect(office).toHaveURL(/\/admin\/review$/);
  const queue = office.getByRole('region', { name: /^Waiting for internal review/ });
  const item = queue.getByRole('listitem').filter({ hasText: title });
  await expect(item).toBeVisible();
  await shoot(office, 'review-queue');
  await item.getByRole('button', { name: `Return to the PI: ${title}` }).click();
  const ret = office.getByRole('dialog', { name: 'Return to the PI' });
  await ret.getByRole('button', { name: 'Return to the PI' }).click();
  await expect(ret.getByText('Give a reason for returning it')).toBeVisible();
  await expectAccessible(office, 'the return dialog with an error');
  await ret.getByLabel('What needs to change').fill('Add the data management plan.');
  await ret.getByRole('button', { name: 'Return to the PI' }).click();
  await expect(
    office.locator('div[style*="z-index: 9999"] [role="status"]').getByText('Moved to DRAFTING'),
  ).toBeVisible();
  await expect(queue.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);

  // Back with the researcher: returned, the reason at the top of the page and in the
  // notice (so in its e-mail) until it is sent again (issue 30); then sent again.
  await page.goto('/dashboard/notifications');
  await expect(
    page.getByText('returned it to drafting: “Add the data management plan.”').first(),
  ).toBeVisible();
  await page.goto(applicationUrl);
  await expect(page.getByLabel('Status: DRAFTING')).toBeVisible();
  const returned = page.getByRole('region', { name: /^Returned by / });
  await expect(returned).toContainText('Add the data management plan.');
  await expect(returned).toContainText('Make the changes, then send it to the research office again.');
  await shoot(page, 'application-returned');
  await expect(page.getByRole('region', { name: 'History' })).toContainText(
    '“Add the data management plan.”',
  );
  await page.getByRole('button', { name: 'Send to research office' }).click();
  await page
    .getByRole('dialog', { name: 'Send to research office' })
    .getByRole('button', { name: 'Send to research office' })
    .click();
  await expect(page.getByLabel('Status: INTERNAL REVIEW')).toBeVisible();
  await expect(page.getByRole('region', { name: /^Returned by / })).toHaveCount(0);

  // The office approves and submits, and sets its own internal deadline.
  await office.goto(applicationUrl.replace('/dashboard/applications/', '/admin/applications/'));
  await expect(office.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await office.getByRole('button', { name: 'Approve and submit' }).click();
  await office
    .getByRole('dialog', { name: 'Approve and submit' })
    .getByRole('button', { name: 'Approve and submit' })
    .click();
  await expect(office.getByLabel('Status: SUBMITTED')).toBeVisible();
  await shoot(office, 'application-office');
  // The dashboard counts the submission in Jordan's row at once.
  expect(await activityOnDashboard(office, jordan)).toEqual([
    saved,
    started,
    submitted! + 1,
    awarded,
  ]);

  // The sponsor answers: an award needs its amount.
  await page.reload();
  await expect(page.getByLabel('Status: SUBMITTED')).toBeVisible();
  await page.getByRole('button', { name: 'Record award' }).click();
  const award = page.getByRole('dialog', { name: 'Record award' });
  await award.getByLabel('Amount awarded (USD)').fill('');
  await award.getByRole('button', { name: 'Record award' }).click();
  await expect(award.getByText('Enter the amount awarded in whole dollars')).toBeVisible();
  await award.getByLabel('Amount awarded (USD)').fill('1,250,000');
  await award.getByRole('button', { name: 'Record award' }).click();
  await expect(page.getByLabel('Status: AWARDED')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Amounts' })).toContainText('$1,250,000');
  await expect(page.getByRole('region', { name: 'Next steps' })).toContainText('moves no further');
  await page.getByRole('link', { name: 'Back to Grants' }).click();
  await expect(page.getByRole('region', { name: /^Active grants/ })).toContainText(title);

  // The office sees the award: in Jordan's row, and in the funding achieved this fiscal year.
  expect(await activityOnDashboard(office, jordan)).toEqual([
    saved,
    started,
    submitted! + 1,
    awarded! + 1,
  ]);
  expect(await fundingAchieved(office)).toBe(fundingBefore + 1_250_000);
  await officeContext.close();
});
