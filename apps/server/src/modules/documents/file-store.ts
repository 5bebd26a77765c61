// Application files, stored in the database in chunks (decision 033): every
// instance, on PGlite or PostgreSQL, serves the same file; an upload and a
// download each hold one chunk in memory at a time, never the whole file;
// each version's SHA-256 is computed as it streams in. A version turns
// `complete` only after its last chunk; an upload that fails on the way
// leaves nothing behind.
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { completeFileVersion, deleteFileVersion, findFileChunk, insertFileChunk, insertNextFileVersion } from './documents.repository';

/** Bytes per stored chunk: a 25 MB file is 200 rows; 256 KB grew the server by up to 73 MB with four at once (bench:files). */
export const chunkBytes = 128 * 1024;
export const maxFileBytes = 25 * 1024 * 1024;
/** How much of the start of a file the type is read from (an Office file names its kind in the first zip entries). */
const sniffBytes = 64 * 1024;

/** The types a proposal is made of: PDF, Word, Excel, PowerPoint, plain text, PNG and JPEG. */
export const allowedTypes = new Map([
  ['application/pdf', 'pdf'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
  ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx'],
  ['text/plain', 'txt'],
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
]);

/** Plain text: no NUL byte, and valid UTF-8 (a sample cut mid-character at its end is allowed). */
function looksLikeText(sample: Buffer, whole: boolean) {
  if (sample.length === 0 || sample.includes(0)) return false;
  const body = whole ? sample : sample.subarray(0, Math.max(0, sample.length - 4));
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return true;
  } catch {
    return false;
  }
}

/** The file's type from its first bytes; 415 unless it is one of `allowedTypes`. */
export async function sniffType(sample: Buffer, whole: boolean): Promise<string> {
  const detected = await fileTypeFromBuffer(sample);
  const type = detected?.mime ?? (looksLikeText(sample, whole) ? 'text/plain' : null);
  if (!type || !allowedTypes.has(type)) {
    throw new AppError(
      'unsupported_file_type',
      `This file's contents are ${detected ? `${detected.ext.toUpperCase()} (${detected.mime})` : 'not a type we accept'}. Upload a PDF, Word, Excel, PowerPoint, text, PNG or JPEG file.`,
    );
  }
  return type;
}

type StoredVersion = { fileId: string; version: number; size: number; sha256: string; contentType: string };

/**
 * Streams `source` into a new version of the document's file. Throws 415 for
 * a type not allowed (read from the bytes), 413 past `maxFileBytes`; either
 * way nothing is kept.
 */
export async function storeFile(
  db: Db,
  input: { documentId: string; fileName: string; uploadedBy: string; source: AsyncIterable<Buffer> },
): Promise<StoredVersion> {
  const hash = crypto.createHash('sha256');
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let size = 0;
  let seq = 0;
  let file: { id: string; version: number } | null = null;
  let contentType = '';
  const flush = async (final: boolean) => {
    if (!file) {
      const sample = Buffer.concat(pending);
      contentType = await sniffType(sample.subarray(0, sniffBytes), final);
      file = await insertVersion(db, input.documentId, input.fileName, contentType, input.uploadedBy);
    }
    let all = Buffer.concat(pending);
    while (all.length >= chunkBytes || (final && all.length > 0)) {
      const piece = all.subarray(0, chunkBytes);
      await insertFileChunk(db, file.id, seq, piece);
      seq += 1;
      all = all.subarray(piece.length);
    }
    pending = all.length ? [Buffer.from(all)] : [];
    pendingBytes = all.length;
  };
  try {
    for await (const chunk of input.source) {
      size += chunk.length;
      if (size > maxFileBytes) throw new AppError('payload_too_large', 'Files can be at most 25 MB.');
      hash.update(chunk);
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= Math.max(chunkBytes, file ? 0 : sniffBytes)) await flush(false);
    }
    if (size === 0) throw new AppError('validation_failed', 'The file is empty.', { errors: [{ path: 'file', message: 'Choose a file that is not empty' }] });
    await flush(true);
    const sha256 = hash.digest('hex');
    const stored = file as { id: string; version: number } | null;
    await completeFileVersion(db, stored!.id, size, sha256);
    return { fileId: stored!.id, version: stored!.version, size, sha256, contentType };
  } catch (error) {
    const started = file as { id: string } | null;
    if (started) await deleteFileVersion(db, started.id);
    if (isTooLarge(error)) throw new AppError('payload_too_large', 'Files can be at most 25 MB.');
    throw error;
  }
}

function isTooLarge(error: unknown) {
  return (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/** A new version number for the document: the next one, taken again if another upload took it first. */
async function insertVersion(db: Db, documentId: string, fileName: string, contentType: string, uploadedBy: string) {
  for (let attempt = 0; ; attempt += 1) {
    const inserted = await insertNextFileVersion(db, documentId, fileName, contentType, uploadedBy);
    if (inserted) return inserted;
    if (attempt >= 5) throw new AppError('conflict', 'Several uploads of this document at once; try again.');
  }
}

/** The bytes of a stored version, one chunk at a time. */
export function readFile(db: Db, fileId: string): Readable {
  async function* chunks() {
    for (let seq = 0; ; seq += 1) {
      const row = await findFileChunk(db, fileId, seq);
      if (!row) return;
      yield Buffer.from(row.data);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
