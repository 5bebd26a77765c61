// The CSV import's preview shows the people, not only counts (issue 30): who
// will be invited (name, e-mail, department), who is skipped because they are
// already members or already invited, and each row with a problem and why,
// before anyone is invited. axe with the preview open, at both widths.
import { checkAtBothWidths } from './axe';
import { demoAccounts, expect, signInAndLand, test, uniqueMarker } from './fixtures';

test('an admin sees each person of a CSV file before inviting them', async ({ page }) => {
  const marker = uniqueMarker('preview');
  const csv =
    'email,name,title,department,research_areas\r\n' +
    `${marker}.ada@example.edu,Ada Lovelace,Professor,Mathematics,Numerical Analysis\r\n` +
    `${marker}.ben@example.edu,Ben Okri,,,\r\n` +
    `${demoAccounts.researcher},Already A Member,,,\r\n` +
    // A demo invitation still pending (data/demo/demo-data.json).
    'beatrice.lund@example.edu,Beatrice Lund,,Chemistry,\r\n' +
    'not-an-address,Nobody,,,\r\n' +
    `${marker}.ada@example.edu,Ada Again,,,\r\n`;
  await signInAndLand(page, demoAccounts.admin, 'admin');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Manage', exact: true })
    .click();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import researchers from CSV' });
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'faculty.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  await expect(dialog.getByText('2 people will be invited by e-mail')).toBeVisible();
  const invite = dialog.getByRole('region', { name: 'To be invited (2)' });
  // At desktop width the address has a column of its own (on a phone it goes under the name).
  await expect(invite.getByRole('columnheader')).toHaveText(['Name', 'E-mail', 'Department'], {
    useInnerText: true,
  });
  const cells = (name: RegExp) => invite.getByRole('row', { name }).getByRole('cell');
  await expect(cells(/Ada Lovelace/)).toHaveText(['Ada Lovelace', `${marker}.ada@example.edu`, 'Mathematics'], {
    useInnerText: true,
  });
  await expect(cells(/Ben Okri/)).toHaveText(['Ben Okri', `${marker}.ben@example.edu`, '—'], {
    useInnerText: true,
  });

  const skipped = dialog.getByRole('region', { name: 'Skipped (2)' });
  await expect(skipped.getByRole('row', { name: /Already A Member/ })).toContainText('Has an account');
  await expect(skipped.getByRole('row', { name: /Beatrice Lund/ })).toContainText('Already invited');

  const problems = dialog.getByRole('region', { name: 'Rows with a problem (2)' });
  await expect(problems.getByRole('listitem')).toHaveText([
    'Line 6: Nobody — "not-an-address" is not an e-mail address',
    `Line 7: Ada Again — ${marker}.ada@example.edu appears earlier in the file`,
  ]);

  // Long tables scroll inside the dialog; a keyboard reaches them.
  await invite.focus();
  await expect(invite).toBeFocused();
  await checkAtBothWidths(page, 'csv-import-preview', { fullPage: false });

  await dialog.getByRole('button', { name: 'Invite 2 people' }).click();
  await expect(page.getByText('2 invitations sent; 2 skipped')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search researchers' }).fill(marker);
  await expect(page.getByRole('row', { name: /Ada Lovelace/ }).getByText('invited')).toBeVisible();
  await expect(page.getByRole('row', { name: /Ben Okri/ }).getByText('invited')).toBeVisible();
});
