// Streams a Grants.gov XML extract (current OpportunityDetail-V1.0 format or
// the pre-2016 <Grants>/<FundingOppSynopsis> format) into records, one at a
// time, so memory stays flat however large the file is: the SAX events build
// each record's fields, extract-records.ts maps them. Entities are never
// expanded beyond XML's five predefined ones: saxes does not read DTDs, and a
// reference to any other entity is kept as literal text.
import { TextDecoder } from 'node:util';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { RecordError } from './extract-values';
import {
  isRecordElement,
  recordFrom,
  recordLabel,
  unstorableChars,
  type ExtractItem,
  type Fields,
} from './extract-records';

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

/** Thrown from a parser event to leave saxes's write once the file is known to be unusable. */
class HaltParsing extends Error {}

class UnreadableEncoding extends Error {}

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

export type ParseOptions = {
  /** Records read from earlier documents of the same file (the entries of a zip before this one). */
  recordsBefore?: number;
  /** The document inside the file, for messages ("GrantsDBExtract.xml in the zip archive"). */
  documentName?: string | null;
};

export function recordsText(n: number) {
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
      if (isRecordElement(tag.local)) {
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
          ready.push({ ok: true, record: recordFrom(local, fields) });
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
