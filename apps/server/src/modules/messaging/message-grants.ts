// Messages as the API answers them: a message that shares a grant carries the
// grant's card (title, agency, close date), read from the grants module.
import type { Message, MessageGrant } from '@grantbridge/contract/messaging';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { getGrantSummaries } from '../grants/grants.service';
import type { MessageRow } from './messages.repository';

async function grantCards(db: Db, ids: string[]): Promise<Map<string, MessageGrant>> {
  if (ids.length === 0) return new Map();
  const grants = await getGrantSummaries(db, [...new Set(ids)]);
  return new Map(
    grants.map((g) => [g.id, { id: g.id, title: g.title, agency: g.agency ?? g.agencyCode, closeDate: g.closeDate }]),
  );
}

function toMessage({ grantId, ...row }: MessageRow, cards: Map<string, MessageGrant>): Message {
  return {
    ...row,
    grant: grantId ? (cards.get(grantId) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The rows as messages, with one read of the grants they share. */
export async function toMessages(db: Db, rows: MessageRow[]): Promise<Message[]> {
  const cards = await grantCards(
    db,
    rows.flatMap((r) => (r.grantId ? [r.grantId] : [])),
  );
  return rows.map((row) => toMessage(row, cards));
}

export async function toOneMessage(db: Db, row: MessageRow): Promise<Message> {
  return (await toMessages(db, [row]))[0]!;
}

/** The card of a grant about to be shared; an id no grant has is a 400 naming the field. */
export async function requireGrantCard(db: Db, grantId: string): Promise<MessageGrant> {
  const card = (await grantCards(db, [grantId.toLowerCase()])).get(grantId.toLowerCase());
  if (!card) {
    throw new AppError('validation_failed', 'The grant shared does not exist.', {
      errors: [{ path: 'grantId', message: 'Unknown grant' }],
    });
  }
  return card;
}
