// The grant catalogue as the rest of the product reads it: one grant (the
// grant page, with code labels, a Grants.gov link and what the viewer has done
// with it), summaries for lists, and the home page's figures. Every signed-in
// user reads every grant: the catalogue is public data, so no policy applies.
// Writes come from the importer (import/).
import { isoDayOf } from '@grantbridge/contract/days';
import {
  eligibleApplicantLabels,
  fundingCategoryLabels,
  fundingInstrumentLabels,
} from '@grantbridge/contract/code-tables';
import type { GrantDetail, GrantSummary } from '@grantbridge/contract/grants';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '@grantbridge/contract/ids';
import { areaMatches } from '@grantbridge/contract/research-area-match';
import { getOwnResearchAreas } from '../researchers/researchers.service';
import { countCatalogue, countGrantsByStatus, findGrantEmbeddings, findGrantRow, findGrantSummaries, type GrantSummaryRow } from './grants.repository';

export type { GrantSummaryRow };

export function isGrantId(id: string) {
  return isUuid(id);
}

/**
 * Grants.gov records write $0, $1 or $2 where no amount is published: an
 * amount under this is "not stated" (shown as such, never meeting an amount filter).
 */
export const minStatedAmount = 10;

export function statedAmount(value: number | null): number | null {
  return value !== null && value >= minStatedAmount ? value : null;
}

/** The summary shape of a grant row, as search results and lists show it. */
export function toGrantSummary(row: GrantSummaryRow): GrantSummary {
  return {
    id: row.id,
    opportunityNumber: row.opportunity_number,
    title: row.title,
    agency: row.agency,
    agencyCode: row.agency_code,
    closeDate: row.close_date,
    postDate: row.post_date,
    awardCeiling: statedAmount(row.award_ceiling),
    awardFloor: statedAmount(row.award_floor),
    status: row.status,
    researchAreas: row.research_areas ?? [],
    description: row.description,
  };
}

/** Share of the grant's research areas that the user has, 0-100. */
export function profileMatchPercent(grantAreas: string[], userAreas: string[]): number {
  if (grantAreas.length === 0 || userAreas.length === 0) return 0;
  const hits = grantAreas.filter((g) => userAreas.some((u) => areaMatches(g, u))).length;
  return Math.round((hits / grantAreas.length) * 100);
}

/** The full grant as the grant page shows it, or undefined. */
export async function getGrant(db: Db, id: string, now = new Date()) {
  if (!isGrantId(id)) return undefined;
  return findGrantRow(db, id, isoDayOf(now));
}

export async function getGrantSummaries(db: Db, ids: string[], now = new Date()) {
  const found = await findGrantSummaries(db, ids.filter(isGrantId), isoDayOf(now));
  return found.map(toGrantSummary);
}

/** The grants' word-embedding vectors by id (grants without one are left out). */
export async function getGrantEmbeddings(db: Db, ids: string[]): Promise<Map<string, Uint8Array>> {
  const rows = await findGrantEmbeddings(db, ids.filter(isGrantId));
  return new Map(rows.map((r) => [r.id, new Uint8Array(r.embedding)]));
}

/** Catalogue size, open (posted or forecasted) grants and distinct top-level agencies. */
export async function getCatalogueCounts(db: Db, now = new Date()) {
  return countCatalogue(db, isoDayOf(now));
}

/** How many grants the catalogue holds in each status today, and in all. */
export async function getCatalogueStatusCounts(db: Db, now = new Date()) {
  const counts = { total: 0, posted: 0, forecasted: 0, closed: 0, archived: 0 };
  for (const row of await countGrantsByStatus(db, isoDayOf(now))) {
    counts[row.status] = row.count;
    counts.total += row.count;
  }
  return counts;
}

/** The opportunity's page on Grants.gov: by id when known, else a search by number. */
export function portalUrlFor(sourceId: string | null, opportunityNumber: string) {
  if (sourceId && /^\d+$/.test(sourceId)) return `https://www.grants.gov/search-results-detail/${sourceId}`;
  return `https://www.grants.gov/search-grants?keywords=${encodeURIComponent(opportunityNumber)}`;
}

/** What the viewer has done with a grant (bookmark, application, their count against its sponsor's cap): the applications module knows it. */
export type ViewerState = Pick<GrantDetail['viewer'], 'saved' | 'application' | 'sponsorCap' | 'limitedSubmission'>;
export type ViewerStateOf = (db: Db, userId: string, grantId: string) => Promise<ViewerState>;

export async function getGrantDetail(
  db: Db,
  viewer: { id: string },
  id: string,
  viewerStateOf: ViewerStateOf,
): Promise<GrantDetail> {
  const row = await getGrant(db, id);
  if (!row) throw new AppError('not_found', 'Grant not found.');
  const [state, areas] = await Promise.all([viewerStateOf(db, viewer.id, row.id), getOwnResearchAreas(db, viewer.id)]);
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
      ceiling: statedAmount(row.award_ceiling),
      floor: statedAmount(row.award_floor),
      total: statedAmount(row.total_funding),
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

// The catalogue's front door for other modules (eslint.config.js): open
// opportunities, the change log, status rules, and the search statistics and
// vocabulary the importer keeps, and the importer itself (the catalogue
// module's daily refresh imports through it, as `npm run ingest` does).
export { countOpenOpportunities, openGrantAreaAffinity, openGrantsFittingGroup } from './open-opportunities';
export { lastCatalogueChangeAt, lastGrantChangeId, readGrantChanges, type GrantChange } from './grant-changes.repository';
export { isOpenStatus } from './grant-status';
export { eligibilityWords, grantExportColumns, grantExportRows, type GrantExportItem } from './grant-export';
export { importGrantsExtract, importTuningFor, GrantImportError, type ImportOptions, type ImportSummary } from './import/import-extract';
export { verifyExtractZip } from './import/extract-files';
export { grantStatusCondition, grantStatusSql } from './grant-status.repository';
export { findAreaCounts, findTermRarity, type TermRarity } from './term-stats';
export { pairAssociation, searchStopWords, stemOf } from './search-vocabulary';
export { findVocabularyVersion, findVocabularyWords } from './search-vocabulary.repository';
export { similarGrants, type SimilarGrant, type SimilarGrantsOptions } from './similar-grants';
