// What a message request's banner offers, by who is looking. Accepting,
// declining, blocking and reporting are the recipient's: the person who wrote
// first only sees that the request waits, or was declined (issue 30).
import type { Conversation } from '@grantbridge/contract/messaging';

export type RequestActions = {
  /** Accept and Decline. */
  answer: boolean;
  /** Block the other person, and report the conversation. */
  blockAndReport: boolean;
};

export function requestActions(request: Conversation['request']): RequestActions {
  if (!request || request.state === 'accepted' || request.fromMe) {
    return { answer: false, blockAndReport: false };
  }
  return { answer: request.state === 'pending', blockAndReport: true };
}
