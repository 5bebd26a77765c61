// The last place under concurrency (decision 061): many selections at once,
// the cap holds, every refusal is 409 limit_reached. On PostgreSQL through two
// app instances on one database; on PGlite (one process, one connection)
// through the one app, the selections still in flight together.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addIsoDays, todayIso } from '@grantbridge/contract/days';
import {
  createTestApp,
  createTestAppPair,
  usingPostgres,
  type TestApp,
} from '../../../test/test-app';
import { makeGrant, makePerson, type TestPerson } from '../../../test/factories';
import { queryRows } from '../../db/client';

describe(
  usingPostgres
    ? 'limited submissions across two instances'
    : 'limited submissions, selections at once',
  () => {
    let pair: { a: TestApp; b: TestApp; close: () => Promise<void> };
    let office: TestPerson & { domain: string };
    const proposers: TestPerson[] = [];
    beforeAll(async () => {
      if (usingPostgres) pair = await createTestAppPair();
      else {
        const one = await createTestApp();
        pair = { a: one, b: one, close: () => one.close() };
      }
      office = await makePerson(pair.a.db, 'Office', 'admin');
      for (let i = 0; i < 6; i++)
        proposers.push(await makePerson(pair.a.db, `Proposer ${i}`, 'researcher', office.domain));
    }, 120_000);
    afterAll(() => pair?.close());

    it('selects no more than the cap when six selections race (through two instances on PostgreSQL)', async () => {
      const grant = await makeGrant(pair.a.db, { title: 'Two places, six hopefuls' });
      const created = await pair.a.app.inject({
        method: 'POST',
        url: '/api/v1/admin/limited-submissions',
        headers: { cookie: office.cookie },
        payload: { grantId: grant.id, cap: 2, internalDeadline: addIsoDays(todayIso(), 10) },
      });
      const callId = created.json().call.id as string;
      const ids: string[] = [];
      for (const p of proposers) {
        const sent = await pair.b.app.inject({
          method: 'POST',
          url: `/api/v1/limited-submissions/${callId}/pre-proposals`,
          headers: { cookie: p.cookie },
          payload: { abstract: `From ${p.name}` },
        });
        ids.push(sent.json().preProposal.id);
      }
      const answers = await Promise.all(
        ids.map((id, i) =>
          (i % 2 ? pair.a : pair.b).app.inject({
            method: 'PATCH',
            url: `/api/v1/admin/limited-submissions/${callId}/pre-proposals/${id}`,
            headers: { cookie: office.cookie },
            payload: { status: 'selected' },
          }),
        ),
      );
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
      const refused = answers.filter((r) => r.statusCode !== 200);
      expect(refused.map((r) => r.statusCode)).toEqual([409, 409, 409, 409]);
      expect(refused.every((r) => r.json().code === 'limit_reached')).toBe(true);
      const [row] = await queryRows<{ n: number }>(
        pair.a.db,
        sql`SELECT count(*)::int AS n FROM limited_pre_proposals WHERE call_id = ${callId} AND status = 'selected'`,
      );
      expect(row!.n).toBe(2);
    });
  },
);
