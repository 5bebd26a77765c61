// What the composer accepts as a picture before sending it: the types the
// server re-encodes and its size limit, said in words the person can act on.
import { feedImageMaxBytes } from '@grantbridge/contract/feed';

export const pictureTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Why a chosen file cannot be posted, or null when it can. */
export function pictureProblem(file: { type: string; size: number }): string | null {
  if (!(pictureTypes as readonly string[]).includes(file.type))
    return 'Choose a PNG, JPEG or WebP picture.';
  if (file.size > feedImageMaxBytes)
    return `The picture is larger than ${feedImageMaxBytes / 1024 / 1024} MB. Choose a smaller one.`;
  if (file.size === 0) return 'The picture file is empty.';
  return null;
}
