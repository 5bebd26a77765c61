// Maps the fields of one extract record (current OpportunityDetail-V1.0
// format or the pre-2016 <FundingOppSynopsis>) to the record the importer
// stores, or rejects it with a RecordError saying why.
import { plainLine, plainText } from './html-text';
import {
  RecordError,
  isPlaceholder,
  parseAmount,
  parseCount,
  parseExtractDate,
  parseVersion,
  parseYesNo,
} from './extract-values';

export const grantsNamespace = 'http://apply.grants.gov/system/OpportunityDetail-V1.0';

export type GrantRecordKind = 'synopsis' | 'forecast';

/** One opportunity as the importer stores it (dates are ISO YYYY-MM-DD). */
export type GrantRecord = {
  sourceKey: string;
  sourceId: string | null;
  opportunityNumber: string;
  title: string;
  agency: string | null;
  agencyCode: string | null;
  description: string | null;
  eligibilityText: string | null;
  cfdaNumbers: string[];
  eligibilityCodes: string[];
  categoryCodes: string[];
  instrumentCodes: string[];
  postDate: string | null;
  closeDate: string | null;
  archiveDate: string | null;
  awardDate: string | null;
  projectStartDate: string | null;
  awardCeiling: number | null;
  awardFloor: number | null;
  totalFunding: number | null;
  expectedAwards: number | null;
  costSharing: boolean | null;
  recordKind: GrantRecordKind;
  version: number | null;
  lastUpdated: string | null;
  url: string | null;
};

export type ExtractItem =
  | { ok: true; record: GrantRecord }
  | { ok: false; id: string; reason: string };

const currentRecords = new Set(['OpportunitySynopsisDetail_1_0', 'OpportunityForecastDetail_1_0']);
const legacyRecords = new Set(['FundingOppSynopsis', 'FundingOppModSynopsis']);

/** Whether an element of this name is one opportunity record. */
export function isRecordElement(local: string) {
  return currentRecords.has(local) || legacyRecords.has(local);
}

/**
 * Stored fields with a B-tree index (PostgreSQL refuses an index entry over
 * about 2,700 bytes, which would fail the whole batch) or plainly broken at
 * this length: a record over them is rejected with the reason.
 */
const maxLengths = [
  ['opportunityNumber', 'opportunity number', 255],
  ['agencyCode', 'agency code', 255],
  ['agency', 'agency name', 500],
  ['title', 'title', 2000],
] as const;

/** A record's fields by element name (attributes as "Element@attribute"), in file order. */
export type Fields = Map<string, string[]>;

/** Characters that XML 1.0 (and PostgreSQL text, for NUL) cannot hold; saxes reports them and passes them on. */
// eslint-disable-next-line no-control-regex
export const unstorableChars = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

function one(fields: Fields, name: string): string | undefined {
  const values = fields.get(name);
  if (!values) return undefined;
  for (const v of values) if (v.trim()) return v.trim();
  return values[0];
}

function many(fields: Fields, name: string): string[] {
  // A set, not a list search: a hostile record can repeat an element many thousand times.
  const out = new Set<string>();
  for (const v of fields.get(name) ?? []) {
    const t = v.trim();
    if (t && !isPlaceholder(t)) out.add(t);
  }
  return [...out];
}

function textOrNull(value: string | undefined) {
  return isPlaceholder(value) ? null : value!.trim();
}

function safeUrl(value: string | undefined): string | null {
  const v = textOrNull(value);
  return v && /^https?:\/\/\S+$/i.test(v) ? v : null;
}

/** The key of an opportunity by its number: a record's key when it has no id, and how batches meet by number. */
export function opportunityNumberKey(number: string) {
  return `number:${number}`;
}

function sourceKeyOf(id: string | null, number: string | null) {
  return id ? id : opportunityNumberKey(number ?? '');
}

/** The first value of these fields that is not empty or a placeholder. */
function firstText(fields: Fields, ...names: string[]) {
  for (const name of names) {
    const value = one(fields, name);
    if (!isPlaceholder(value)) return value;
  }
  return undefined;
}

function checkLengths(record: GrantRecord): GrantRecord {
  for (const [key, label, max] of maxLengths) {
    const value = record[key];
    if (value && value.length > max)
      throw new RecordError(`the ${label} is longer than ${max} characters`);
  }
  return record;
}

function currentRecord(local: string, f: Fields): GrantRecord {
  const id = textOrNull(one(f, 'OpportunityID'));
  const number = textOrNull(one(f, 'OpportunityNumber'));
  if (!id && !number) throw new RecordError('missing both OpportunityID and OpportunityNumber');
  if (id && !/^\d{1,18}$/.test(id)) throw new RecordError(`OpportunityID is not a number: "${id.slice(0, 40)}"`);
  const forecast = local === 'OpportunityForecastDetail_1_0';
  const date = (name: string) => parseExtractDate(name, one(f, name));
  const closeDate = date('CloseDate') ?? (forecast ? date('EstimatedSynopsisCloseDate') : null);
  const postDate = date('PostDate') ?? (forecast ? date('EstimatedSynopsisPostDate') : null);
  return checkLengths({
    sourceKey: sourceKeyOf(id, number),
    sourceId: id,
    opportunityNumber: number ?? '',
    title: plainLine(one(f, 'OpportunityTitle')) ?? number ?? `Opportunity ${id}`,
    agency: plainLine(one(f, 'AgencyName')),
    agencyCode: textOrNull(one(f, 'AgencyCode')),
    description: plainText(one(f, 'Description')),
    eligibilityText: plainText(one(f, 'AdditionalInformationOnEligibility')),
    cfdaNumbers: many(f, 'CFDANumbers'),
    eligibilityCodes: many(f, 'EligibleApplicants'),
    categoryCodes: many(f, 'CategoryOfFundingActivity'),
    instrumentCodes: many(f, 'FundingInstrumentType'),
    postDate,
    closeDate,
    archiveDate: date('ArchiveDate'),
    awardDate: forecast ? date('EstimatedAwardDate') : null,
    projectStartDate: forecast ? date('EstimatedProjectStartDate') : null,
    awardCeiling: parseAmount('AwardCeiling', one(f, 'AwardCeiling')),
    awardFloor: parseAmount('AwardFloor', one(f, 'AwardFloor')),
    totalFunding: parseAmount('EstimatedTotalProgramFunding', one(f, 'EstimatedTotalProgramFunding')),
    expectedAwards: parseCount('ExpectedNumberOfAwards', one(f, 'ExpectedNumberOfAwards')),
    costSharing: parseYesNo(one(f, 'CostSharingOrMatchingRequirement')),
    recordKind: forecast ? 'forecast' : 'synopsis',
    version: parseVersion(one(f, 'Version')),
    lastUpdated: date('LastUpdatedDate'),
    url: safeUrl(one(f, 'AdditionalInformationURL')),
  });
}

function legacyRecord(local: string, f: Fields): GrantRecord {
  const number = textOrNull(one(f, 'FundingOppNumber'));
  if (!number) throw new RecordError('missing FundingOppNumber (the pre-2016 format has no OpportunityID)');
  const date = (name: string) => parseExtractDate(name, one(f, name), true);
  return checkLengths({
    sourceKey: sourceKeyOf(null, number),
    sourceId: null,
    opportunityNumber: number,
    title: plainLine(one(f, 'FundingOppTitle')) ?? number,
    agency: plainLine(one(f, 'Agency')),
    agencyCode: null,
    description: plainText(one(f, 'FundingOppDescription')),
    eligibilityText: plainText(
      firstText(f, 'AdditionalEligibilityInfo', 'ExtraTextForEligibility'),
    ),
    cfdaNumbers: many(f, 'CFDANumber').filter((n) => !/^0+$/.test(n)),
    eligibilityCodes: many(f, 'EligibilityCategory'),
    categoryCodes: many(f, 'FundingActivityCategory'),
    instrumentCodes: many(f, 'FundingInstrumentType'),
    postDate: date('PostDate'),
    closeDate: date('ApplicationsDueDate'),
    archiveDate: date('ArchiveDate'),
    awardDate: null,
    projectStartDate: null,
    awardCeiling: parseAmount('AwardCeiling', one(f, 'AwardCeiling')),
    awardFloor: parseAmount('AwardFloor', one(f, 'AwardFloor')),
    totalFunding: parseAmount('EstimatedFunding', one(f, 'EstimatedFunding')),
    expectedAwards: parseCount('NumberOfAwards', one(f, 'NumberOfAwards')),
    costSharing: parseYesNo(one(f, 'CostSharing')),
    recordKind: 'synopsis',
    version: local === 'FundingOppModSynopsis' ? (parseVersion(one(f, 'ModificationNumber')) ?? 1) : 0,
    lastUpdated: null,
    url: safeUrl(one(f, 'ObtainFundingOppText@FundingOppURL')),
  });
}

export function recordLabel(local: string, f: Fields, index: number) {
  const id = legacyRecords.has(local)
    ? firstText(f, 'FundingOppNumber')
    : firstText(f, 'OpportunityID', 'OpportunityNumber');
  // One line, whatever the file holds, so a label cannot pass for another line of the report.
  const label = id?.replace(unstorableChars, '').replace(/\s+/g, ' ').trim();
  return label ? label.slice(0, 100) : `record #${index}`;
}

/**
 * Grants.gov's own test postings ("This is a test. Please DO NOT submit.")
 * come in its extracts under this agency: they fund nothing, and a search that
 * listed them would show them for any word their Assistance Listing says.
 */
const testPostingAgency = /^iv\s*&\s*v test agency$/i;

/** The stored record for a record element's fields; throws a RecordError when it cannot be stored. */
export function recordFrom(local: string, fields: Fields): GrantRecord {
  const record = legacyRecords.has(local) ? legacyRecord(local, fields) : currentRecord(local, fields);
  if (record.agency && testPostingAgency.test(record.agency))
    throw new RecordError(`a Grants.gov test posting (${record.agency}), not a funding opportunity`);
  return record;
}
