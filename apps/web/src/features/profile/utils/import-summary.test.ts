// A publications import names what it added and each entry it skipped (issue 30).
import { describe, expect, it } from 'vitest';
import type { PublicationsImportResult } from '@grantbridge/contract/profile';
import { summariseImport } from './import-summary';

const result = (over: Partial<PublicationsImportResult>): PublicationsImportResult => ({
  added: 0,
  duplicates: 0,
  errors: [],
  addedEntries: [],
  duplicateEntries: [],
  ...over,
});
const entries = (titles: string[]) => titles.map((title, i) => ({ entry: i + 1, title }));

describe('summariseImport', () => {
  it('names one, two and four titles in full', () => {
    expect(summariseImport(result({ added: 1, addedEntries: entries(['Snow']) })).added).toBe('Added “Snow”.');
    expect(summariseImport(result({ added: 2, addedEntries: entries(['Snow', 'Ice']) })).added).toBe(
      'Added “Snow” and “Ice”.',
    );
    expect(
      summariseImport(result({ added: 4, addedEntries: entries(['A', 'B', 'C', 'D']) })).added,
    ).toBe('Added “A”, “B”, “C” and “D”.');
  });

  it('names the first three of many and counts the rest', () => {
    const many = entries(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    expect(summariseImport(result({ added: 7, addedEntries: many }))).toMatchObject({
      headline: 'Publications imported: 7 added.',
      added: 'Added “A”, “B”, “C” and 4 more.',
      skipped: [],
      moreSkipped: 0,
    });
  });

  it('says nothing was added, and lists each skipped entry in order with its reason', () => {
    const summary = summariseImport(
      result({
        duplicates: 2,
        errors: [{ entry: 3, reason: 'The entry has no title' }],
        duplicateEntries: [
          { entry: 2, title: 'Glacier melt', alreadyIn: 'file' },
          { entry: 4, title: 'Snow on the move', alreadyIn: 'profile' },
        ],
      }),
    );
    expect(summary).toEqual({
      headline: 'Publications imported: 0 added, 1 already on your profile, 1 repeated, 1 could not be read.',
      added: null,
      skipped: [
        'Entry 2, “Glacier melt”: repeats an earlier entry',
        'Entry 3: The entry has no title',
        'Entry 4, “Snow on the move”: already on your profile',
      ],
      moreSkipped: 0,
    });
  });

  it('keeps the wording of a file with one unreadable entry', () => {
    const summary = summariseImport(
      result({ added: 3, addedEntries: entries(['A', 'B', 'C']), errors: [{ entry: 4, reason: 'No title' }] }),
    );
    expect(summary.headline).toBe('Publications imported: 3 added, 1 could not be read.');
  });

  it('lists ten skipped entries and counts the rest', () => {
    const duplicateEntries = entries(Array.from({ length: 25 }, (_, i) => `T${i + 1}`)).map((e) => ({
      ...e,
      alreadyIn: 'profile' as const,
    }));
    const summary = summariseImport(result({ duplicates: 25, duplicateEntries }));
    expect(summary.skipped).toHaveLength(10);
    expect(summary.skipped[9]).toBe('Entry 10, “T10”: already on your profile');
    expect(summary.moreSkipped).toBe(15);
  });
});
