// A first page ranked by match with fewer than ten results lists more after
// them, each kind said apart by the results panel and the assistant:
//   unstated   under an amount, the grants that match everything else but
//              publish no award amount (they may fund that much; GUIDE.md
//              judges an unknown amount as not failing one);
//   recurring  over open grants only, closed programmes with versions in more
//              than one year, their usual cycle said, to plan for (issue 25).
// The search is passed in (the same words' model reused), not imported: this
// module is search.service's, called from it.
import type { GrantSearchResponse, SearchResult } from '@grantbridge/contract/grants';
import type { SearchInput } from './search.service';

/** Fewer results than this on the first page: the fills are listed too. */
export const recurringBelow = 10;
/** A recurring programme listed must score at least this for the words. */
const recurringMinScore = 40;

export async function shortPageFills(
  input: SearchInput,
  total: number,
  hasWords: boolean,
  search: (input: SearchInput) => Promise<GrantSearchResponse>,
): Promise<{ unstated: SearchResult[]; recurring: SearchResult[] }> {
  const none = { unstated: [], recurring: [] };
  if (!hasWords || input.sort !== 'match' || input.page !== 1 || total >= recurringBelow) return none;
  const firstPage = { knownItems: null, page: 1, recurring: false, unstated: false } as const;
  const amountAsked = (input.amountMin !== null || input.amountMax !== null) && !input.amountUnstated;
  const unstated =
    amountAsked && input.unstated !== false
      ? (await search({ ...input, ...firstPage, amountUnstated: true, pageSize: recurringBelow - total })).results.filter((r) => !r.related)
      : [];
  const shortBy = recurringBelow - total - unstated.length;
  const openOnly = input.statuses.every((st) => st === 'posted' || st === 'forecasted');
  const recurring =
    input.recurring !== false && openOnly && shortBy > 0
      ? (await search({ ...input, ...firstPage, statuses: ['closed', 'archived'], dueFrom: null, dueTo: null, noDeadline: false, pageSize: 40, cycles: true })).results
          .filter((r) => r.cycle && !r.related && r.score >= recurringMinScore)
          .slice(0, shortBy)
      : [];
  return { unstated, recurring };
}
