import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import {
  assertMember,
  canAddMembers,
  canLeave,
  checkNewConversation,
  directKeyOf,
} from './messaging.policy';

describe('messaging policy', () => {
  it.each([
    ['direct', false],
    ['group', true],
    ['team', true],
  ] as const)('a %s conversation: add people / leave = %s', (type, allowed) => {
    expect(canAddMembers(type)).toBe(allowed);
    expect(canLeave(type)).toBe(allowed);
  });

  it('treats a non-member as if the conversation did not exist', () => {
    expect(() => assertMember(null)).toThrowError(expect.objectContaining({ code: 'not_found' }));
    const member = { conversation: { id: 'c', type: 'group' as const } };
    expect(assertMember(member)).toBe(member);
  });

  it.each([
    [{ type: 'direct', otherIds: ['b'] }, null],
    [{ type: 'direct', otherIds: [] }, 'memberIds'],
    [{ type: 'direct', otherIds: ['b', 'c'] }, 'memberIds'],
    [{ type: 'group', otherIds: ['b', 'c'], name: 'Lab' }, null],
    [{ type: 'group', otherIds: ['b', 'c'] }, 'name'],
    [{ type: 'team', otherIds: ['b'], name: 'Team' }, 'memberIds'],
  ] as const)('new conversation %j -> error on %s', (input, errorPath) => {
    const run = () => checkNewConversation({ ...input, otherIds: [...input.otherIds] });
    if (!errorPath) return expect(run).not.toThrow();
    try {
      run();
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).errors?.map((e) => e.path)).toContain(errorPath);
    }
  });

  it('keys a direct conversation by the sorted pair', () => {
    expect(directKeyOf('b', 'a')).toBe(directKeyOf('a', 'b'));
  });
});
