// A grant as a spreadsheet row (issue 29 §4): the columns an office puts in
// its sheet, shared by the search export and the saved grants export.
// Amounts are numbers and dates ISO days, so the spreadsheet types them.
import { eligibleApplicantLabels } from '@grantbridge/contract/code-tables';
import type { GrantStatus, GrantSummary } from '@grantbridge/contract/grants';
import type { Db } from '../../db/client';
import type { SheetCell, SheetColumn } from '../../lib/spreadsheet-export';
import { findGrantExportFacts } from './grant-export.repository';
import { portalUrlFor } from './grants.service';

export const grantExportColumns: SheetColumn[] = [
  { header: 'Opportunity number', kind: 'text', width: 22 },
  { header: 'Title', kind: 'text', width: 60 },
  { header: 'Agency', kind: 'text', width: 36 },
  { header: 'Status', kind: 'text', width: 12 },
  { header: 'Posted', kind: 'date' },
  { header: 'Closes', kind: 'date' },
  { header: 'Award floor', kind: 'number' },
  { header: 'Award ceiling', kind: 'number' },
  { header: 'Eligibility', kind: 'text', width: 50 },
  { header: 'Grants.gov page', kind: 'text', width: 45 },
  { header: 'GrantBridge page', kind: 'text', width: 45 },
  { header: 'Match score', kind: 'number', width: 12 },
  { header: 'Why it matches', kind: 'text', width: 60 },
];

const statusWords: Record<GrantStatus, string> = {
  forecasted: 'Forecasted',
  posted: 'Posted',
  closed: 'Closed',
  archived: 'Archived',
};

/** Who may apply, in words: the Grants.gov applicant types, "; " between them. */
export function eligibilityWords(codes: string[] | null): string {
  return (codes ?? []).map((code) => eligibleApplicantLabels[code] ?? code).join('; ');
}

export type GrantExportItem = { grant: GrantSummary; score?: number | null; reasons?: string[] };

/**
 * The rows of `items`, in their order, with their applicant types and
 * Grants.gov links read in one query; `appLink` gives a grant's GrantBridge page.
 */
export async function grantExportRows(db: Db, items: GrantExportItem[], appLink: (grantId: string) => string): Promise<SheetCell[][]> {
  const facts = new Map((await findGrantExportFacts(db, items.map((i) => i.grant.id))).map((f) => [f.id, f]));
  return items.map(({ grant, score, reasons }) => {
    const fact = facts.get(grant.id);
    return [
      grant.opportunityNumber,
      grant.title,
      grant.agency ?? '',
      statusWords[grant.status],
      grant.postDate ?? '',
      grant.closeDate ?? '',
      grant.awardFloor ?? '',
      grant.awardCeiling ?? '',
      eligibilityWords(fact?.eligibility_codes ?? null),
      portalUrlFor(fact?.source_id ?? null, grant.opportunityNumber),
      appLink(grant.id),
      score ?? '',
      (reasons ?? []).join('; '),
    ];
  });
}
