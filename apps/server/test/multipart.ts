// A multipart/form-data body with one file part, as a browser sends it.
import crypto from 'node:crypto';

export function multipartBody(fileName: string, bytes: Buffer, field = 'file', type = 'application/octet-stream') {
  const boundary = `----gb${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}
