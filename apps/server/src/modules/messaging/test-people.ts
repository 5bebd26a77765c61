// Test helpers for the messaging tests: people with sessions made directly,
// because these tests create more people than the sign-in rate limit allows.
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/users';
import { hashToken, newToken } from '../../lib/tokens';
import { makeUser } from '../../../test/factories';

export type TestPerson = { id: string; cookie: string; name: string };

export async function sessionCookie(db: Db, userId: string) {
  const token = newToken();
  const day = 24 * 3600 * 1000;
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + day),
    idleExpiresAt: new Date(Date.now() + day),
  });
  return `gb_session=${token}`;
}

export async function makePerson(
  db: Db,
  name = 'Test Person',
  role: 'researcher' | 'admin' = 'researcher',
): Promise<TestPerson> {
  const { user } = await makeUser(db, { name, role });
  return { id: user.id, cookie: await sessionCookie(db, user.id), name };
}
