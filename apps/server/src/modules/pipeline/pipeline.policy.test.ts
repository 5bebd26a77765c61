import { describe, expect, it } from 'vitest';
import type { GrantStatus } from '@grantbridge/contract/grants';
import { acceptsApplications } from './pipeline.policy';

describe('acceptsApplications', () => {
  it.each([
    ['posted', true],
    ['forecasted', true],
    ['closed', false],
    ['archived', false],
  ] as [GrantStatus, boolean][])('a %s grant → %s', (status, accepted) => {
    expect(acceptsApplications({ status })).toBe(accepted);
  });
});
