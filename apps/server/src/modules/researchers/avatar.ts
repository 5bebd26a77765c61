// Profile pictures: the type is taken from the bytes, never from the name or
// the header; PNG, JPEG and WebP up to 2 MB and 24 megapixels (lib/pictures.ts)
// are accepted, turned
// upright, cut to a 256 px square and re-encoded as WebP by sharp, which
// drops every metadata block (EXIF, GPS, ICC comments). The result is stored
// in the database, so every instance serves the same picture.
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { withPicture } from '../../lib/pictures';
import type { Actor } from '../../plugins/types';
import { updateAccountDetails } from '../auth/auth.service';
import { deleteAvatarRow, findAvatarRow, upsertAvatarRow } from './profile.repository';

export const maxAvatarBytes = 2 * 1024 * 1024;
const side = 256;

/** The re-encoded picture, or 400 validation_failed naming what is wrong. */
export async function prepareAvatar(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > maxAvatarBytes) {
    throw new AppError('payload_too_large', 'The picture is larger than 2 MB.');
  }
  return withPicture(bytes, 'avatar', (image) =>
    image.rotate().resize(side, side, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toBuffer(),
  );
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
