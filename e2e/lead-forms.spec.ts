// The lead forms (contact, get started, request demo): validation in the
// browser, the phone format, the university picker, the sending state, the
// confirmation that replaces a sent form (and the failure toasts), and the
// stored request's e-mail in the outbox.
import type { Page, Request } from '@playwright/test';
import {
  expect,
  failedResource,
  test,
  uniqueMarker,
  viewports,
  waitForOutboxEmail,
} from './fixtures';

const contactSuccess = "Thank you for your message! We'll be in touch soon.";
const demoSuccess =
  "Thank you for requesting a demo! We'll be in touch shortly to schedule your session.";
const failure = 'Something went wrong. Please try again later.';

/** Records the requests made to one API path, to prove that nothing was sent. */
function recordRequests(page: Page, apiPath: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === apiPath) seen.push(request);
  });
  return seen;
}

/** Holds requests to `apiPath` until `release` is called, so the sending state can be seen. */
async function holdRequests(page: Page, apiPath: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${apiPath}`, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

function universityInput(page: Page) {
  return page.getByRole('combobox', { name: 'University' });
}

async function chooseUniversity(page: Page, typed: string, option: string) {
  await universityInput(page).fill(typed);
  await page.getByRole('option', { name: new RegExp(`^${option}`) }).click();
  await expect(universityInput(page)).toHaveValue(option);
}

test.describe('contact form', () => {
  test('an empty or bad form shows field errors and sends nothing', async ({ page }) => {
    const sent = recordRequests(page, '/api/v1/contact-requests');
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const error of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'University is required',
      'Message is required',
    ]) {
      await expect(page.getByText(error, { exact: true })).toBeVisible();
    }
    await expect(field(page, 'First name')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'First name')).toHaveAccessibleDescription('First name is required');

    await field(page, 'Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Enter a valid email address', { exact: true })).toBeVisible();
    await expect(page.getByText('Email is required', { exact: true })).toBeHidden();
    expect(sent).toHaveLength(0);
  });

  test('sends a message: sending state, toast, cleared form and the e-mail in the outbox', async ({
    page,
  }) => {
    const marker = uniqueMarker('contact');
    await page.goto('/contact');
    await field(page, 'First name').fill('Ada');
    await field(page, 'Last name').fill('Lovelace');
    await field(page, 'Email').fill(`ada.${marker}@example.org`);
    // The keyboard way through the picker.
    await universityInput(page).fill('ucla');
    await expect(
      page.getByRole('option', { name: /^University of California, Los Angeles/ }),
    ).toBeVisible();
    await universityInput(page).press('ArrowDown');
    await expect(universityInput(page)).toHaveAttribute('aria-activedescendant', /.+/);
    await universityInput(page).press('Enter');
    await expect(universityInput(page)).toHaveValue('University of California, Los Angeles');
    await expect(page.getByRole('listbox')).toBeHidden();
    await field(page, 'Message').fill(`Please tell me more. ${marker}`);

    const release = await holdRequests(page, '/api/v1/contact-requests');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    const answer = page.waitForResponse('**/api/v1/contact-requests');
    release();
    const response = await answer;
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as { id: string };

    // A confirmation replaces the form, says what happens next and takes focus.
    const confirmation = page.getByRole('region', { name: 'Message sent' });
    await expect(confirmation).toBeFocused();
    await expect(confirmation.getByText(contactSuccess, { exact: true })).toBeVisible();
    await expect(confirmation).toContainText(`replies by e-mail to ada.${marker}@example.org`);
    await expect(page.getByRole('form', { name: 'Contact form' })).toHaveCount(0);
    // Another message starts from an empty form.
    await confirmation.getByRole('button', { name: 'Send another message' }).click();
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    for (const label of ['First name', 'Last name', 'Email', 'Message']) {
      await expect(field(page, label)).toHaveValue('');
    }
    await expect(universityInput(page)).toHaveValue('');

    const email = await waitForOutboxEmail(marker);
    expect(email).toContain('To: leads@grantbridge.test');
    expect(email).toContain('New Contact Form Submission');
    expect(email).toContain('Name: Ada Lovelace');
    expect(email).toContain(`Email: ada.${marker}@example.org`);
    expect(email).toContain('University: University of California, Los Angeles');
    expect(email).toContain(`Please tell me more. ${marker}`);
    // The request id in the mail is the stored row's id.
    expect(email).toContain(`Request id: ${id}`);
  });

  test('a failing server shows the failure toast and keeps what was typed', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(failedResource(500));
    allowConsoleError(/^Lead form submission failed/);
    await page.route('**/api/v1/contact-requests', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/problem+json',
        body: JSON.stringify({ status: 500, code: 'internal', title: 'Internal Server Error' }),
      }),
    );
    await page.goto('/contact');
    await field(page, 'First name').fill('Grace');
    await field(page, 'Last name').fill('Hopper');
    await field(page, 'Email').fill('grace@example.org');
    await universityInput(page).fill('Navy Postgraduate Institute of Nowhere');
    await field(page, 'Message').fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(failure, { exact: true })).toBeVisible();
    await expect(field(page, 'First name')).toHaveValue('Grace');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });
});

test.describe('university picker', () => {
  test('filters, chooses, sets N/A, closes and accepts free text', async ({ page }) => {
    await page.goto('/contact');
    const input = universityInput(page);
    const list = page.getByRole('listbox', { name: 'University' });

    // Typing filters and opens.
    await input.fill('ucla');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(
      list.getByRole('option', { name: /^University of California, Los Angeles/ }),
    ).toBeVisible();

    // Clearing closes the list and empties it.
    await input.fill('');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();

    // Choosing with the mouse sets the value and closes.
    await input.fill('mit');
    await page.getByRole('option', { name: /^Massachusetts Institute of Technology/ }).click();
    await expect(input).toHaveValue('Massachusetts Institute of Technology');
    await expect(input).toHaveAttribute('aria-expanded', 'false');

    // A press outside closes.
    await input.fill('stanford');
    await expect(list.getByRole('option').first()).toBeVisible();
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).click();
    await expect(list).toBeHidden();
    await expect(input).toHaveAttribute('aria-expanded', 'false');

    // Escape closes too; focusing opens again.
    await input.focus();
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await input.press('Escape');
    await expect(input).toHaveAttribute('aria-expanded', 'false');

    // Nothing matches.
    await input.fill('zzqxv university of nowhere');
    await expect(page.getByText('No matches found', { exact: true })).toBeVisible();
    await expect(list).toBeHidden();

    // N/A.
    await page.getByRole('button', { name: 'N/A' }).click();
    await expect(input).toHaveValue('Not Applicable');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('No matches found', { exact: true })).toBeHidden();
  });

  test('the list scrolls at about 15rem', async ({ page }) => {
    await page.goto('/contact');
    await universityInput(page).fill('university');
    const list = page.getByRole('listbox', { name: 'University' });
    await expect(list.getByRole('option').nth(20)).toBeAttached();
    const box = await list.evaluate((el) => ({
      height: el.clientHeight,
      scrollHeight: el.scrollHeight,
      overflowY: getComputedStyle(el).overflowY,
    }));
    expect(box.height).toBeLessThanOrEqual(240);
    expect(box.height).toBeGreaterThan(200);
    expect(box.scrollHeight).toBeGreaterThan(box.height);
    expect(box.overflowY).toBe('auto');
  });
});

test.describe('get started form', () => {
  test('bad phone is an error, free-text university is accepted, the lead is mailed', async ({
    page,
  }) => {
    const marker = uniqueMarker('getstarted');
    const sent = recordRequests(page, '/api/v1/get-started');
    await page.goto('/get-started');
    await field(page, 'First name').fill('Katherine');
    await field(page, 'Last name').fill('Johnson');
    await field(page, 'Email').fill('kj@example.org');
    await field(page, 'Phone').fill('555');
    await expect(field(page, 'Phone')).toHaveValue('(555');
    // Free text outside the directory is accepted.
    await universityInput(page).fill('West Virginia Collegiate Institute');
    await page.keyboard.press('Escape');
    await field(page, 'Message').fill(`We would like to start. ${marker}`);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(
      page.getByText('Enter a 10-digit phone number as (xxx)xxx-xxxx', { exact: true }),
    ).toBeVisible();
    expect(sent).toHaveLength(0);

    // The phone is optional: emptying it lets the form go.
    await field(page, 'Phone').fill('');
    await expect(
      page.getByText('Enter a 10-digit phone number as (xxx)xxx-xxxx', { exact: true }),
    ).toBeHidden();
    const release = await holdRequests(page, '/api/v1/get-started');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    await expect(page.getByRole('region', { name: 'Request received' })).toBeFocused();
    await expect(page.getByText(contactSuccess, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Send another request' }).click();
    await expect(field(page, 'Message')).toHaveValue('');

    const email = await waitForOutboxEmail(marker);
    expect(email).toContain('New Get Started Request');
    expect(email).toContain('University: West Virginia Collegiate Institute');
  });
});

test.describe('request demo form', () => {
  test.use({ viewport: viewports.phone });

  test('validates, formats the phone, shows Submitting... and mails the request', async ({
    page,
  }) => {
    const marker = uniqueMarker('demo');
    const sent = recordRequests(page, '/api/v1/demo-requests');
    await page.goto('/request-demo');
    await page.getByRole('button', { name: 'Request Demo', exact: true }).click();
    for (const error of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Enter a 10-digit phone number as (xxx)xxx-xxxx',
      'University is required',
      'Choose your role',
    ]) {
      await expect(page.getByText(error, { exact: true })).toBeVisible();
    }
    expect(sent).toHaveLength(0);

    const phone = field(page, 'Phone');
    await expect(phone).toHaveAttribute('placeholder', '(xxx)xxx-xxxx');
    await expect(phone).toHaveAttribute('maxlength', '13');
    await phone.pressSequentially('5551234567');
    await expect(phone).toHaveValue('(555)123-4567');
    // More digits do not fit.
    await phone.pressSequentially('89');
    await expect(phone).toHaveValue('(555)123-4567');
    await phone.fill('55512345678999');
    await expect(phone).toHaveValue('(555)123-4567');

    await field(page, 'First name').fill('Mary');
    await field(page, 'Last name').fill('Jackson');
    await field(page, 'Email').fill('mary@@example');
    await chooseUniversity(page, 'ucla', 'University of California, Los Angeles');
    await field(page, 'Role').selectOption('Research Administrator');
    await field(page, 'Preferred date and time').fill('2030-05-01T10:30');
    await field(page, 'Comments').fill(`Tuesday mornings suit us. ${marker}`);
    await page.getByRole('button', { name: 'Request Demo', exact: true }).click();
    await expect(page.getByText('Enter a valid email address', { exact: true })).toBeVisible();
    expect(sent).toHaveLength(0);

    await field(page, 'Email').fill('mary@example.org');
    // The error clears as soon as the address is fixed; wait for it, so the
    // click is not aimed at a button that the vanishing line then moves.
    await expect(page.getByText('Enter a valid email address', { exact: true })).toBeHidden();
    const release = await holdRequests(page, '/api/v1/demo-requests');
    await page.getByRole('button', { name: 'Request Demo', exact: true }).click();
    const submitting = page.getByRole('button', { name: 'Submitting...' });
    await expect(submitting).toBeDisabled();
    const answer = page.waitForResponse('**/api/v1/demo-requests');
    release();
    const { id } = (await (await answer).json()) as { id: string };
    const confirmation = page.getByRole('region', { name: 'Demo requested' });
    await expect(confirmation).toBeFocused();
    await expect(confirmation.getByText(demoSuccess, { exact: true })).toBeVisible();
    await expect(confirmation).toContainText('to confirm your preferred time, Wednesday, May 1, 2030');
    await confirmation.getByRole('button', { name: 'Request another demo' }).click();
    await expect(phone).toHaveValue('');
    await expect(field(page, 'Comments')).toHaveValue('');
    await expect(field(page, 'Role')).toHaveValue('');

    const email = await waitForOutboxEmail(marker);
    expect(email).toContain('New Demo Request');
    expect(email).toContain('Phone: (555)123-4567');
    expect(email).toContain('Role: Research Administrator');
    expect(email).toContain('Preferred time: 2030-05-01T');
    expect(email).toContain(`Request id: ${id}`);
  });

  test('a failing server shows the failure toast', async ({ page, allowConsoleError }) => {
    allowConsoleError(failedResource(500));
    allowConsoleError(/^Lead form submission failed/);
    await page.route('**/api/v1/demo-requests', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }),
    );
    await page.goto('/request-demo');
    await field(page, 'First name').fill('Dorothy');
    await field(page, 'Last name').fill('Vaughan');
    await field(page, 'Email').fill('dv@example.org');
    await field(page, 'Phone').fill('5559876543');
    await page.getByRole('button', { name: 'N/A' }).click();
    await expect(universityInput(page)).toHaveValue('Not Applicable');
    await field(page, 'Role').selectOption('Other');
    await expect(field(page, 'Role')).toHaveValue('Other');
    // The toast lasts four seconds: wait for the failed answer first, so a slow
    // machine's late click is told apart from a toast that never came.
    const answered = page.waitForResponse('**/api/v1/demo-requests');
    await page.getByRole('button', { name: 'Request Demo', exact: true }).click();
    expect((await answered).status()).toBe(500);
    await expect(page.getByText(failure, { exact: true })).toBeVisible();
    // Nothing typed is lost: the form stays filled for the next try.
    await expect(field(page, 'First name')).toHaveValue('Dorothy');
  });
});
