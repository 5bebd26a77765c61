// Every result of a search, in its ranking order, for the spreadsheet export
// (issue 29 §4): the search service is run a batch of results at a time (as
// pages of `batch`), each batch turned into rows and let go, so the export
// holds one batch at a time however long the list. Closed programmes that
// recur (a first page's extra list) are not results and are left out.
import { exportRowCap } from '@grantbridge/contract/exports';
import type { SearchResult } from '@grantbridge/contract/grants';
import type { Db } from '../../db/client';
import type { SheetCell } from '../../lib/spreadsheet-export';
import { grantExportRows } from '../grants/grants.service';
import { countCap, searchGrants, type SearchInput } from './search.service';

/** Results per search call. */
export const exportBatch = 250;

/**
 * The results of the planned search, page after page of `batch`, up to one
 * past `cap` (so a cut list can say so). A short page ends it when the count
 * is exact; a count at its cap may have more behind a short page, so the
 * next page is asked for until one comes back empty.
 */
export async function* searchExportResults(db: Db, plan: SearchInput, cap = exportRowCap, batch = exportBatch): AsyncGenerator<SearchResult[]> {
  let found = 0;
  for (let page = 1; found <= cap; page += 1) {
    const response = await searchGrants(db, { ...plan, page, pageSize: batch, recurring: false });
    if (response.results.length === 0) return;
    found += response.results.length;
    yield response.results;
    if (response.results.length < batch && response.total < countCap) return;
  }
}

/** The export's rows: a grant's columns, its match score and why it matched. */
export async function* searchExportRows(
  db: Db,
  plan: SearchInput,
  appLink: (grantId: string) => string,
  cap = exportRowCap,
  batch = exportBatch,
): AsyncGenerator<SheetCell[]> {
  for await (const results of searchExportResults(db, plan, cap, batch)) {
    yield* await grantExportRows(db, results, appLink);
  }
}
