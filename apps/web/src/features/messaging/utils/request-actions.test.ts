// The sender of a message request is offered nothing against the person they
// wrote to; the recipient answers, blocks or reports (issue 30).
import { describe, expect, it } from 'vitest';
import { requestActions } from './request-actions';

const none = { answer: false, blockAndReport: false };

describe('requestActions', () => {
  it('offers the sender nothing, while the request waits or after it was declined', () => {
    expect(requestActions({ state: 'pending', fromMe: true })).toEqual(none);
    expect(requestActions({ state: 'declined', fromMe: true })).toEqual(none);
  });

  it('offers the recipient Accept, Decline, Block and Report while the request waits', () => {
    expect(requestActions({ state: 'pending', fromMe: false })).toEqual({
      answer: true,
      blockAndReport: true,
    });
  });

  it('still lets the recipient block or report a request they declined', () => {
    expect(requestActions({ state: 'declined', fromMe: false })).toEqual({
      answer: false,
      blockAndReport: true,
    });
  });

  it('offers nothing once accepted, or when the conversation never was a request', () => {
    expect(requestActions({ state: 'accepted', fromMe: false })).toEqual(none);
    expect(requestActions(null)).toEqual(none);
  });
});
