// Reads an extract file from disk: plain XML, gzipped XML, or a zip archive
// of XML documents (the daily Grants.gov extract), told apart by content.
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { fileTypeFromFile } from 'file-type';
import yauzl from 'yauzl';
import type { ExtractItem } from './extract-records';
import { ExtractError, parseGrantsXml, recordsText } from './extract-parser';

type ExtractDocument = { name: string | null; stream: Readable };

/**
 * What the file holds, from its content (file-type reads its signature; a
 * zip's entries may make it a more specific zip-based type): its name may say
 * otherwise.
 */
async function containerOf(file: string): Promise<'zip' | 'gzip' | 'plain'> {
  const type = await fileTypeFromFile(file);
  if (type?.mime === 'application/gzip') return 'gzip';
  if (type?.ext === 'zip' || type?.mime.startsWith('application/vnd.openxmlformats')) return 'zip';
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
  const container = await containerOf(file);
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

/**
 * Checks that a downloaded file is a whole zip archive holding the extract
 * before anything is imported from it: its central directory is there and
 * readable (a file cut short loses it, since it comes last), it names an
 * .xml entry, and every entry lies within the file. Throws an Error saying
 * what is wrong; returns the XML entries' names and uncompressed sizes.
 */
export async function verifyExtractZip(file: string): Promise<{ name: string; size: number }[]> {
  const size = fs.statSync(file).size;
  if ((await containerOf(file)) !== 'zip') throw new Error('the file is not a zip archive');
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, opened) => {
      if (err || !opened)
        reject(
          new Error(`the zip archive is cut short or corrupt (${err?.message ?? 'unknown error'})`),
        );
      else resolve(opened);
    });
  });
  zip.on('error', () => undefined);
  const found: { name: string; size: number }[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        // A local header and its data must fit before the central directory starts.
        if (entry.relativeOffsetOfLocalHeader + 30 + entry.compressedSize > size) {
          reject(new Error(`the zip archive is cut short: ${entry.fileName} runs past its end`));
          return;
        }
        if (isExtractEntry(entry.fileName))
          found.push({ name: entry.fileName, size: entry.uncompressedSize });
        zip.readEntry();
      });
      zip.once('end', () => resolve());
      zip.once('error', (e: Error) =>
        reject(new Error(`the zip archive is corrupt (${e.message})`)),
      );
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  if (found.length === 0) throw new Error('the zip archive holds no .xml file');
  return found;
}
