// The documents module's rule as a table: the team changes the documents, the
// office (the PI's institution's admin) reads them. Another institution's
// admin has no role at all: the applications module answers not found first.
import { describe, expect, it } from 'vitest';
import { canWorkOnDocuments } from './documents.policy';

describe('who changes an application’s documents', () => {
  it.each([
    ['pi', true],
    ['member', true],
    ['admin', false],
  ] as const)('%s → %s', (role, allowed) => {
    expect(canWorkOnDocuments(role)).toBe(allowed);
  });
});
