// Profile pictures: type from the bytes, re-encoded, metadata gone.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makePerson, type TestPerson } from '../../../test/factories';

let t: TestApp;
let owner: TestPerson;
let viewer: TestPerson;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makePerson(t.db, 'Pia Picture');
  viewer = await makePerson(t.db, 'Vic Viewer');
});
afterAll(() => t.close());

const put = (body: Buffer, contentType: string, cookie = owner.cookie) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/profile/avatar', payload: body, headers: { cookie, 'content-type': contentType } });

describe('PUT /api/v1/profile/avatar', () => {
  it('re-encodes a JPEG with camera metadata into a 256 px WebP without it', async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Pia', Artist: 'Pia Picture' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    // The declared type is wrong on purpose: the bytes decide.
    const res = await put(photo, 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    const { avatarUrl } = res.json();
    expect(avatarUrl).toMatch(new RegExp(`^/api/v1/researchers/${owner.id}/avatar\\?v=\\d+$`));

    const image = await t.app.inject({ method: 'GET', url: avatarUrl, headers: { cookie: viewer.cookie } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();

    const profile = await t.app.inject({ method: 'GET', url: `/api/v1/researchers/${owner.id}`, headers: { cookie: viewer.cookie } });
    expect(profile.json().profile.avatarUrl).toBe(avatarUrl);
  });

  it('refuses a picture over 24 megapixels from its header, before decoding it (issue 27)', async () => {
    // 8000 × 5000 of one colour: a small file that would decode to 40 megapixels.
    const huge = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#123456' } }).png().toBuffer();
    expect(huge.length).toBeLessThan(2 * 1024 * 1024);
    const res = await put(huge, 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: 'avatar', message: expect.stringContaining('8000 × 5000 pixels (40 megapixels); at most 24') }],
    });
    // Just under the limit is accepted.
    const large = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#123456' } }).jpeg().toBuffer();
    expect((await put(large, 'image/jpeg')).statusCode).toBe(200);
  });

  it('refuses what is not a PNG, JPEG or WebP, whatever the header says', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    const asGif = await put(gif, 'image/png');
    expect(asGif.statusCode).toBe(400);
    expect(asGif.json().code).toBe('validation_failed');
    const text = await put(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png');
    expect(text.statusCode).toBe(400);
  });

  it('refuses a picture over 2 MB with 413', async () => {
    const res = await put(Buffer.alloc(2 * 1024 * 1024 + 1, 1), 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });

  it('removes the picture; signed out gets 401', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/profile/avatar', headers: { cookie: owner.cookie } })).statusCode).toBe(204);
    const gone = await t.app.inject({ method: 'GET', url: `/api/v1/researchers/${owner.id}/avatar`, headers: { cookie: viewer.cookie } });
    expect(gone.statusCode).toBe(404);
    const signedOut = await t.app.inject({ method: 'PUT', url: '/api/v1/profile/avatar', payload: Buffer.from('x'), headers: { 'content-type': 'image/png' } });
    expect(signedOut.statusCode).toBe(401);
  });
});
