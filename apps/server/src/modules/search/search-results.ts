// What a search says in words: each result's reasons for matching, and the
// filters described as a phrase (the assistant's replies).
import { fundingInstrumentLabels } from '@grantbridge/contract/code-tables';
import { agencyPhrase } from '@grantbridge/contract/agency-filter';
import type { SearchResult, SortOption } from '@grantbridge/contract/grants';
import type { SearchFilters } from '@grantbridge/contract/assistant';
import { grantStatuses } from '@grantbridge/contract/grants';
import { areaMatches } from '@grantbridge/contract/research-area-match';
import { formatMoney, formatDay } from '../../lib/format';
import { toGrantSummary } from '../grants/grants.service';
import type { CandidateRow } from './search.repository';
import type { SearchInput } from './search.service';
import { scorable } from './row-scoring';
import { keywordHits } from './scoring';
import { synonymsOf } from './synonyms';

function quoteList(words: string[]) {
  return words.map((w) => `“${w}”`).join(', ');
}

export function toResult(
  row: CandidateRow,
  score: number,
  keywords: string[],
  input: SearchInput,
  agencyAcronym: string | undefined,
  semantic: number | null,
  known: boolean,
): SearchResult {
  const reasons: string[] = [];
  if (known) {
    const number = row.opportunity_number.toLowerCase().replace(/[^a-z0-9]/g, '');
    const byNumber = input.knownItems?.numbers.includes(number) || (input.knownItems?.prefix && number.startsWith(input.knownItems.prefix));
    reasons.push(byNumber ? `Opportunity number ${row.opportunity_number}` : 'Listed under the Assistance Listing you named');
  }
  if (keywords.length) {
    const hits = keywordHits(scorable(row), keywords, synonymsOf);
    if (hits.title.length) reasons.push(`Title mentions ${quoteList(hits.title)}`);
    const areas = (row.research_areas ?? []).filter((a) => keywords.some((k) => a.toLowerCase().includes(k.slice(0, 5))));
    if (areas.length) reasons.push(`Research areas: ${areas.join(', ')}`);
    const inBody = hits.description.filter((k) => !hits.title.includes(k));
    if (inBody.length) reasons.push(`Description mentions ${quoteList(inBody)}`);
    if (semantic !== null && semantic >= 60) reasons.push(`Close in meaning to your search (${semantic}%)`);
  }
  if (input.profileAreas?.length) {
    const shared = (row.research_areas ?? []).filter((a) => input.profileAreas!.some((u) => areaMatches(a, u)));
    if (shared.length) reasons.push(`Matches your research areas: ${shared.join(', ')}`);
  }
  if (agencyAcronym || input.agency) reasons.push(`Offered by ${row.agency ?? row.agency_code ?? agencyAcronym}`);
  if (input.amountUnstated) reasons.push('States no award amount');
  else if ((input.amountMin !== null || input.amountMax !== null) && row.award_ceiling) {
    reasons.push(`Award ceiling ${formatMoney(row.award_ceiling)}`);
  }
  if ((input.dueFrom || input.dueTo) && row.close_date) reasons.push(`Closes ${formatDay(row.close_date)}`);
  else if (input.noDeadline && !row.close_date) reasons.push('No fixed deadline');
  if (input.noCostShare) reasons.push('No cost sharing required');
  // Listed newest first: when it was posted comes first (a card shows four reasons).
  if (input.sort === 'posted-desc' && row.post_date) reasons.unshift(`Posted ${formatDay(row.post_date)}`);
  if (reasons.length === 0) reasons.push(row.close_date ? `Open, closes ${formatDay(row.close_date)}` : 'Open opportunity');
  return {
    grant: toGrantSummary(row),
    score,
    reasons,
    related: false,
    otherVersions: 0,
    otherVersionsEarlier: true,
    cycle: null,
  };
}

/** How funding instruments read: "funded as cooperative agreements", all but one "not funded as procurement contracts". */
export function instrumentPhrase(codes: string[]): string {
  const all = Object.keys(fundingInstrumentLabels);
  const named = (list: string[]) => list.map((c) => (c === 'O' ? 'other instruments' : `${(fundingInstrumentLabels[c] ?? c).toLowerCase()}s`)).join(' or ');
  const missing = all.filter((c) => !codes.includes(c));
  return missing.length === 1 && all.length > 2 ? `not funded as ${named(missing)}` : `funded as ${named(codes)}`;
}

/** Who may apply, as a reply says it: "small businesses", "for-profit companies". */
export function applicantPhrase(key: string): string {
  return key === 'for-profits' ? 'for-profit companies' : key.replace(/-/g, ' ');
}

/** How the reply says the cost-sharing constraint. */
export const costSharePhrase = 'with no cost sharing required';

export function describeFilters(filters: SearchFilters, profileAreas: string[] | null): string {
  const parts: string[] = [];
  const about = filters.keywords.filter((k) => !k.startsWith('-') && !k.startsWith('@') && !k.startsWith('!'));
  const notFrom = filters.keywords.filter((k) => k.startsWith('!') && k.length > 1).map((k) => k.slice(1).toUpperCase());
  const who = filters.keywords.filter((k) => k.startsWith('@')).map((k) => applicantPhrase(k.slice(1)));
  const without = filters.keywords
    .filter((k) => k.startsWith('-') && k.length > 1)
    .map((k) => k.slice(1).replace(/_/g, ' '));
  if (about.length) parts.push(`about ${quoteList(about)}`);
  if (without.length) parts.push(`not mentioning ${quoteList(without)}`);
  if (who.length) parts.push(`open to ${who.join(' and ')}`);
  if (filters.agency) parts.push(`from ${agencyPhrase(filters.agency)}`);
  if (notFrom.length) parts.push(`not from ${notFrom.join(' or ')}`);
  if (filters.amountMin !== null && filters.amountMax !== null) {
    parts.push(`with awards between ${formatMoney(filters.amountMin)} and ${formatMoney(filters.amountMax)}`);
  } else if (filters.amountMin !== null) parts.push(`with awards of at least ${formatMoney(filters.amountMin)}`);
  else if (filters.amountMax !== null) parts.push(`with awards up to ${formatMoney(filters.amountMax)}`);
  if (filters.dueFrom && filters.dueTo) parts.push(`closing between ${formatDay(filters.dueFrom)} and ${formatDay(filters.dueTo)}`);
  else if (filters.dueTo) parts.push(`closing by ${formatDay(filters.dueTo)}`);
  else if (filters.dueFrom) parts.push(`closing on or after ${formatDay(filters.dueFrom)}`);
  else if (filters.noDeadline) parts.push('with no fixed deadline');
  if (filters.noCostShare) parts.push(costSharePhrase);
  const instruments = filters.instruments ?? [];
  if (instruments.length) parts.push(instrumentPhrase(instruments));
  if (profileAreas?.length) parts.push(`ranked by the research profile (${profileAreas.slice(0, 4).join(', ')})`);
  return parts.join(', ');
}

/** The statuses a search can list: with no fixed deadline, a forecast (no date yet) is not one ("open grants"). */
export function listedStatuses(filters: { statuses: readonly string[]; noDeadline?: boolean }): readonly string[] {
  const open = filters.noDeadline ? filters.statuses.filter((s) => s !== 'forecasted') : filters.statuses;
  return open.length ? open : filters.statuses;
}

/** How a reply names the statuses searched: "open or forecasted grants", "grants of any status". */
export function statusLabel(statuses: readonly string[]): { before: string; after: string } {
  if (grantStatuses.every((s) => statuses.includes(s)))
    return { before: '', after: ' of any status' };
  const names: Record<string, string> = {
    posted: 'open',
    forecasted: 'forecasted',
    closed: 'closed',
    archived: 'archived',
  };
  const order = ['posted', 'forecasted', 'closed', 'archived'];
  return {
    before: `${order
      .filter((s) => statuses.includes(s))
      .map((s) => names[s])
      .join(' or ')} `,
    after: '',
  };
}

/** The order a question asked for, said with the grant it puts first ("Listed largest award first: …"). */
export function orderNote(sort: Exclude<SortOption, 'match'>, first: SearchResult): string {
  const { title, awardCeiling, closeDate, postDate } = first.grant;
  // Grants that state none come last: when the first states none, none does.
  const byAmount = sort === 'amount-desc' || sort === 'amount-asc';
  if (sort === 'posted-desc')
    return postDate === null ? 'None of these states when it was posted to order them by.' : `Listed newest first: “${title}” (posted ${formatDay(postDate)}).`;
  if (byAmount ? awardCeiling === null : closeDate === null)
    return `None of these states ${byAmount ? 'an award amount' : 'a closing date'} to order them by.`;
  const amount = awardCeiling !== null ? ` (up to ${formatMoney(awardCeiling)})` : '';
  const due = closeDate !== null ? ` (closes ${formatDay(closeDate)})` : '';
  const order = {
    'amount-desc': ['largest award first', amount],
    'amount-asc': ['smallest award first', amount],
    'due-date-asc': ['by deadline, soonest first', due],
    'due-date-desc': ['by deadline, latest first', due],
  }[sort];
  return `Listed ${order[0]}: “${title}”${order[1]}.`;
}
