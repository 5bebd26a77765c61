// Pictures in posts: the type is taken from the bytes, PNG, JPEG and WebP up
// to 5 MB and 24 megapixels (lib/pictures.ts) are accepted, turned upright,
// fitted within 1600 px and re-encoded as WebP by sharp, which drops every
// metadata block (EXIF, GPS).
// Stored in the database, so every instance serves the same picture; shown to
// the uploader until posted, then to whoever may see the post.
import { feedImageMaxBytes } from '@grantbridge/contract/feed';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { withPicture } from '../../lib/pictures';
import type { Actor } from '../../plugins/types';
import { findImage, insertImage } from './feed.repository';
import { feedImagePath, getPost } from './feed.service';

const maxSide = 1600;

export async function prepareFeedImage(bytes: Buffer) {
  if (bytes.length > feedImageMaxBytes) throw new AppError('payload_too_large', 'The picture is larger than 5 MB.');
  const { data, info } = await withPicture(bytes, 'image', (image) =>
    image
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true }),
  );
  return { bytes: data, width: info.width, height: info.height };
}

export async function uploadFeedImage(db: Db, actor: Actor, bytes: Buffer) {
  const image = await prepareFeedImage(bytes);
  const id = await insertImage(db, { uploaderId: actor.id, ...image });
  return { image: { id, url: feedImagePath(id), width: image.width, height: image.height } };
}

export async function readFeedImage(db: Db, actor: Actor, id: string) {
  const row = await findImage(db, id);
  if (!row) throw new AppError('not_found', 'Image not found.');
  if (row.uploader_id !== actor.id) {
    if (!row.post_id) throw new AppError('not_found', 'Image not found.');
    try {
      await getPost(db, actor, row.post_id);
    } catch {
      throw new AppError('not_found', 'Image not found.');
    }
  }
  return { bytes: Buffer.from(row.image), contentType: row.content_type };
}
