// Streams a Grants.gov XML extract (current OpportunityDetail-V1.0 format or
// the pre-2016 <Grants>/<FundingOppSynopsis> format) into normalised records,
// one at a time, so memory stays flat however large the file is. Entities
// are never expanded beyond XML's five predefined ones: saxes does not read
// DTDs, and a reference to any other entity is kept as literal text.
import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { PassThrough, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import yauzl from 'yauzl';

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

/** A fatal problem with the file itself; `recordsRead` says how far it got. */
export class ExtractError extends Error {
  constructor(
    message: string,
    readonly recordsRead: number,
  ) {
    super(message);
    this.name = 'ExtractError';
  }
}

class RecordError extends Error {}

const currentRecords = new Set(['OpportunitySynopsisDetail_1_0', 'OpportunityForecastDetail_1_0']);
const legacyRecords = new Set(['FundingOppSynopsis', 'FundingOppModSynopsis']);
/** A record larger than this is hostile or broken; it is rejected rather than buffered. */
const maxRecordChars = 4_000_000;

type Fields = Map<string, string[]>;

// ---------------------------------------------------------------- values

const placeholders = new Set(['', 'none', 'not available', 'n/a', 'na', 'null']);
const longestPlaceholder = Math.max(...[...placeholders].map((p) => p.length));

function isPlaceholder(value: string | undefined) {
  if (value === undefined) return true;
  // Only short values can be placeholders; lower-casing every description to find out cost a tenth of the parsing.
  const trimmed = value.trim();
  return trimmed.length <= longestPlaceholder && placeholders.has(trimmed.toLowerCase());
}

function realDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || year < 1000) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Grants.gov dates are MMDDYYYY. The pre-2016 format (`legacy`) also saw
 * MM/DD/YYYY and ISO dates in the wild. Empty and placeholder values are
 * null; anything else that is not a real calendar date throws.
 */
export function parseExtractDate(field: string, raw: string | undefined, legacy = false): string | null {
  if (isPlaceholder(raw)) return null;
  const value = raw!.trim();
  let m = /^(\d{2})(\d{2})(\d{4})$/.exec(value);
  let iso: string | null = null;
  if (m) iso = realDate(Number(m[3]), Number(m[1]), Number(m[2]));
  else if (legacy && (m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value))) {
    iso = realDate(Number(m[3]), Number(m[1]), Number(m[2]));
  } else if (legacy && (m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value))) {
    iso = realDate(Number(m[1]), Number(m[2]), Number(m[3]));
  }
  if (!iso) throw new RecordError(`${field} is not a valid MMDDYYYY date: "${value.slice(0, 40)}"`);
  return iso;
}

/** A non-negative amount in dollars ("1500000", "1,500,000", "$1500000.00"), rounded to whole dollars. */
export function parseAmount(field: string, raw: string | undefined): number | null {
  if (isPlaceholder(raw)) return null;
  const value = raw!.trim();
  const cleaned = value.replace(/^\$/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) {
    throw new RecordError(`${field} is not a non-negative amount: "${value.slice(0, 40)}"`);
  }
  const n = Math.round(Number(cleaned));
  if (!Number.isSafeInteger(n)) throw new RecordError(`${field} is too large: "${value.slice(0, 40)}"`);
  return n;
}

/** A non-negative whole count (expected number of awards). */
export function parseCount(field: string, raw: string | undefined): number | null {
  const n = parseAmount(field, raw);
  if (n !== null && n > 2_147_483_647) throw new RecordError(`${field} is too large: "${raw!.trim()}"`);
  return n;
}

export function parseYesNo(raw: string | undefined): boolean | null {
  const v = raw?.trim().toLowerCase();
  if (v === 'yes' || v === 'y' || v === 'true') return true;
  if (v === 'no' || v === 'n' || v === 'false') return false;
  return null;
}

/** "Synopsis 2", "Forecast 1", "3" → the trailing number. */
export function parseVersion(raw: string | undefined): number | null {
  const m = raw ? /(\d{1,9})\s*$/.exec(raw.trim()) : null;
  return m ? Number(m[1]) : null;
}

const htmlEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Descriptions carry escaped HTML; keep the words and line breaks, drop the markup. */
export function plainText(raw: string | undefined): string | null {
  if (isPlaceholder(raw)) return null;
  let text = raw!;
  if (text.includes('<') || text.includes('&')) {
    text = text
      .replace(/<\s*(br|\/p|\/li|\/div|\/h\d)\s*\/?\s*>/gi, '\n')
      .replace(/<[^>]{0,500}>/g, '')
      .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, e: string) => htmlEntities[e]!)
      .replace(/&#(\d{1,7});/g, (s, d: string) => {
        const code = Number(d);
        return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : s;
      });
  }
  text = text
    .replace(/[ \t\r\f\v]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text || null;
}

function one(fields: Fields, name: string): string | undefined {
  const values = fields.get(name);
  if (!values) return undefined;
  for (const v of values) if (v.trim()) return v.trim();
  return values[0];
}

function many(fields: Fields, name: string): string[] {
  const out: string[] = [];
  for (const v of fields.get(name) ?? []) {
    const t = v.trim();
    if (t && !isPlaceholder(t) && !out.includes(t)) out.push(t);
  }
  return out;
}

function textOrNull(value: string | undefined) {
  return isPlaceholder(value) ? null : value!.trim();
}

function safeUrl(value: string | undefined): string | null {
  const v = textOrNull(value);
  return v && /^https?:\/\/\S+$/i.test(v) ? v : null;
}

function sourceKeyOf(id: string | null, number: string | null) {
  return id ? id : `number:${number}`;
}

// ------------------------------------------------------- record mapping

function currentRecord(local: string, f: Fields): GrantRecord {
  const id = textOrNull(one(f, 'OpportunityID'));
  const number = textOrNull(one(f, 'OpportunityNumber'));
  if (!id && !number) throw new RecordError('missing both OpportunityID and OpportunityNumber');
  if (id && !/^\d{1,18}$/.test(id)) throw new RecordError(`OpportunityID is not a number: "${id.slice(0, 40)}"`);
  const forecast = local === 'OpportunityForecastDetail_1_0';
  const date = (name: string) => parseExtractDate(name, one(f, name));
  const closeDate = date('CloseDate') ?? (forecast ? date('EstimatedSynopsisCloseDate') : null);
  const postDate = date('PostDate') ?? (forecast ? date('EstimatedSynopsisPostDate') : null);
  return {
    sourceKey: sourceKeyOf(id, number),
    sourceId: id,
    opportunityNumber: number ?? '',
    title: textOrNull(one(f, 'OpportunityTitle')) ?? number ?? `Opportunity ${id}`,
    agency: textOrNull(one(f, 'AgencyName')),
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
  };
}

function legacyRecord(local: string, f: Fields): GrantRecord {
  const number = textOrNull(one(f, 'FundingOppNumber'));
  if (!number) throw new RecordError('missing FundingOppNumber (the pre-2016 format has no OpportunityID)');
  const date = (name: string) => parseExtractDate(name, one(f, name), true);
  const agency = textOrNull(one(f, 'Agency'));
  return {
    sourceKey: sourceKeyOf(null, number),
    sourceId: null,
    opportunityNumber: number,
    title: textOrNull(one(f, 'FundingOppTitle')) ?? number,
    agency,
    agencyCode: null,
    description: plainText(one(f, 'FundingOppDescription')),
    eligibilityText: plainText(one(f, 'AdditionalEligibilityInfo') ?? one(f, 'ExtraTextForEligibility')),
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
  };
}

function recordLabel(local: string, f: Fields, index: number) {
  const id = legacyRecords.has(local)
    ? one(f, 'FundingOppNumber')
    : (one(f, 'OpportunityID') ?? one(f, 'OpportunityNumber'));
  return id?.trim() ? id.trim().slice(0, 100) : `record #${index}`;
}

// --------------------------------------------------------------- parser

/**
 * Yields one item per record: a normalised record, or a rejection with the
 * record's id and the reason. Throws ExtractError when the file is not XML,
 * not a Grants.gov extract, or cut short.
 */
export async function* parseGrantsXml(
  chunks: AsyncIterable<string | Buffer>,
): AsyncGenerator<ExtractItem> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const ready: ExtractItem[] = [];
  let fatal: Error | null = null;
  let recordsRead = 0;
  let rootName: string | null = null;

  // State of the record being read.
  let recordLocal: string | null = null;
  let recordDepth = 0;
  let depth = 0;
  let fields: Fields = new Map();
  let fieldName: string | null = null;
  let fieldText = '';
  let recordChars = 0;
  let oversized = false;

  parser.on('error', (err) => {
    // An undefined entity (say, one declared in a DOCTYPE) stays literal text; never expanded.
    if (err.message.includes('undefined entity')) return;
    fatal ??= err;
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    depth += 1;
    if (depth === 1) rootName = tag.local;
    if (recordLocal === null) {
      if (currentRecords.has(tag.local) || legacyRecords.has(tag.local)) {
        recordLocal = tag.local;
        recordDepth = depth;
        fields = new Map();
        recordChars = 0;
        oversized = false;
      }
      return;
    }
    if (depth === recordDepth + 1) {
      fieldName = tag.local;
      fieldText = '';
      for (const attr of Object.values(tag.attributes)) {
        if (!attr.value) continue;
        const key = `${tag.local}@${attr.local}`;
        const list = fields.get(key);
        if (list) list.push(attr.value);
        else fields.set(key, [attr.value]);
      }
    }
  });
  const onText = (text: string) => {
    if (fieldName === null) return;
    recordChars += text.length;
    if (recordChars > maxRecordChars) {
      oversized = true;
      return;
    }
    fieldText += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    if (recordLocal !== null) {
      if (depth === recordDepth + 1 && fieldName !== null) {
        const list = fields.get(fieldName);
        if (list) list.push(fieldText);
        else fields.set(fieldName, [fieldText]);
        fieldName = null;
        fieldText = '';
      } else if (depth === recordDepth) {
        recordsRead += 1;
        const local = recordLocal;
        try {
          if (oversized) throw new RecordError(`record is larger than ${maxRecordChars} characters`);
          const record = legacyRecords.has(local) ? legacyRecord(local, fields) : currentRecord(local, fields);
          ready.push({ ok: true, record });
        } catch (err) {
          if (!(err instanceof RecordError)) throw err;
          ready.push({ ok: false, id: recordLabel(local, fields, recordsRead), reason: err.message });
        }
        recordLocal = null;
        fields = new Map();
      }
    }
    depth -= 1;
  });

  const stop = (err: Error): never => {
    // saxes prefixes its messages with "line:column: "; that is where the problem is.
    const m = /^(?:[^:]*:)?(\d+):(\d+): (.*?)\.?$/s.exec(err.message);
    const where = m ? `line ${m[1]}, column ${Number(m[2]) + 1}` : `line ${parser.line}, column ${parser.column + 1}`;
    const what = m ? m[3] : err.message;
    throw new ExtractError(
      `The file is not a complete, well-formed Grants.gov XML extract (${what} at ${where}); ` +
        `stopped after reading ${recordsRead} record${recordsRead === 1 ? '' : 's'}.`,
      recordsRead,
    );
  };

  const decoder = new StringDecoder('utf8');
  let first = true;
  try {
    for await (const chunk of chunks) {
      let text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      if (first && text.length > 0) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      try {
        parser.write(text);
      } catch (err) {
        fatal ??= err as Error;
      }
      // Records finished before the error are still handed out; the caller decides what to keep.
      while (ready.length) yield ready.shift()!;
      if (fatal) stop(fatal);
    }
  } catch (err) {
    if (err instanceof ExtractError) throw err;
    // A read failure (corrupt gzip or zip entry, I/O error) stops the import too.
    throw new ExtractError(
      `Reading the file failed (${(err as Error).message}); stopped after reading ${recordsRead} records.`,
      recordsRead,
    );
  }
  try {
    const rest = decoder.end();
    if (rest) parser.write(rest);
    parser.close();
  } catch (err) {
    fatal ??= err as Error;
  }
  while (ready.length) yield ready.shift()!;
  if (fatal) stop(fatal);
  if (rootName === null) stop(new Error('the file is empty'));
  if (recordsRead === 0 && rootName !== 'Grants') {
    throw new ExtractError(
      `The file is XML but not a Grants.gov extract: its root element is <${rootName}>, expected <Grants>; stopped after reading 0 records.`,
      0,
    );
  }
}

// ---------------------------------------------------------- file input

function openZipEntry(file: string): Promise<Readable> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (err, zip) => {
      if (err || !zip) {
        reject(new ExtractError(`Cannot read ${file} as a zip archive: ${err?.message ?? 'unknown error'}`, 0));
        return;
      }
      zip.on('error', (e: Error) => reject(new ExtractError(`Cannot read the zip archive: ${e.message}`, 0)));
      zip.on('end', () => reject(new ExtractError(`The zip archive ${file} holds no .xml file.`, 0)));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!/\.xml$/i.test(entry.fileName) || entry.fileName.endsWith('/')) {
          zip.readEntry();
          return;
        }
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) {
            reject(new ExtractError(`Cannot read ${entry.fileName} in the zip: ${e?.message}`, 0));
            return;
          }
          // yauzl's entry stream stalls under async iteration; piping it keeps it flowing.
          const through = new PassThrough({ highWaterMark: 256 * 1024 });
          stream.on('error', (streamErr) => through.destroy(streamErr));
          through.on('close', () => stream.destroy());
          resolve(stream.pipe(through));
        });
      });
      zip.readEntry();
    });
  });
}

/** Opens an extract file as a byte stream: .xml, .xml.gz or a .zip holding an .xml. */
export async function openExtractFile(file: string): Promise<Readable> {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new ExtractError(`Cannot open ${file}: no such file.`, 0);
  }
  if (!stat.isFile()) throw new ExtractError(`${file} is not a file.`, 0);
  if (/\.zip$/i.test(file)) return openZipEntry(file);
  const input = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  if (/\.gz$/i.test(file)) {
    const gunzip = zlib.createGunzip();
    input.on('error', (e) => gunzip.destroy(e));
    return input.pipe(gunzip);
  }
  return input;
}

/** Parses an extract file from disk. */
export async function* readGrantsExtract(file: string): AsyncGenerator<ExtractItem> {
  const stream = await openExtractFile(file);
  try {
    yield* parseGrantsXml(stream);
  } finally {
    stream.destroy();
  }
}
