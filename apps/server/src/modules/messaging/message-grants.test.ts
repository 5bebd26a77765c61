// Sharing a grant into a conversation: the message carries the grant's card
// in its answer, in the history, in the chat list and in the realtime event.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerEvent } from '@grantbridge/contract/realtime-events';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makeInstitution, makePerson, type TestPerson } from '../../../test/factories';

let t: TestApp;
let base: string;
let domain: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  domain = (await makeInstitution(t.db)).domain;
});
afterAll(() => t.close());

const colleague = (name: string) => makePerson(t.db, name, 'researcher', domain);

function call(who: TestPerson | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
}

/** A group of the owner, the others and one more of the owner's institution (a group has three or more). */
async function groupOf(owner: TestPerson & { domain: string }, others: TestPerson[]) {
  const third = await makePerson(t.db, 'Cy', 'researcher', owner.domain);
  const res = await call(owner, 'POST', '/api/v1/conversations', {
    type: 'group',
    name: 'Grant scouting',
    memberIds: [...others, third].map((o) => o.id),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().conversation.id as string;
}

const share = (who: TestPerson | null, conversationId: string, body: object) =>
  call(who, 'POST', `/api/v1/conversations/${conversationId}/messages`, {
    content: 'Worth a look?',
    clientId: crypto.randomUUID(),
    ...body,
  });

/** Collects one person's realtime events until `until` finds one. */
function listen(who: TestPerson): Promise<{
  waitFor: (match: (e: ServerEvent) => boolean) => Promise<ServerEvent>;
  close: () => void;
}> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/v1/realtime`, {
      headers: { cookie: who.cookie },
    });
    const events: ServerEvent[] = [];
    ws.on('message', (data) => events.push(JSON.parse(data.toString()) as ServerEvent));
    ws.once('error', reject);
    ws.once('open', () =>
      resolve({
        close: () => ws.close(),
        waitFor: async (match) => {
          const deadline = Date.now() + 5000;
          while (Date.now() < deadline) {
            const found = events.find(match);
            if (found) return found;
            await new Promise((r) => setTimeout(r, 10));
          }
          throw new Error(`no matching event; got ${JSON.stringify(events)}`);
        },
      }),
    );
  });
}

describe('sharing a grant in a message', () => {
  it('stores the grant with the message and answers with its card everywhere the message shows', async () => {
    const ada = await colleague('Ada');
    const bea = await colleague('Bea');
    const grant = await makeGrant(t.db, {
      title: 'Coastal resilience networks',
      agency: 'National Science Foundation',
      closeDate: '2099-03-15',
    });
    const id = await groupOf(ada, [bea]);
    const beaSocket = await listen(bea);

    const clientId = crypto.randomUUID();
    const sent = await share(ada, id, { grantId: grant.id, clientId });
    expect(sent.statusCode).toBe(201);
    const card = {
      id: grant.id,
      title: 'Coastal resilience networks',
      agency: 'National Science Foundation',
      closeDate: '2099-03-15',
    };
    const message = sent.json().message;
    expect(message).toMatchObject({ content: 'Worth a look?', grant: card });

    // The other member's socket gets the card with the message.
    const event = await beaSocket.waitFor((e) => e.type === 'message.created' && e.data.id === message.id);
    expect(event.type === 'message.created' && event.data.grant).toEqual(card);
    beaSocket.close();

    // A retry answers with the stored message, card included.
    const retry = await share(ada, id, { grantId: grant.id, clientId });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().message).toMatchObject({ id: message.id, grant: card });

    const history = await call(bea, 'GET', `/api/v1/conversations/${id}/messages`);
    expect(history.json().messages[0]).toMatchObject({ id: message.id, grant: card });
    const list = await call(bea, 'GET', '/api/v1/conversations');
    const chat = list.json().conversations.find((c: { id: string }) => c.id === id);
    expect(chat.lastMessage).toMatchObject({ id: message.id, grant: card });

    // A plain message has no card.
    const plain = await share(bea, id, {});
    expect(plain.json().message.grant).toBeNull();
  });

  it('takes a grant id in capitals as the same grant', async () => {
    const ada = await colleague('Ada');
    const grant = await makeGrant(t.db);
    const id = await groupOf(ada, [await colleague('Bea')]);
    const sent = await share(ada, id, { grantId: grant.id.toUpperCase() });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message.grant.id).toBe(grant.id);
  });

  it('needs a signed-in member: signed out is 401, another institution’s conversation is 404', async () => {
    const grant = await makeGrant(t.db);
    const elsewhere = (await makeInstitution(t.db)).domain;
    const owner = await makePerson(t.db, 'Owner', 'researcher', elsewhere);
    const id = await groupOf(owner, [await makePerson(t.db, 'Peer', 'researcher', elsewhere)]);

    expect((await share(null, id, { grantId: grant.id })).statusCode).toBe(401);
    const outsider = await share(await colleague('Outsider'), id, { grantId: grant.id });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().code).toBe('not_found');
    // Nothing was stored for the outsider.
    const history = await call(owner, 'GET', `/api/v1/conversations/${id}/messages`);
    expect(history.json().messages).toEqual([]);
  });

  it('refuses a grant id that is malformed or no grant’s with validation_failed naming grantId', async () => {
    const ada = await colleague('Ada');
    const id = await groupOf(ada, [await colleague('Bea')]);
    for (const grantId of ['not-a-grant', crypto.randomUUID(), 42]) {
      const res = await share(ada, id, { grantId });
      expect(res.statusCode, String(grantId)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(JSON.stringify(res.json().errors)).toContain('grantId');
    }
    const history = await call(ada, 'GET', `/api/v1/conversations/${id}/messages`);
    expect(history.json().messages).toEqual([]);
  });
});
