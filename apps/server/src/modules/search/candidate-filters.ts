// A planned search's filters, as the candidate queries take them (all but its
// words): shared by the search page and the alerts after an import, so both
// read a saved search the same way.
import { agencyList } from '@grantbridge/contract/agency-filter';
import { findAgency } from '@grantbridge/contract/agencies';
import { eligibilityCodes } from './query-applicants';
import type { CandidateFilters } from './search.repository';
import type { SearchInput } from './search.service';

export function candidateFiltersOf(
  input: SearchInput,
  today: string,
  split: { exclude: string[]; eligibility: string[]; excludeAgencies?: string[] },
): CandidateFilters {
  // Several agencies ("NIH or NSF" reads as "NIH,NSF"): a grant of any of them, when each is one we know.
  const named = input.agency ? agencyList(input.agency).map((a) => findAgency(a)) : [];
  const several = named.length > 1 && named.every((a) => a !== undefined) ? [...new Set(named.map((a) => a!.acronym))] : null;
  const agency = input.agency && !several ? findAgency(input.agency) : undefined;
  return {
    statuses: input.statuses,
    amountMin: input.amountUnstated ? null : input.amountMin,
    amountMax: input.amountUnstated ? null : input.amountMax,
    amountUnstated: input.amountUnstated ?? false,
    dueFrom: input.dueFrom,
    dueTo: input.dueTo,
    noDeadline: input.noDeadline ?? false,
    noCostShare: input.noCostShare ?? false,
    agencyKey: agency?.acronym ?? null,
    agencyKeys: several,
    agencyText: agency || several ? null : (input.agency ?? null),
    excludeAgencyKeys: (split.excludeAgencies ?? []).flatMap((a) => findAgency(a)?.acronym ?? []),
    exclude: split.exclude,
    eligibility: split.eligibility.map((key) => eligibilityCodes[key]!),
    instruments: input.instruments ?? [],
    categories: input.categories ?? [],
    within: input.within ?? null,
    tsquery: null,
    today,
  };
}
