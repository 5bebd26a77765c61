// Publications pasted as BibTeX or RIS text, and a confirmation that names
// what was added and says, entry by entry, what was skipped and why (issue
// 30). axe with the paste dialog open and after the import, at both widths.
import { checkAtBothWidths, expectAccessible } from './axe';
import { expect, failedResource, signIn, test, uniqueMarker } from './fixtures';

/** A demo researcher no other journey imports for: their list is theirs alone here. */
const researcher = 'avery.castellano@riverside.example.edu';

test('a researcher pastes BibTeX and RIS and is told what was added and skipped', async ({
  page,
  allowConsoleError,
}) => {
  const marker = uniqueMarker('paste');
  const first = `Groundwater recharge under ${marker} forests`;
  const second = `Stream temperature and ${marker} shade`;
  const bibtex = [
    `@article{a, title = {${first}}, author = {Castellano, Avery}, journal = {Water Resources Research}, year = {2023}}`,
    `@inproceedings{b, title = {${second}}, author = {Castellano, Avery}, year = 2021}`,
    // Already on the demo profile (data/demo/demo-data.json).
    '@article{c, title = {Riparian buffers and nitrate export from agricultural headwaters}, year = {2020}}',
    '@misc{d, author = {Nobody, A.}, year = {2020}}',
  ].join('\n\n');

  await page.goto('/login');
  await signIn(page, researcher, 'researcher');
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await page.getByRole('tab', { name: 'Publications' }).click();

  // Text that is neither format: said in the dialog, which stays open.
  allowConsoleError(failedResource(400));
  await page.getByRole('button', { name: 'Paste BibTeX or RIS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paste BibTeX or RIS' });
  const text = dialog.getByLabel('BibTeX or RIS text');
  await text.fill('a list of my papers');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('Send a BibTeX (.bib) or RIS (.ris) file; this text is neither.')).toBeVisible();
  await expect(text).toHaveAttribute('aria-invalid', 'true');

  await text.fill(bibtex);
  await checkAtBothWidths(page, 'profile-paste-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Paste BibTeX or RIS' })).toBeFocused();

  const status = page.getByRole('status').filter({ hasText: 'Publications imported' });
  await expect(status.locator('p')).toHaveText([
    'Publications imported: 2 added, 1 already on your profile, 1 could not be read.',
    `Added “${first}” and “${second}”.`,
  ]);
  await expect(page.getByRole('listitem').filter({ hasText: /^Entry \d/ })).toHaveText([
    'Entry 3, “Riparian buffers and nitrate export from agricultural headwaters”: already on your profile',
    'Entry 4: The entry has no title',
  ]);
  // The list shows them (the confirmation's own mention aside).
  await expect(page.getByText(first, { exact: true })).toBeVisible();
  await expect(page.getByText(second, { exact: true })).toBeVisible();
  await checkAtBothWidths(page, 'profile-import-result', { fromTop: true });

  // RIS, with one record twice: the repeat is skipped and said to be one.
  const third = `Snow drought in ${marker} basins`;
  const record = `TY  - JOUR\nTI  - ${third}\nAU  - Castellano, Avery\nPY  - 2024\nJO  - Hydrology\nER  - \n`;
  await page.getByRole('button', { name: 'Paste BibTeX or RIS' }).click();
  await expect(text).toHaveValue('');
  await text.fill(`${record}\n${record}`);
  await expectAccessible(page, 'the paste dialog with RIS');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(status.locator('p')).toHaveText(['Publications imported: 1 added, 1 repeated.', `Added “${third}”.`]);
  await expect(page.getByRole('listitem').filter({ hasText: /^Entry \d/ })).toHaveText([
    `Entry 2, “${third}”: repeats an earlier entry`,
  ]);
  await expect(page.getByText(third, { exact: true })).toBeVisible();
});
