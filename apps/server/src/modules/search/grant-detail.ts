// The grant page's data: the catalogue record with code labels, a Grants.gov
// link, and what the viewer has done with it (bookmark, application, match).
import {
  eligibleApplicantLabels,
  fundingCategoryLabels,
  fundingInstrumentLabels,
} from '@grantbridge/contract/code-tables';
import type { GrantDetail } from '@grantbridge/contract/grants';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { getViewerState } from '../pipeline/pipeline.service';
import { getOwnResearchAreas } from '../researchers/researchers.service';
import { profileMatchPercent } from './scoring';
import { getGrant, toGrantSummary } from './search.service';

/** The opportunity's page on Grants.gov: by id when known, else a search by number. */
export function portalUrlFor(sourceId: string | null, opportunityNumber: string) {
  if (sourceId && /^\d+$/.test(sourceId)) return `https://www.grants.gov/search-results-detail/${sourceId}`;
  return `https://www.grants.gov/search-grants?keywords=${encodeURIComponent(opportunityNumber)}`;
}

export async function getGrantDetail(db: Db, viewer: { id: string; role: string }, id: string): Promise<GrantDetail> {
  const row = await getGrant(db, id);
  if (!row) throw new AppError('not_found', 'Grant not found.');
  const [state, areas] = await Promise.all([getViewerState(db, viewer.id, row.id), getOwnResearchAreas(db, viewer.id)]);
  return {
    ...toGrantSummary(row),
    sourceId: row.source_id,
    programTitle: row.program_title,
    objectives: row.objectives,
    cfdaNumbers: row.cfda_numbers ?? [],
    eligibility: {
      applicantTypes: (row.eligibility_codes ?? []).map((code) => ({
        code,
        label: eligibleApplicantLabels[code] ?? `Other applicant type (${code})`,
      })),
      text: row.eligibility_text,
    },
    categories: (row.category_codes ?? []).map((c) => fundingCategoryLabels[c] ?? c),
    instruments: (row.instrument_codes ?? []).map((c) => fundingInstrumentLabels[c] ?? c),
    dates: {
      posted: row.post_date,
      closing: row.close_date,
      archive: row.archive_date,
      award: row.award_date,
      projectStart: row.project_start_date,
    },
    funding: {
      ceiling: row.award_ceiling,
      floor: row.award_floor,
      total: row.total_funding,
      expectedAwards: row.expected_awards,
      costSharing: row.cost_sharing,
    },
    portalUrl: row.url && /^https:\/\/(www\.)?grants\.gov\//.test(row.url) ? row.url : portalUrlFor(row.source_id, row.opportunity_number),
    viewer: {
      ...state,
      matchPercent: areas.length ? profileMatchPercent(row.research_areas ?? [], areas) : null,
    },
  };
}
