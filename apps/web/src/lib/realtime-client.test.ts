import { describe, expect, it } from 'vitest';
import * as contract from '@grantbridge/contract/realtime-events';
import { closeCodes, realtimePath } from './realtime-client';

// The client repeats these instead of importing them, so that the contract's
// event schemas (and zod) stay out of every signed-in page (decision 051).
describe('the realtime client and the contract', () => {
  it('use the same address', () => {
    expect(realtimePath).toBe(contract.realtimePath);
  });

  it('use the same close codes', () => {
    for (const [name, code] of Object.entries(closeCodes)) {
      expect(contract.closeCodes[name as keyof typeof closeCodes]).toBe(code);
    }
  });
});
