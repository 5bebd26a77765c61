// Uploaded pictures, read safely. The type comes from the bytes (file-type),
// never the name or the header. The size in pixels comes from the header
// (sharp's metadata, which decodes nothing) and a picture over 24 megapixels
// is refused before decoding: a 166 KB file can hold 40 megapixels, and
// decoding eight of them took 18 s of server time and half a gigabyte.
// Decoding is then bounded in concurrency, one picture per core at a time,
// with a short queue, so a burst of uploads waits its turn (or is told to
// come back) instead of taking every core and the memory with it.
import os from 'node:os';
import { fileTypeFromBuffer } from 'file-type';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { AppError } from '../errors';

export const maxPictureMegapixels = 24;
const maxPixels = maxPictureMegapixels * 1_000_000;
const accepted = new Set(['image/png', 'image/jpeg', 'image/webp']);
const decoding = pLimit(Math.max(1, Math.min(4, os.availableParallelism())));
const maxWaiting = 32;

/** Checks type and pixel count, then runs `decode` with a decoding slot; answers its result. */
export async function withPicture<T>(
  bytes: Buffer,
  field: string,
  decode: (image: sharp.Sharp) => Promise<T>,
): Promise<T> {
  if (bytes.length === 0) throw new AppError('validation_failed', 'The picture is empty.');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !accepted.has(type.mime)) {
    throw new AppError('validation_failed', 'Use a PNG, JPEG or WebP picture.', {
      errors: [{ path: field, message: `This file is ${type ? type.mime : 'not a picture we can read'}` }],
    });
  }
  let width = 0;
  let height = 0;
  try {
    ({ width = 0, height = 0 } = await sharp(bytes).metadata());
  } catch {
    throw new AppError('validation_failed', 'The picture could not be read; it may be damaged.');
  }
  if (width * height > maxPixels) {
    const megapixels = Math.round((width * height) / 100_000) / 10;
    const message = `The picture is ${width} × ${height} pixels (${megapixels} megapixels); at most ${maxPictureMegapixels} megapixels are accepted. Save a smaller copy and try again.`;
    throw new AppError('validation_failed', message, { errors: [{ path: field, message }] });
  }
  if (decoding.pendingCount >= maxWaiting) {
    throw new AppError('unavailable', 'Many pictures are being processed just now. Try again in a moment.', {
      meta: { retryAfterSeconds: 5 },
    });
  }
  return decoding(async () => {
    try {
      return await decode(sharp(bytes, { limitInputPixels: maxPixels }));
    } catch {
      throw new AppError('validation_failed', 'The picture could not be read; it may be damaged.');
    }
  });
}
