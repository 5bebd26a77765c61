// Downloads an extract to a file as a stream (the daily file is about 76 MB;
// memory stays flat), giving up when the server goes quiet for too long.
import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A failed download; `notPublished` when the server says there is no such file (the day's extract is not out yet). */
export class DownloadError extends Error {
  constructor(
    message: string,
    readonly notPublished = false,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

/**
 * Streams `url` into `file`. Fails when the answer is not 200, when nothing
 * arrives for `idleTimeoutMs` (headers or body), or when the body ends short
 * of its Content-Length. A 404 (or S3's 403 for a key it does not hold) is
 * `notPublished`.
 */
export async function downloadExtract(url: string, file: string, options: { idleTimeoutMs: number }): Promise<number> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const quiet = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new DownloadError(`no data from ${url} for ${Math.round(options.idleTimeoutMs / 1000)} s`)), options.idleTimeoutMs);
  };
  quiet();
  try {
    let response: Response;
    try {
      response = await fetch(url, { signal: controller.signal, redirect: 'follow' });
    } catch (err) {
      throw asDownloadError(err, controller, url);
    }
    if (response.status === 404 || response.status === 403) {
      await response.body?.cancel().catch(() => undefined);
      throw new DownloadError(`${url} answered ${response.status}: not published (yet)`, true, response.status);
    }
    if (response.status !== 200 || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      throw new DownloadError(`${url} answered ${response.status} ${response.statusText}`.trim());
    }
    const expected = Number(response.headers.get('content-length') ?? NaN);
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        quiet();
        callback(null, chunk);
      },
    });
    try {
      await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), counter, fs.createWriteStream(file));
    } catch (err) {
      throw asDownloadError(err, controller, url);
    }
    if (Number.isFinite(expected) && bytes !== expected) {
      throw new DownloadError(`${url} ended after ${bytes} of ${expected} bytes`);
    }
    return bytes;
  } finally {
    clearTimeout(timer);
  }
}

function asDownloadError(err: unknown, controller: AbortController, url: string): DownloadError {
  if (controller.signal.aborted && controller.signal.reason instanceof DownloadError) return controller.signal.reason;
  if (err instanceof DownloadError) return err;
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return new DownloadError(`cannot download ${url} (${err instanceof Error ? err.message : String(err)}${cause})`);
}
