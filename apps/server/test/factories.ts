// Test factories: each creates whatever it depends on.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client';
import { sessions } from '../src/db/schema/auth';
import { hashToken, newToken } from '../src/lib/tokens';
import { createAccount } from '../src/modules/auth/auth.service';
import { createInstitution } from '../src/modules/institutions/institutions.service';

export async function makeInstitution(db: Db, overrides: { onboarded?: boolean; domain?: string; name?: string } = {}) {
  const tag = crypto.randomBytes(4).toString('hex');
  const domain = overrides.domain ?? `u${tag}.example.edu`;
  const institution = await createInstitution(db, {
    name: overrides.name ?? `Test University ${tag}`,
    domains: [domain],
    onboarded: overrides.onboarded ?? true,
    isDemo: true,
  });
  return { institution: institution!, domain };
}

export const testPassword = 'correct horse battery';

export async function makeUser(
  db: Db,
  overrides: { role?: 'researcher' | 'admin'; domain?: string; password?: string; name?: string } = {},
) {
  const domain = overrides.domain ?? (await makeInstitution(db)).domain;
  const { findInstitutionForEmail } = await import('../src/modules/institutions/institutions.service');
  const email = `user${crypto.randomBytes(4).toString('hex')}@${domain}`;
  const institution = await findInstitutionForEmail(db, email);
  const user = await createAccount(
    db,
    {
      email,
      name: overrides.name ?? 'Test Person',
      role: overrides.role ?? 'researcher',
      password: overrides.password ?? testPassword,
    },
    institution!.id,
  );
  return { user, email, password: overrides.password ?? testPassword, institution: institution! };
}

/**
 * A session made directly, as a cookie header: for tests that need more
 * signed-in people than the sign-in route's rate limit and password hashing allow.
 */
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

export type TestPerson = { id: string; cookie: string; name: string };

/** A user with a session (see sessionCookie), at a new institution or at the one owning `domain`. */
export async function makePerson(
  db: Db,
  name = 'Test Person',
  role: 'researcher' | 'admin' = 'researcher',
  domain?: string,
): Promise<TestPerson & { domain: string }> {
  const { user, email } = await makeUser(db, { name, role, domain });
  return { id: user.id, cookie: await sessionCookie(db, user.id), name, domain: email.split('@')[1]! };
}

/** Signs in through the real route and returns the session cookie header. */
export async function signIn(
  app: FastifyInstance,
  credentials: { email: string; password: string; role: 'researcher' | 'admin'; remember?: boolean },
) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: credentials });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'gb_session');
  return { cookie: `gb_session=${cookie!.value}`, response };
}

export async function makeGrant(
  db: Db,
  overrides: Partial<typeof import('../src/db/schema/grants').grants.$inferInsert> = {},
) {
  const { grants } = await import('../src/db/schema/grants');
  const { grantEmbedding } = await import('../src/modules/grants/grant-embedding');
  const { agencyKeysFor } = await import('../src/modules/grants/agency-keys');
  const tag = crypto.randomBytes(4).toString('hex');
  const values = {
    sourceKey: `test-${tag}`,
    sourceId: `test-${tag}`,
    opportunityNumber: `TEST-${tag.toUpperCase()}`,
    title: `Test grant ${tag}`,
    agency: 'National Science Foundation',
    agencyCode: 'NSF',
    recordKind: 'synopsis' as const,
    status: 'posted' as const,
    closeDate: '2099-01-01',
    ...overrides,
  };
  // As the importer does: the grant's word-embedding vector from its text.
  const embedding = grantEmbedding({
    title: values.title,
    researchAreas: values.researchAreas ?? [],
    description: values.description ?? null,
    programTitle: values.programTitle ?? null,
  });
  // And its agencies, parents included.
  const agencyKeys = agencyKeysFor({
    agency: values.agency ?? null,
    agencyCode: values.agencyCode ?? null,
    opportunityNumber: values.opportunityNumber,
    cfdaNumbers: values.cfdaNumbers ?? [],
    listingAgencies: [],
  });
  const [grant] = await db
    .insert(grants)
    .values({ embedding, agencyKeys, ...values })
    .returning();
  return grant!;
}

export async function setResearchAreas(db: Db, userId: string, areas: string[]) {
  const { researcherProfiles } = await import('../src/db/schema/researchers');
  await db
    .insert(researcherProfiles)
    .values({ userId, researchAreas: areas })
    .onConflictDoUpdate({ target: researcherProfiles.userId, set: { researchAreas: areas } });
}
