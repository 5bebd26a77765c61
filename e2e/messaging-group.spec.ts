// Group and team messaging across browsers: three people in a group made with
// the New Message dialog (live delivery, unread badges, typing, hostile text
// shown as text), a fourth signed-in person who never sees any of it (in the
// page, over REST, or over the socket), and a team on phones whose members
// add someone and leave.
import type { Browser, BrowserContext, ConsoleMessage, Page } from '@playwright/test';
import { demoAccounts, expect, signInAndLand, test, uniqueMarker, viewports } from './fixtures';

// Fictional demo researchers no other journey signs in with (tests run two at
// a time on one server, so each test keeps to its own people).
const groupPeople = {
  owner: { email: 'samuel.adeyemi@northfield.example.edu', name: 'Dr. Samuel Adeyemi' },
  second: { email: 'amara.callahan@lakeshore.example.edu', name: 'Dr. Amara Callahan' },
  third: { email: 'diego.raman@northfield.example.edu', name: 'Dr. Diego Raman' },
  outsider: { email: 'noor.morales@lakeshore.example.edu', name: 'Dr. Noor Morales' },
} as const;
const teamPeople = {
  lead: { email: 'lucas.halvorsen@example.edu', name: 'Dr. Lucas Halvorsen' },
  second: { email: 'isaac.holloway@example.edu', name: 'Dr. Isaac Holloway' },
  third: { email: 'leila.albrecht@riverside.example.edu', name: 'Dr. Leila Albrecht' },
  added: { email: 'owen.kamara@northfield.example.edu', name: 'Dr. Owen Kamara' },
} as const;

// The fixture accounts reserved for other journeys stay out of these tests.
for (const person of [...Object.values(groupPeople), ...Object.values(teamPeople)]) {
  if (Object.values(demoAccounts).includes(person.email as never)) {
    throw new Error(`${person.email} belongs to another journey`);
  }
}

type Person = { email: string; name: string };

/** What Chromium logs while the network is off on purpose. */
const offlineNoise = [
  /^WebSocket connection to '.*\/api\/v1\/realtime' failed/,
  /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED/,
];

/** A browser of its own for one more person; its console errors are collected and checked at the end. */
class ExtraBrowsers {
  private contexts: BrowserContext[] = [];
  private errors: string[] = [];
  constructor(private browser: Browser) {}

  /** Console errors not matching any of the expected patterns. */
  unexpectedErrors(expected: RegExp[] = []): string[] {
    return this.errors.filter((e) => !expected.some((pattern) => pattern.test(e)));
  }

  async open(viewport: { width: number; height: number }): Promise<Page> {
    const context = await this.browser.newContext({ viewport });
    context.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') this.errors.push(message.text());
    });
    context.on('weberror', (error) => this.errors.push(error.error().message));
    this.contexts.push(context);
    return context.newPage();
  }

  async close() {
    for (const context of this.contexts) await context.close();
  }
}

async function signInTo(page: Page, person: Person) {
  await signInAndLand(page, person.email, 'researcher');
  await page.goto('/dashboard/message');
  await expect(page.getByRole('heading', { name: 'Chats' })).toBeVisible();
}

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });

async function send(page: Page, text: string) {
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
}

/** The chat's row in the sidebar list. */
const chatRow = (page: Page, name: string | RegExp) => page.getByRole('link', { name });

/** Picks people in a people picker by searching their names. */
async function pick(scope: ReturnType<Page['getByRole']>, label: string, people: Person[]) {
  for (const person of people) {
    await scope.getByRole('combobox', { name: label }).fill(person.name.replace(/^Dr\. /, ''));
    await scope.getByRole('option', { name: new RegExp(person.name) }).click();
    await expect(scope.getByRole('list', { name: 'Chosen people' })).toContainText(person.name);
  }
}

test('three people chat live in a group made with the New Message dialog; a fourth never sees it', async ({
  page,
  browser,
}) => {
  // Four browsers, one long conversation: more than the default minute on a busy two-core machine.
  test.setTimeout(300_000);
  const marker = uniqueMarker('grp');
  const groupName = `Soil carbon ${marker}`;
  const extra = new ExtraBrowsers(browser);
  const owner = page;
  const second = await extra.open(viewports.desktop);
  const third = await extra.open(viewports.desktop);
  const outsider = await extra.open(viewports.desktop);
  await Promise.all([
    signInTo(owner, groupPeople.owner),
    signInTo(second, groupPeople.second),
    signInTo(third, groupPeople.third),
    signInTo(outsider, groupPeople.outsider),
  ]);

  // The owner makes the group: type, name, two people, Create.
  await owner.getByRole('button', { name: 'New Message' }).click();
  const dialog = owner.getByRole('dialog', { name: 'New Message' });
  await dialog.getByRole('radio', { name: /Group/ }).check();
  // Create without a name or people says what is missing.
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Give the group a name.')).toBeVisible();
  await expect(dialog.getByText('Choose at least two people (three with you).')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Group name' }).fill(groupName);
  await pick(dialog, 'People', [groupPeople.second, groupPeople.third]);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(owner).toHaveURL(/\/dashboard\/message\?c=[0-9a-f-]{36}$/);
  const conversationId = new URL(owner.url()).searchParams.get('c')!;
  await expect(owner.getByRole('heading', { name: groupName })).toBeVisible();
  // Dr. Callahan is at another institution: she is invited, and a member once she accepts (issue 27).
  await expect(owner.getByText('Group · 2 members')).toBeVisible();
  await expect(owner.getByText('No messages yet. Say hello!')).toBeVisible();

  // The other two see the new group appear under Groups at once, without a reload.
  for (const member of [second, third]) {
    const groups = member.getByRole('list', { name: 'Groups' });
    await expect(groups.getByRole('link', { name: new RegExp(groupName) })).toBeVisible();
  }
  await chatRow(second, new RegExp(groupName)).click();
  await expect(second.getByText(/Dr\. Samuel Adeyemi invited you to the group/)).toBeVisible();
  await second.getByRole('button', { name: 'Accept' }).click();
  await expect(second.getByRole('button', { name: 'Accept' })).toBeHidden();
  await expect(owner.getByText('Group · 3 members')).toBeVisible();
  await second.goto('/dashboard/message');

  // A message arrives live in both members' lists, unread; a hostile one shows as plain text.
  const hostile = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script> ${marker}`;
  await send(owner, `Kick-off notes ${marker}: https://example.org/notes/${marker}`);
  await send(owner, hostile);
  const ownerLog = owner.getByRole('log', { name: `Messages with ${groupName}` });
  await expect(ownerLog.getByText(hostile, { exact: true })).toBeVisible();
  for (const member of [second, third]) {
    const row = chatRow(member, new RegExp(groupName));
    await expect(row).toContainText(`Samuel: <img src=x`);
    await expect(row).toHaveAccessibleName(/2 unread/);
  }
  await expect(
    second
      .getByRole('navigation', { name: 'Main' })
      .first()
      .getByRole('link', { name: /^Messages/ }),
  ).toHaveAccessibleName(/^Messages \d+ unread$/);

  // Opening the group shows the history (text, never HTML) and clears the badge.
  await chatRow(second, new RegExp(groupName)).click();
  const secondLog = second.getByRole('log', { name: `Messages with ${groupName}` });
  await expect(secondLog.getByText(hostile, { exact: true })).toBeVisible();
  await expect(secondLog.locator('img, script')).toHaveCount(0);
  await expect(
    secondLog.getByRole('link', { name: `https://example.org/notes/${marker}` }),
  ).toHaveAttribute('href', `https://example.org/notes/${marker}`);
  expect(await second.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  // One 4,000-character word wraps inside its bubble instead of widening everyone's view.
  const longWord = `${marker}${'w'.repeat(4000 - marker.length)}`;
  await send(owner, longWord);
  await expect(secondLog.getByText(longWord)).toBeVisible();
  for (const log of [ownerLog, secondLog]) {
    expect(await log.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  }
  await expect(chatRow(second, new RegExp(groupName))).not.toHaveAccessibleName(/unread/);
  // The third member has not opened it: still unread there.
  await expect(chatRow(third, new RegExp(groupName))).toHaveAccessibleName(/3 unread/);

  // Typing shows to the others in the group; the reply reaches everyone live.
  await chatRow(third, new RegExp(groupName)).click();
  await expect(chatRow(third, new RegExp(groupName))).not.toHaveAccessibleName(/unread/);
  // Both watch while Amara is still typing (the indicator fades seconds after
  // the last keystroke, so checking one screen after the other could miss it).
  const typing = messageBox(second).pressSequentially('On it, the draft goes out tonight', { delay: 150 });
  await Promise.all(
    [owner, third].map((member) => expect(member.getByText('Dr. Amara Callahan is typing…')).toBeVisible()),
  );
  await typing;
  await expect(second.getByText(/is typing…/)).toHaveCount(0);
  await messageBox(second).fill('');
  await send(second, `Reply from Amara ${marker}`);
  for (const member of [owner, third]) {
    const log = member.getByRole('log', { name: `Messages with ${groupName}` });
    await expect(log.getByText(`Reply from Amara ${marker}`)).toHaveCount(1);
    await expect(member.getByText('Dr. Amara Callahan is typing…')).toBeHidden();
  }
  // Everyone looking at the group has read it: no badge anywhere.
  for (const member of [owner, second, third]) {
    await expect(chatRow(member, new RegExp(groupName))).not.toHaveAccessibleName(/unread/);
  }

  // Presence: the third member drops off the network, misses two messages, and comes back.
  await expect(owner.getByText('Group · 3 members · 2 online')).toBeVisible();
  const thirdLog = third.getByRole('log', { name: `Messages with ${groupName}` });
  await third.context().setOffline(true);
  await expect(third.getByText('Connection lost. Reconnecting…')).toBeVisible();
  await expect(owner.getByText('Group · 3 members · 1 online')).toBeVisible();
  await send(owner, `While away one ${marker}`);
  await send(second, `While away two ${marker}`);
  await expect(secondLog.getByText(`While away one ${marker}`)).toBeVisible();
  await expect(thirdLog.getByText(`While away one ${marker}`)).toHaveCount(0);
  await third.context().setOffline(false);
  await expect(third.getByText('Connection lost. Reconnecting…')).toBeHidden({ timeout: 20_000 });
  // Back online it fetches what it missed, once each, in order, and reads it (it is on screen).
  await expect(thirdLog.getByText(`While away one ${marker}`)).toHaveCount(1);
  await expect(thirdLog.getByText(`While away two ${marker}`)).toHaveCount(1);
  await expect(thirdLog.locator('li').last()).toContainText(`While away two ${marker}`);
  await expect(chatRow(third, new RegExp(groupName))).not.toHaveAccessibleName(/unread/);
  await expect(owner.getByText('Group · 3 members · 2 online')).toBeVisible();
  await send(third, `Back again ${marker}`);
  await expect(ownerLog.getByText(`Back again ${marker}`)).toHaveCount(1);

  // The outsider's page never showed the group, its messages, or its typing.
  await expect(outsider.getByText(groupName)).toHaveCount(0);
  await expect(outsider.getByText(marker, { exact: false })).toHaveCount(0);
  // Opening it by id finds nothing; so do REST calls and socket frames naming it.
  await outsider.goto(`/dashboard/message?c=${conversationId}`);
  await expect(
    outsider.getByText('This conversation is not available. You may have left it.'),
  ).toBeVisible();
  await expect(outsider.getByText(marker, { exact: false })).toHaveCount(0);
  const probes = await outsider.evaluate(async (id) => {
    const json = { 'content-type': 'application/json' };
    const statuses = await Promise.all([
      fetch(`/api/v1/conversations/${id}`).then((r) => r.status),
      fetch(`/api/v1/conversations/${id}/messages`).then((r) => r.status),
      fetch(`/api/v1/conversations/${id}/messages`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ content: 'let me in', clientId: 'outsider-1' }),
      }).then((r) => r.status),
      fetch(`/api/v1/conversations/${id}/read`, { method: 'POST', headers: json, body: '{}' }).then(
        (r) => r.status,
      ),
      fetch(`/api/v1/conversations/${id}/members/me`, { method: 'DELETE' }).then((r) => r.status),
    ]);
    const frames = await new Promise<unknown[]>((resolve) => {
      const ws = new WebSocket(`ws://${location.host}/api/v1/realtime`);
      const got: unknown[] = [];
      ws.onmessage = (event) => {
        got.push(JSON.parse(String(event.data)));
        if (got.length >= 1) {
          ws.close();
          resolve(got);
        }
      };
      ws.onopen = () => ws.send(JSON.stringify({ type: 'typing', data: { conversationId: id } }));
      setTimeout(() => resolve(got), 5_000);
    });
    return { statuses, frames };
  }, conversationId);
  expect(probes.statuses).toEqual([404, 404, 404, 404, 404]);
  expect(probes.frames).toEqual([
    { type: 'error', data: { code: 'not_found', message: 'Conversation not found.' } },
  ]);
  // Nothing from the outsider reached the group.
  await send(owner, `Last word ${marker}`);
  await expect(secondLog.getByText(`Last word ${marker}`)).toBeVisible();
  await expect(secondLog.getByText('let me in')).toHaveCount(0);

  await extra.close();
  // The outsider's REST probes answer 404 on purpose; nothing else may be logged.
  expect(
    extra.unexpectedErrors([...offlineNoise, /status of 404 \(Not Found\)/]),
    'the other browsers logged errors',
  ).toEqual([]);
});

test('on phones, a team shares its history, invites someone who accepts and reads it, and a member leaves', async ({
  page,
  browser,
}) => {
  const marker = uniqueMarker('team');
  const teamName = `Macrosystems ${marker}`;
  await page.setViewportSize(viewports.phone);
  const extra = new ExtraBrowsers(browser);
  const lead = page;
  const second = await extra.open(viewports.phone);
  const added = await extra.open(viewports.phone);
  await Promise.all([
    signInTo(lead, teamPeople.lead),
    signInTo(second, teamPeople.second),
    signInTo(added, teamPeople.added),
  ]);

  await lead.getByRole('button', { name: 'New Message' }).click();
  const dialog = lead.getByRole('dialog', { name: 'New Message' });
  await dialog.getByRole('radio', { name: /Team/ }).check();
  await dialog.getByRole('textbox', { name: 'Team name' }).fill(teamName);
  await pick(dialog, 'People', [teamPeople.second, teamPeople.third]);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  // On a phone the open chat takes the whole width; Back returns to the list.
  await expect(lead.getByRole('heading', { name: teamName })).toBeVisible();
  // Dr. Albrecht is at another institution: invited, not a member until she accepts (issue 27).
  await expect(lead.getByText('Team · 2 members')).toBeVisible();
  // Text over 4,000 characters is kept, counted, and cannot be sent.
  await messageBox(lead).fill(`${'a'.repeat(4000)}b`);
  await expect(lead.getByText('4,001 / 4,000 characters (too long to send)')).toBeVisible();
  await expect(lead.getByRole('button', { name: 'Send' })).toBeDisabled();
  await messageBox(lead).press('Enter');
  await expect(messageBox(lead)).toHaveValue(`${'a'.repeat(4000)}b`);
  await messageBox(lead).press('Backspace');
  await expect(lead.getByText('4,000 / 4,000 characters')).toBeVisible();
  await expect(lead.getByRole('button', { name: 'Send' })).toBeEnabled();
  await messageBox(lead).fill('');
  await send(lead, `Budget draft due Friday ${marker}`);

  // The second member finds it under Teams and answers on the phone keyboard's line break.
  const teams = second.getByRole('list', { name: 'Teams' });
  await teams.getByRole('link', { name: new RegExp(teamName) }).click();
  await expect(second.getByRole('heading', { name: teamName })).toBeVisible();
  await messageBox(second).fill('Line one');
  await messageBox(second).press('Shift+Enter');
  await messageBox(second).pressSequentially('line two');
  await expect(messageBox(second)).toHaveValue('Line one\nline two');
  await second.getByRole('button', { name: 'Send' }).click();
  const leadLog = lead.getByRole('log', { name: `Messages with ${teamName}` });
  await expect(leadLog.getByText(/Line one\s+line two/)).toBeVisible();

  // The lead, who started the team, lets people who join read what was said before.
  await lead.getByRole('button', { name: 'Members' }).click();
  const members = lead.getByRole('dialog', { name: `Members of ${teamName}` });
  await expect(members.getByText('Invited, not answered yet')).toBeVisible();
  const shareHistory = members.getByRole('checkbox', { name: /People who join see the earlier messages/ });
  await shareHistory.click();
  await expect(shareHistory).toBeChecked();
  await lead.keyboard.press('Escape');
  await expect(members).toBeHidden();

  // The lead adds a fourth person (another institution: an invitation), who accepts and reads the history.
  await lead.getByRole('button', { name: 'Add people' }).click();
  const addDialog = lead.getByRole('dialog', { name: `Add people to ${teamName}` });
  await pick(addDialog, 'People', [teamPeople.added]);
  await addDialog.getByRole('button', { name: 'Add people' }).click();
  await expect(addDialog).toBeHidden();
  const addedRow = added
    .getByRole('list', { name: 'Teams' })
    .getByRole('link', { name: new RegExp(teamName) });
  await expect(addedRow).toBeVisible();
  await expect(addedRow).toContainText('Invitation from Dr. Lucas Halvorsen');
  // Newcomers start with nothing unread.
  await expect(addedRow).not.toHaveAccessibleName(/unread/);
  await addedRow.click();
  await added.getByRole('button', { name: 'Accept' }).click();
  await expect(lead.getByText('Team · 3 members')).toBeVisible();
  await expect(second.getByText(/Team · 3 members/)).toBeVisible();
  const addedLog = added.getByRole('log', { name: `Messages with ${teamName}` });
  await expect(addedLog.getByText(`Budget draft due Friday ${marker}`)).toBeVisible();

  // The second member leaves; the others see the team shrink and stop reaching them.
  await second.getByRole('button', { name: 'Leave' }).click();
  const leave = second.getByRole('dialog', { name: `Leave ${teamName}?` });
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(leave).toBeHidden();
  await expect(second.getByRole('heading', { name: 'Chats' })).toBeVisible();
  await expect(second.getByText(teamName)).toHaveCount(0);
  await expect(lead.getByText('Team · 2 members')).toBeVisible();
  await send(added, `Hello team ${marker}`);
  await expect(leadLog.getByText(`Hello team ${marker}`)).toBeVisible();
  await expect(second.getByText(`Hello team ${marker}`)).toHaveCount(0);
  await expect(second.getByText(teamName)).toHaveCount(0);

  await extra.close();
  expect(extra.unexpectedErrors(), 'the other browsers logged errors').toEqual([]);
});
