import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isUuid } from './ids';
import { uuidSchema } from './uuid-schema';

const valid = [
  '7b1e6f7e-0000-4000-8000-000000000000',
  '7B1E6F7E-ABCD-4000-B000-00000000000F',
  '7b1e6f7e-0000-1000-9000-000000000000',
  '7b1e6f7e-0000-8000-a000-000000000000',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];
const invalid = [
  '',
  'not-an-id',
  '1',
  '7b1e6f7e00004000800000000000000',
  '7b1e6f7e-0000-4000-8000-00000000000',
  '7b1e6f7e-0000-4000-8000-0000000000000',
  '7b1e6f7g-0000-4000-8000-000000000000',
  '7b1e6f7e-0000-0000-8000-000000000000',
  '7b1e6f7e-0000-9000-8000-000000000000',
  '7b1e6f7e-0000-4000-c000-000000000000',
  '------------------------------------',
  ' 7b1e6f7e-0000-4000-8000-000000000000',
  '7b1e6f7e-0000-4000-8000-000000000000\n',
];

describe('the UUID rule', () => {
  it.each(valid)('accepts %s', (id) => expect(isUuid(id)).toBe(true));
  it.each(invalid)('refuses %j', (id) => expect(isUuid(id)).toBe(false));

  it("is zod's uuid rule, in the request schemas too", () => {
    for (const id of [...valid, ...invalid]) {
      const zod = z.string().uuid().safeParse(id).success;
      expect(isUuid(id), id).toBe(zod);
      expect(uuidSchema('Not found').safeParse(id).success, id).toBe(zod);
    }
  });
});
