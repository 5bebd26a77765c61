// Profile pictures: the type is taken from the bytes (file-type), never from
// the name or the header; PNG, JPEG and WebP up to 2 MB are accepted, turned
// upright, cut to a 256 px square and re-encoded as WebP by sharp, which
// drops every metadata block (EXIF, GPS, ICC comments). The result is stored
// in the database, so every instance serves the same picture.
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import { updateAccountDetails } from '../auth/auth.service';
import { deleteAvatarRow, findAvatarRow, upsertAvatarRow } from './profile.repository';

export const maxAvatarBytes = 2 * 1024 * 1024;
const accepted = new Set(['image/png', 'image/jpeg', 'image/webp']);
const side = 256;

/** The re-encoded picture, or 400 validation_failed naming what is wrong. */
export async function prepareAvatar(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw new AppError('validation_failed', 'The picture is empty.');
  if (bytes.length > maxAvatarBytes) {
    throw new AppError('payload_too_large', 'The picture is larger than 2 MB.');
  }
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !accepted.has(type.mime)) {
    throw new AppError('validation_failed', 'Use a PNG, JPEG or WebP picture.', {
      errors: [{ path: 'avatar', message: `This file is ${type ? type.mime : 'not a picture we can read'}` }],
    });
  }
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(side, side, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError('validation_failed', 'The picture could not be read; it may be damaged.');
  }
}

export const avatarPath = (userId: string, at: Date) => `/api/v1/researchers/${userId}/avatar?v=${at.getTime()}`;

export async function setAvatar(db: Db, actor: Actor, bytes: Buffer) {
  const image = await prepareAvatar(bytes);
  const now = new Date();
  await upsertAvatarRow(db, { userId: actor.id, image, contentType: 'image/webp', updatedAt: now });
  const avatarUrl = avatarPath(actor.id, now);
  await updateAccountDetails(db, actor.id, { avatarUrl });
  return { avatarUrl };
}

export async function removeAvatar(db: Db, actor: Actor) {
  await deleteAvatarRow(db, actor.id);
  await updateAccountDetails(db, actor.id, { avatarUrl: null });
}

export async function getAvatar(db: Db, userId: string) {
  const row = await findAvatarRow(db, userId);
  if (!row) throw new AppError('not_found', 'No picture.');
  return row;
}
