// Writes opportunities in the current Grants.gov extract format
// (OpportunityDetail-V1.0): used to build the shipped catalogue and the
// ingest benchmark's generated extract.
import fs from 'node:fs';
import path from 'node:path';
import { grantsNamespace } from './extract-records';

export type Opportunity = {
  id: string | null;
  opportunityNumber: string;
  title: string | null;
  agency: string | null;
  agencyCode: string | null;
  status: string | null;
  postDate: string | null;
  closeDate: string | null;
  archiveDate: string | null;
  awardCeiling: number | null;
  awardFloor: number | null;
  totalFunding: number | null;
  expectedAwards: number | null;
  costSharing: boolean | null;
  eligibilityCodes: string[];
  categoryCodes: string[];
  instrumentCodes: string[];
  cfdaNumbers: string[];
  description: string | null;
  eligibilityText: string | null;
  url: string | null;
};

export type Agency = { agencyCode: string; agencyName: string; topLevelAgencyCode: string | null };

export function escapeXml(text: string) {
  return (
    text
      // Characters XML 1.0 cannot carry at all.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
  );
}

/** ISO YYYY-MM-DD → MMDDYYYY. */
export function toExtractDate(iso: string) {
  return `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`;
}

/** One opportunity as an OpportunitySynopsisDetail_1_0 or OpportunityForecastDetail_1_0 element. */
export function opportunityXml(o: Opportunity, agencies: Map<string, Agency>): string {
  const forecast = o.status === 'forecasted';
  const lines: string[] = [];
  const el = (name: string, value: string | number | null | undefined) => {
    if (value === null || value === undefined || value === '') return;
    lines.push(`    <${name}>${escapeXml(String(value))}</${name}>`);
  };
  const date = (name: string, iso: string | null) => {
    // The listing scrape stored 2099-01-01 as "no date yet".
    if (iso && !iso.startsWith('2099-')) el(name, toExtractDate(iso));
  };
  const agencyName =
    o.agency ??
    (o.agencyCode
      ? (agencies.get(o.agencyCode)?.agencyName ?? agencies.get(o.agencyCode.split('-')[0]!)?.agencyName)
      : undefined);
  el('OpportunityID', o.id);
  el('OpportunityTitle', o.title ?? o.opportunityNumber);
  el('OpportunityNumber', o.opportunityNumber);
  for (const c of o.instrumentCodes) el('FundingInstrumentType', c);
  for (const c of o.categoryCodes) el('CategoryOfFundingActivity', c);
  for (const c of o.cfdaNumbers) el('CFDANumbers', c);
  for (const c of o.eligibilityCodes) el('EligibleApplicants', c);
  el('AdditionalInformationOnEligibility', o.eligibilityText);
  el('AgencyCode', o.agencyCode);
  el('AgencyName', agencyName);
  date('PostDate', o.postDate);
  if (forecast) date('EstimatedSynopsisCloseDate', o.closeDate);
  else date('CloseDate', o.closeDate);
  el('AwardCeiling', o.awardCeiling);
  el('AwardFloor', o.awardFloor);
  el('EstimatedTotalProgramFunding', o.totalFunding);
  el('ExpectedNumberOfAwards', o.expectedAwards);
  el('Description', o.description);
  if (o.costSharing !== null) el('CostSharingOrMatchingRequirement', o.costSharing ? 'Yes' : 'No');
  date('ArchiveDate', o.archiveDate);
  el('AdditionalInformationURL', o.url);
  const tag = forecast ? 'OpportunityForecastDetail_1_0' : 'OpportunitySynopsisDetail_1_0';
  return `  <${tag}>\n${lines.join('\n')}\n  </${tag}>\n`;
}

export function readOpportunities(fromDir: string): Opportunity[] {
  return JSON.parse(fs.readFileSync(path.join(fromDir, 'opportunities.json'), 'utf8'));
}

export function readAgencies(fromDir: string): Map<string, Agency> {
  const list = JSON.parse(fs.readFileSync(path.join(fromDir, 'agencies.json'), 'utf8')) as Agency[];
  return new Map(list.map((a) => [a.agencyCode, a]));
}

export const extractHeader = `<?xml version="1.0" encoding="UTF-8"?>\n<Grants xmlns="${grantsNamespace}">\n`;
export const extractFooter = '</Grants>\n';
