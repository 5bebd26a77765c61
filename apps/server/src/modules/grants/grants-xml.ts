// Streams a Grants.gov XML extract (current OpportunityDetail-V1.0 format or
// the pre-2016 <Grants>/<FundingOppSynopsis> format) into normalised records,
// one at a time, so memory stays flat however large the file is. Entities
// are never expanded beyond XML's five predefined ones: saxes does not read
// DTDs, and a reference to any other entity is kept as literal text.
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
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

/** Thrown from a parser event to leave saxes's write once the file is known to be unusable. */
class HaltParsing extends Error {}

class UnreadableEncoding extends Error {}

const currentRecords = new Set(['OpportunitySynopsisDetail_1_0', 'OpportunityForecastDetail_1_0']);
const legacyRecords = new Set(['FundingOppSynopsis', 'FundingOppModSynopsis']);
/** A record larger than this is hostile or broken; it is rejected rather than buffered. */
const maxRecordChars = 4_000_000;
/**
 * saxes holds a text, CDATA section, comment or DOCTYPE whole until it ends,
 * so one endless run of them would fill memory: past this many characters
 * what it holds is let go (the record around it is rejected as too large).
 */
const maxPendingChars = 8_000_000;
/** Records sit two levels down; anything this deep is not an extract, and saxes keeps a stack entry per level. */
const maxDepth = 64;
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

/** HTML's named entities that descriptions use; accented letters are composed below. */
// prettier-ignore
const htmlEntities: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ensp: ' ', emsp: ' ', thinsp: ' ',
  shy: '', zwnj: '', zwj: '', lrm: '', rlm: '',
  ndash: '–', mdash: '—', lsquo: '‘', rsquo: '’', sbquo: '‚', ldquo: '“', rdquo: '”', bdquo: '„',
  laquo: '«', raquo: '»', lsaquo: '‹', rsaquo: '›', hellip: '…', bull: '•', middot: '·', prime: '′', Prime: '″',
  copy: '©', reg: '®', trade: '™', deg: '°', plusmn: '±', times: '×', divide: '÷', minus: '−',
  le: '≤', ge: '≥', ne: '≠', asymp: '≈', micro: 'µ', para: '¶', sect: '§', dagger: '†', Dagger: '‡',
  frac12: '½', frac14: '¼', frac34: '¾', sup1: '¹', sup2: '²', sup3: '³', ordf: 'ª', ordm: 'º',
  cent: '¢', pound: '£', euro: '€', yen: '¥', curren: '¤', iexcl: '¡', iquest: '¿', brvbar: '¦',
  acute: '´', uml: '¨', cedil: '¸', macr: '¯', not: '¬',
  szlig: 'ß', aelig: 'æ', AElig: 'Æ', oelig: 'œ', OElig: 'Œ', oslash: 'ø', Oslash: 'Ø', eth: 'ð', ETH: 'Ð', thorn: 'þ', THORN: 'Þ',
};
// prettier-ignore
const combiningMarks: Record<string, string> = {
  acute: '\u0301', grave: '\u0300', circ: '\u0302', tilde: '\u0303', uml: '\u0308', ring: '\u030a', cedil: '\u0327', caron: '\u030c',
};

/** A code point XML text may hold (control characters other than tab and line breaks may not). */
function isTextCodePoint(code: number) {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code < 0xd800) ||
    (code > 0xdfff && code < 0xfffe) ||
    (code > 0xffff && code < 0x110000)
  );
}

function decodeEntities(text: string) {
  return text.replace(
    /&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/g,
    (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return isTextCodePoint(code) ? String.fromCodePoint(code) : '';
      }
      const known = htmlEntities[name];
      if (known !== undefined) return known;
      const accented = /^([a-zA-Z])(acute|grave|circ|tilde|uml|ring|cedil|caron)$/.exec(name);
      // Anything else (an entity the file declared, say) stays as written: it is never expanded.
      return accented ? `${accented[1]}${combiningMarks[accented[2]!]}`.normalize('NFC') : whole;
    },
  );
}

/**
 * Drops HTML markup. Only a real tag counts ("<" then a letter, or "</"), so
 * text such as "budgets < 5 years > 3" survives; block ends become line breaks.
 */
function stripMarkup(text: string) {
  return text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?(?:br|p|li|div|tr|h\d)(?:\s[^<>]{0,2000})?\s*\/?>/gi, (tag) =>
      /^<\/?br|^<\//i.test(tag) ? '\n' : '',
    )
    .replace(/<\/?[a-zA-Z][\w:.-]*(?:\s[^<>]{0,2000})?\s*\/?>/g, '');
}

/**
 * Descriptions carry HTML, escaped once by the XML (or in a CDATA section) and
 * sometimes twice ("&amp;lt;p&amp;gt;"); keep the words and line breaks, drop
 * the markup, decode character and HTML entities.
 */
export function plainText(raw: string | undefined): string | null {
  if (isPlaceholder(raw)) return null;
  let text = raw!;
  for (let pass = 0; pass < 2 && (text.includes('<') || text.includes('&')); pass++) {
    text = decodeEntities(stripMarkup(text));
  }
  text = text
    .replace(/[ \t\r\f\v]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text || null;
}

/** A one-line value (a title, an agency name): plain text with every run of white space as one space. */
function plainLine(raw: string | undefined): string | null {
  const text = plainText(raw);
  return text === null ? null : text.replace(/\s+/g, ' ');
}

/** Characters that XML 1.0 (and PostgreSQL text, for NUL) cannot hold; saxes reports them and passes them on. */
// eslint-disable-next-line no-control-regex
const unstorableChars = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

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

function recordLabel(local: string, f: Fields, index: number) {
  const id = legacyRecords.has(local)
    ? firstText(f, 'FundingOppNumber')
    : firstText(f, 'OpportunityID', 'OpportunityNumber');
  // One line, whatever the file holds, so a label cannot pass for another line of the report.
  const label = id?.replace(unstorableChars, '').replace(/\s+/g, ' ').trim();
  return label ? label.slice(0, 100) : `record #${index}`;
}

// --------------------------------------------------------------- parser

export type ParseOptions = {
  /** Records read from earlier documents of the same file (the entries of a zip before this one). */
  recordsBefore?: number;
  /** The document inside the file, for messages ("GrantsDBExtract.xml in the zip archive"). */
  documentName?: string | null;
};

function recordsText(n: number) {
  return `${n} record${n === 1 ? '' : 's'}`;
}

// Problems inside text that a real extract can carry (an HTML entity, a control
// character pasted into a description): the text is kept, the characters XML
// (and PostgreSQL) cannot hold become spaces, and the import goes on.
const recoverableErrors =
  /(?:^|: )(?:undefined entity|disallowed character|malformed character entity)\.?$/;

/**
 * Keeps what saxes holds bounded. Its buffers are private and nothing else
 * tells how full they are; the text buffer can be emptied safely (only the
 * event that reports it reads it), a tag name or attribute list cannot.
 */
function boundPending(parser: SaxesParser): 'ok' | 'dropped' | 'too-large' {
  const state = parser as unknown as { text?: string; name?: string; attribList?: unknown[] };
  if ((state.name?.length ?? 0) + (state.attribList?.length ?? 0) * 100 > maxPendingChars) return 'too-large';
  if (typeof state.text === 'string' && state.text.length > maxPendingChars) {
    state.text = '';
    return 'dropped';
  }
  return 'ok';
}

/** A decoder for the file's encoding: its byte-order mark, else its XML declaration, else UTF-8. */
function decoderFor(head: Buffer): TextDecoder {
  let label = 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) label = 'utf-16le';
  else if (head[0] === 0xfe && head[1] === 0xff) label = 'utf-16be';
  else if (!(head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf)) {
    const declared = /^<\?xml\s[^>]*?\bencoding\s*=\s*["']([^"']{1,40})["']/.exec(
      head.toString('latin1', 0, 400),
    );
    if (declared) label = declared[1]!.trim().toLowerCase();
  }
  try {
    // A byte-order mark is dropped by the decoder.
    return new TextDecoder(label);
  } catch {
    throw new UnreadableEncoding(`The file declares the character encoding "${label.slice(0, 40)}", which the importer cannot read`);
  }
}

async function* decodeChunks(chunks: AsyncIterable<string | Buffer>): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  let first = true;
  for await (const chunk of chunks) {
    if (chunk.length === 0) continue;
    if (typeof chunk === 'string') {
      yield first && chunk.charCodeAt(0) === 0xfeff ? chunk.slice(1) : chunk;
    } else {
      decoder ??= decoderFor(chunk);
      const text = decoder.decode(chunk, { stream: true });
      if (text) yield text;
    }
    first = false;
  }
  const rest = decoder?.decode();
  if (rest) yield rest;
}

/**
 * Yields one item per record: a normalised record, or a rejection with the
 * record's id and the reason. Throws ExtractError when the file is not XML,
 * not a Grants.gov extract, or cut short; records after the point where the
 * file went wrong are never handed out.
 */
export async function* parseGrantsXml(
  chunks: AsyncIterable<string | Buffer>,
  options: ParseOptions = {},
): AsyncGenerator<ExtractItem> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const recordsBefore = options.recordsBefore ?? 0;
  const ready: ExtractItem[] = [];
  /** Why the file cannot be read on, once known; nothing after it is used. */
  let problem: string | null = null;
  let recordsRead = 0;
  let rootName: string | null = null;
  let sawMarkup = false;

  // State of the record being read.
  let recordLocal: string | null = null;
  let recordDepth = 0;
  let depth = 0;
  let fields: Fields = new Map();
  let fieldName: string | null = null;
  let fieldText = '';
  let recordChars = 0;
  let oversized = false;
  let unstorable = false;

  /**
   * Records the problem and leaves saxes's write at once: nothing after it is
   * used, and reading on could cost dearly (saxes resolves a namespace by
   * walking every open element, so deep nesting is quadratic).
   */
  const halt = (what: string): never => {
    problem ??= what;
    throw new HaltParsing();
  };
  const where = (line: number, column: number) =>
    `line ${line}, column ${column}${options.documentName ? ` of ${options.documentName}` : ''}`;
  const notWellFormed = (what: string, at: string) =>
    `The file is not a complete, well-formed Grants.gov XML extract (${what} at ${at})`;

  parser.on('error', (err) => {
    if (recoverableErrors.test(err.message)) {
      if (recordLocal !== null) unstorable = true;
      return;
    }
    // saxes prefixes its messages with "line:column: "; that is where the problem is.
    const m = /^(?:[^:]*:)?(\d+):(\d+): (.*?)\.?$/s.exec(err.message);
    halt(
      m
        ? notWellFormed(m[3]!, where(Number(m[1]), Number(m[2]) + 1))
        : notWellFormed(err.message, where(parser.line, parser.column + 1)),
    );
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    depth += 1;
    if (depth > maxDepth) {
      halt(`The file is not a Grants.gov XML extract: its elements nest deeper than ${maxDepth} levels (at ${where(parser.line, parser.column + 1)})`);
    }
    if (depth === 1) {
      rootName = tag.local;
      if (tag.local.toLowerCase() === 'html') {
        halt(`The file is an HTML page, not a Grants.gov XML extract (<${tag.name}> at ${where(parser.line, parser.column + 1)})`);
      }
    }
    if (recordLocal === null) {
      if (currentRecords.has(tag.local) || legacyRecords.has(tag.local)) {
        recordLocal = tag.local;
        recordDepth = depth;
        fields = new Map();
        recordChars = 0;
        oversized = false;
        unstorable = false;
      }
      return;
    }
    // Empty elements count too, so a record of endless tiny fields is as bounded as one long text.
    recordChars += tag.name.length + 2;
    if (recordChars > maxRecordChars) oversized = true;
    if (depth === recordDepth + 1) {
      fieldName = tag.local;
      fieldText = '';
      if (oversized) return;
      for (const attr of Object.values(tag.attributes)) {
        if (!attr.value) continue;
        recordChars += attr.value.length;
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
        if (!oversized) {
          const list = fields.get(fieldName);
          if (list) list.push(fieldText);
          else fields.set(fieldName, [fieldText]);
        }
        fieldName = null;
        fieldText = '';
      } else if (depth === recordDepth) {
        recordsRead += 1;
        const local = recordLocal;
        if (unstorable) {
          for (const [name, values] of fields) {
            fields.set(name, values.map((v) => v.replace(unstorableChars, ' ')));
          }
        }
        try {
          if (oversized)
            throw new RecordError(`record is larger than ${maxRecordChars} characters`);
          const record = legacyRecords.has(local)
            ? legacyRecord(local, fields)
            : currentRecord(local, fields);
          ready.push({ ok: true, record });
        } catch (err) {
          if (!(err instanceof RecordError)) throw err;
          ready.push({
            ok: false,
            id: recordLabel(local, fields, recordsBefore + recordsRead),
            reason: err.message,
          });
        }
        recordLocal = null;
        fields = new Map();
      }
    }
    depth -= 1;
  });

  const stop = (what: string): never => {
    const total = recordsBefore + recordsRead;
    throw new ExtractError(`${what}; stopped after reading ${recordsText(total)}.`, total);
  };

  try {
    for await (const text of decodeChunks(chunks)) {
      if (!sawMarkup) {
        const first = text.search(/\S/);
        if (first === -1) continue;
        sawMarkup = true;
        if (text[first] !== '<') {
          const start = text.slice(first, first + 40).replace(/\s+/g, ' ').trim();
          // eslint-disable-next-line no-control-regex
          const shown = /[\u0000-\u0008\u000e-\u001f\ufffd]/.test(start) ? 'binary data' : JSON.stringify(start);
          stop(`The file is not XML (it starts with ${shown}), so it is not a Grants.gov extract`);
        }
      }
      try {
        parser.write(text);
      } catch (err) {
        if (!(err instanceof HaltParsing)) throw err;
      }
      const pending = boundPending(parser);
      if (pending === 'dropped' && recordLocal !== null) oversized = true;
      else if (pending === 'too-large') {
        problem ??= `The file is not a Grants.gov XML extract: a tag runs past ${maxPendingChars} characters (at ${where(parser.line, parser.column + 1)})`;
      }
      // Records finished before the problem are still handed out; the caller decides what to keep.
      while (ready.length) yield ready.shift()!;
      if (problem) stop(problem);
    }
  } catch (err) {
    if (err instanceof ExtractError) throw err;
    if (err instanceof UnreadableEncoding) stop(err.message);
    // A read failure (corrupt gzip or zip entry, I/O error) stops the import too.
    const code = (err as NodeJS.ErrnoException).code;
    const cause = code?.startsWith('Z_') ? 'the compressed data is corrupt or cut short: ' : '';
    stop(`Reading ${options.documentName ?? 'the file'} failed (${cause}${(err as Error).message})`);
  }
  if (!sawMarkup) stop('The file is empty, not a Grants.gov XML extract');
  if (!problem) {
    try {
      parser.close();
    } catch (err) {
      if (!(err instanceof HaltParsing)) throw err;
    }
  }
  while (ready.length) yield ready.shift()!;
  if (problem) stop(problem);
  if (recordsRead === 0 && rootName !== 'Grants') {
    stop(
      `The file is XML but not a Grants.gov extract: its root element is <${rootName}>, expected <Grants>`,
    );
  }
}

// ---------------------------------------------------------- file input

type ExtractDocument = { name: string | null; stream: Readable };

/** What the file holds, from its first bytes: its name may say otherwise. */
function containerOf(file: string): 'zip' | 'gzip' | 'plain' {
  const head = Buffer.alloc(4);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, 4, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (
    head[0] === 0x50 &&
    head[1] === 0x4b &&
    (head[2] === 3 || head[2] === 5) &&
    (head[3] === 4 || head[3] === 6)
  )
    return 'zip';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  return 'plain';
}

/** An XML file in a zip that is the extract: not a folder, nor the resource-fork copies macOS adds (`__MACOSX/`, `._name.xml`). */
function isExtractEntry(name: string) {
  return (
    /\.xml$/i.test(name) &&
    !name.startsWith('__MACOSX/') &&
    !path.posix.basename(name).startsWith('._')
  );
}

/** Each XML entry of a zip archive in turn (the daily extract holds one; several are read one after another). */
async function* zipDocuments(file: string): AsyncGenerator<ExtractDocument> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, opened) => {
      if (err || !opened)
        reject(
          new Error(
            `${file} is not a readable zip archive: it is cut short or corrupt (${err?.message ?? 'unknown error'})`,
          ),
        );
      else resolve(opened);
    });
  });
  // yauzl reports a broken central directory as an event; one listener always, so it never goes unhandled.
  zip.on('error', () => undefined);
  const nextEntry = () =>
    new Promise<yauzl.Entry | null>((resolve, reject) => {
      const done = () => {
        zip.off('entry', onEntry);
        zip.off('end', onEnd);
        zip.off('error', onError);
      };
      const onEntry = (entry: yauzl.Entry) => (done(), resolve(entry));
      const onEnd = () => (done(), resolve(null));
      const onError = (e: Error) => (
        done(),
        reject(new Error(`The zip archive ${file} is corrupt (${e.message})`))
      );
      zip.on('entry', onEntry);
      zip.on('end', onEnd);
      zip.on('error', onError);
      zip.readEntry();
    });
  const skipped: string[] = [];
  let found = 0;
  try {
    for (let entry = await nextEntry(); entry; entry = await nextEntry()) {
      if (!isExtractEntry(entry.fileName)) {
        if (!entry.fileName.endsWith('/')) skipped.push(entry.fileName);
        continue;
      }
      found += 1;
      const name = entry.fileName;
      const stream = await new Promise<Readable>((resolve, reject) => {
        zip.openReadStream(entry!, (e, opened) => {
          if (e || !opened)
            reject(
              new Error(`Cannot read ${name} in the zip archive: ${e?.message ?? 'unknown error'}`),
            );
          else resolve(opened);
        });
      });
      // yauzl's entry stream stalls under async iteration; piping it keeps it flowing.
      const through = new PassThrough({ highWaterMark: 256 * 1024 });
      stream.on('error', (streamErr) => through.destroy(streamErr));
      through.on('close', () => stream.destroy());
      yield { name: `${name} in the zip archive`, stream: stream.pipe(through) };
    }
  } finally {
    zip.close();
  }
  if (found === 0) {
    const held = skipped.length
      ? ` (it holds ${skipped.slice(0, 5).join(', ')}${skipped.length > 5 ? ', ...' : ''})`
      : ' (it is empty)';
    throw new Error(`The zip archive ${file} holds no .xml file${held}`);
  }
}

/** The XML documents of an extract file: the file itself (.xml, or gzipped), or each .xml entry of a zip. */
async function* extractDocuments(file: string): AsyncGenerator<ExtractDocument> {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new Error(`Cannot open ${file}: no such file`);
  }
  if (!stat.isFile()) throw new Error(`${file} is not a file`);
  const container = containerOf(file);
  if (container === 'zip') {
    yield* zipDocuments(file);
    return;
  }
  const input = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  if (container === 'gzip') {
    const gunzip = zlib.createGunzip();
    input.on('error', (e) => gunzip.destroy(e));
    gunzip.on('close', () => input.destroy());
    yield { name: null, stream: input.pipe(gunzip) };
    return;
  }
  yield { name: null, stream: input };
}

/** Parses an extract file from disk (.xml, .xml.gz or a .zip of .xml files, told apart by their content). */
export async function* readGrantsExtract(file: string): AsyncGenerator<ExtractItem> {
  const documents = extractDocuments(file);
  let records = 0;
  try {
    for (;;) {
      let next: IteratorResult<ExtractDocument>;
      try {
        next = await documents.next();
      } catch (err) {
        throw new ExtractError(
          `${(err as Error).message}; stopped after reading ${recordsText(records)}.`,
          records,
        );
      }
      if (next.done) return;
      const { name, stream } = next.value;
      try {
        for await (const item of parseGrantsXml(stream, {
          recordsBefore: records,
          documentName: name,
        })) {
          records += 1;
          yield item;
        }
      } finally {
        stream.destroy();
      }
    }
  } finally {
    await documents.return(undefined);
  }
}
