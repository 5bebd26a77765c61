import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { serializeError } from './log-redaction';

describe('error logs', () => {
  it('carry the SQL but not the parameters, the detail or a stack that repeats them', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      detail: 'Key (email)=(ada@example.edu) already exists.',
      constraint: 'users_email_key',
    });
    const err = new DrizzleQueryError('insert into messages (body) values ($1)', ['my secret message', 'ada@example.edu'], cause);
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    pino({ serializers: { err: serializeError } }, sink).error({ err }, 'unhandled error');
    const logged = lines.join('');
    expect(logged).toContain('insert into messages (body) values ($1)');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('my secret message');
    expect(logged).not.toContain('ada@example.edu');
  });

  it('leaves other values as they are', () => {
    expect(serializeError('text')).toBe('text');
    expect(serializeError(new TypeError('x'))).toMatchObject({ type: 'TypeError', message: 'x' });
  });
});
