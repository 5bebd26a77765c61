import { describe, expect, it } from 'vitest';
import { actors } from '../../../test/actors';
import { canDeleteComment, canDeletePost, canEditComment, canEditPost, canSeePost } from './feed.policy';

const post = { authorId: actors.researcher.id, institutionId: actors.researcher.institution.id, kind: 'post' as const };
const event = { ...post, kind: 'event' as const };
/** r3 (institution B) works on an application with r1. */
const teammatesOf = (id: string) => new Set(id === actors.otherResearcher.id ? [actors.researcher.id] : id === actors.researcher.id ? [actors.otherResearcher.id] : []);
const removed = { id: 'r9', role: 'researcher' as const, institution: { id: 'inst-a' } };

describe('a post by r1 (institution A)', () => {
  it.each([
    ['the author', actors.researcher, true, true, true],
    ['a colleague', actors.colleague, true, false, false],
    ["the institution's admin", actors.admin, true, false, true],
    ['a teammate at another institution', actors.otherResearcher, true, false, false],
    ["another institution's admin", actors.otherAdmin, false, false, false],
  ])('%s: sees %s, edits %s, deletes %s', (_label, actor, sees, edits, deletes) => {
    expect(canSeePost(actor, post, teammatesOf(actor.id))).toBe(sees);
    expect(canEditPost(actor, post)).toBe(edits);
    expect(canDeletePost(actor, post)).toBe(deletes);
  });

  it('a removed member would still match by institution: their sessions end, so the routes answer 401 (feed.test.ts)', () => {
    expect(canSeePost(removed, post, new Set())).toBe(true);
  });

  it('nobody edits an event the product wrote; its author and the admin may remove it', () => {
    expect(canEditPost(actors.researcher, event)).toBe(false);
    expect(canDeletePost(actors.researcher, event)).toBe(true);
    expect(canDeletePost(actors.admin, event)).toBe(true);
  });
});

describe("a comment by r3 on r1's post", () => {
  const comment = { authorId: actors.otherResearcher.id };
  it.each([
    ['its author', actors.otherResearcher, true, true],
    ["the post's author", actors.researcher, false, false],
    ["the post's institution's admin", actors.admin, false, true],
    ["the commenter's institution's admin", actors.otherAdmin, false, false],
    ['a colleague', actors.colleague, false, false],
  ])('%s: edits %s, deletes %s', (_label, actor, edits, deletes) => {
    expect(canEditComment(actor, comment)).toBe(edits);
    expect(canDeleteComment(actor, comment, post)).toBe(deletes);
  });
});
