// Who may do what in a conversation. Non-members are told the conversation
// does not exist (404), so its id reveals nothing.
import type { ConversationType } from '@grantbridge/contract/messaging';
import { AppError } from '../../errors';

export type Membership = { conversation: { id: string; type: ConversationType } } | null;

/** Returns the membership when the user is a live member; otherwise throws not_found. */
export function assertMember<M extends Membership>(membership: M): NonNullable<M> {
  if (!membership) throw new AppError('not_found', 'Conversation not found.');
  return membership as NonNullable<M>;
}

export function canAddMembers(type: ConversationType): boolean {
  return type !== 'direct';
}

export function canLeave(type: ConversationType): boolean {
  return type !== 'direct';
}

/** The size and naming rules for a new conversation; the caller counts as one person. */
export function checkNewConversation(input: {
  type: ConversationType;
  otherIds: string[];
  name?: string;
}) {
  if (input.type === 'direct') {
    if (input.otherIds.length !== 1) {
      throw new AppError(
        'validation_failed',
        'A direct message is between you and exactly one other person.',
        {
          errors: [{ path: 'memberIds', message: 'Choose exactly one person' }],
        },
      );
    }
    return;
  }
  const errors = [];
  if (!input.name) errors.push({ path: 'name', message: `Name the ${input.type}` });
  if (input.otherIds.length < 2)
    errors.push({ path: 'memberIds', message: 'Choose at least two other people' });
  if (errors.length) {
    throw new AppError(
      'validation_failed',
      `A ${input.type} needs a name and at least three people.`,
      { errors },
    );
  }
}

/** The key that makes a direct conversation between two people unique. */
export function directKeyOf(a: string, b: string) {
  return [a, b].sort().join(':');
}
