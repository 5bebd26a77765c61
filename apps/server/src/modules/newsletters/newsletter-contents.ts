// What a newsletter lists: the top open grants of each saved search it draws
// from (run through the search service, as the search page runs them), then
// the grants picked by hand; each grant once, in that order.
import { grantSearchQuerySchema, type GrantSummary } from '@grantbridge/contract/grants';
import type { NewsletterGrant } from '@grantbridge/contract/newsletters';
import type { Db } from '../../db/client';
import type { NewsletterSource } from '../../db/schema/newsletters';
import type { Actor } from '../../plugins/types';
import { getGrantSummaries } from '../grants/grants.service';
import { searchCatalogue } from '../search/search.service';

const toItem = (grant: GrantSummary, fromSearch: string | null): NewsletterGrant => ({
  id: grant.id,
  title: grant.title,
  opportunityNumber: grant.opportunityNumber,
  agency: grant.agency,
  closeDate: grant.closeDate,
  awardCeiling: grant.awardCeiling,
  awardFloor: grant.awardFloor,
  fromSearch,
});

/** A saved search's URL filters as the search's query parameters; a profile match has no meaning for the office. */
function queryOf(source: NewsletterSource, perSearch: number) {
  const filters = Object.fromEntries(
    Object.entries(source.filters)
      .filter(([key, value]) => !['matchProfile', 'researcherId', 'page', 'pageSize', 'status', 'sort'].includes(key) && value !== null && value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
  return grantSearchQuerySchema.safeParse({ ...filters, q: source.query, status: 'posted', pageSize: perSearch, page: 1 });
}

export async function newsletterGrants(
  db: Db,
  actor: Actor,
  input: { sources: NewsletterSource[]; grantIds: string[]; perSearch: number },
  now = new Date(),
): Promise<NewsletterGrant[]> {
  const items = new Map<string, NewsletterGrant>();
  for (const source of input.sources) {
    const query = queryOf(source, input.perSearch);
    if (!query.success) continue;
    const page = await searchCatalogue(db, actor, query.data);
    for (const result of page.results.filter((r) => !r.related).slice(0, input.perSearch)) {
      if (!items.has(result.grant.id)) items.set(result.grant.id, toItem(result.grant, source.name));
    }
  }
  const picked = await getGrantSummaries(db, input.grantIds.filter((id) => !items.has(id)), now);
  const byId = new Map(picked.map((g) => [g.id, g]));
  for (const id of input.grantIds) {
    const grant = byId.get(id);
    if (grant && !items.has(id)) items.set(id, toItem(grant, null));
  }
  return [...items.values()];
}
