// An application moved through its stages by its PI and the research office,
// through the API on a real database, with who may see and do what.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeGrant, makeUser, sessionCookie } from '../../../test/factories';

let t: TestApp;
const cookies: Record<string, string> = {};
let applicationId: string;
let grantId: string;

type Person = Awaited<ReturnType<typeof makeUser>>;
let pi: Person;
let member: Person;
let pending: Person;
let removed: Person;

beforeAll(async () => {
  t = await createTestApp();
  pi = await makeUser(t.db, { name: 'Pat Investigator' });
  const domain = pi.email.split('@')[1]!;
  const colleague = await makeUser(t.db, { domain });
  const admin = await makeUser(t.db, { domain, role: 'admin' });
  member = await makeUser(t.db, { name: 'Mo Member' });
  const memberDomain = member.email.split('@')[1]!;
  const otherAdmin = await makeUser(t.db, { domain: memberDomain, role: 'admin' });
  pending = await makeUser(t.db);
  removed = await makeUser(t.db);
  const people = { pi, colleague, admin, member, otherAdmin, pending, removed };
  for (const [name, person] of Object.entries(people)) cookies[name] = await sessionCookie(t.db, person.user.id);
  // Friday 15 March 2030: five business days before is Friday 8 March.
  grantId = (await makeGrant(t.db, { title: 'Soil carbon networks', closeDate: '2030-03-15' })).id;
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/v1/applications',
    headers: { cookie: cookies.pi },
    payload: { grantId },
  });
  expect(started.statusCode).toBe(201);
  applicationId = started.json().application.id;
  // The team (its routes come with the team work): an active member, an invited one, one removed.
  await t.db.execute(sql`INSERT INTO application_members (application_id, user_id, role, status) VALUES
    (${applicationId}, ${member.user.id}, 'co_investigator', 'active'),
    (${applicationId}, ${pending.user.id}, 'contributor', 'pending'),
    (${applicationId}, ${removed.user.id}, 'contributor', 'active')`);
  await t.db.execute(
    sql`DELETE FROM application_members WHERE application_id = ${applicationId} AND user_id = ${removed.user.id}`,
  );
});
afterAll(() => t.close());

const get = (url: string, who?: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: cookies[who]! } : {} });
const patch = (payload: object, who: string, id = applicationId) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/applications/${id}`, headers: { cookie: cookies[who]! }, payload });

describe('who sees an application', () => {
  it.each([
    ['signed out', undefined, 401],
    ['the PI', 'pi', 200],
    ['a colleague of the PI', 'colleague', 404],
    ["the PI's institution's admin", 'admin', 200],
    ["the member's institution's admin", 'otherAdmin', 404],
    ['an active member at another institution', 'member', 200],
    ['an invited member who has not accepted', 'pending', 404],
    ['a removed member', 'removed', 404],
  ])('%s: %i', async (_, who, status) => {
    expect((await get(`/api/v1/applications/${applicationId}`, who)).statusCode).toBe(status);
    expect((await get(`/api/v1/applications/${applicationId}/events`, who)).statusCode).toBe(status);
  });

  it('answers 404 for an unknown or malformed id, and to a change by someone who may not see it', async () => {
    expect((await get('/api/v1/applications/00000000-0000-4000-8000-000000000000', 'pi')).statusCode).toBe(404);
    expect((await get('/api/v1/applications/not-an-id', 'pi')).statusCode).toBe(404);
    const probe = await patch({ status: 'withdrawn' }, 'colleague');
    expect(probe.statusCode).toBe(404);
    expect(probe.json().code).toBe('not_found');
  });

  it('lists it for the PI and the active member, not for the invited one', async () => {
    const ids = async (who: string) =>
      (await get('/api/v1/applications', who)).json().applications.map((a: { id: string; role: string }) => [a.id, a.role]);
    expect(await ids('pi')).toEqual([[applicationId, 'pi']]);
    expect(await ids('member')).toEqual([[applicationId, 'co_investigator']]);
    expect(await ids('pending')).toEqual([]);
  });
});

describe('an application moved through its stages', () => {
  it('starts in drafting with both deadlines, the team, and a first history entry', async () => {
    const { application } = (await get(`/api/v1/applications/${applicationId}`, 'pi')).json();
    expect(application).toMatchObject({
      status: 'drafting',
      grant: { id: grantId, title: 'Soil carbon networks' },
      sponsorDeadline: '2030-03-15',
      internalDeadline: '2030-03-08',
      internalDeadlineSet: false,
      viewer: { role: 'pi', nextSteps: ['internal_review', 'withdrawn'] },
    });
    expect(application.members.map((m: { name: string; role: string; status: string }) => [m.name, m.role, m.status])).toEqual([
      ['Pat Investigator', 'pi', 'active'],
      ['Mo Member', 'co_investigator', 'active'],
      ['Test Person', 'contributor', 'pending'],
    ]);
    const { events } = (await get(`/api/v1/applications/${applicationId}/events`, 'pi')).json();
    expect(events).toMatchObject([{ from: null, to: 'drafting', actor: { name: 'Pat Investigator' } }]);
  });

  it('refuses a step that does not exist (409, naming the next steps) and one that is someone else’s (403)', async () => {
    const skip = await patch({ status: 'submitted' }, 'pi');
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toMatchObject({
      code: 'invalid_transition',
      meta: { from: 'drafting', to: 'submitted', allowed: ['internal_review', 'withdrawn'] },
    });
    expect(skip.json().detail).toMatch(/INTERNAL REVIEW, WITHDRAWN/);
    const office = await patch({ status: 'internal_review' }, 'admin');
    expect(office.statusCode).toBe(403);
    expect(office.json().code).toBe('forbidden');
    const teammate = await patch({ status: 'internal_review' }, 'member');
    expect(teammate.statusCode).toBe(403);
    expect((await patch({ amountRequested: 10 }, 'member')).statusCode).toBe(403);
    expect((await patch({ internalDeadline: '2030-03-01' }, 'pi')).statusCode).toBe(403);
    // Nothing changed.
    const { application } = (await get(`/api/v1/applications/${applicationId}`, 'pi')).json();
    expect(application).toMatchObject({ status: 'drafting', amountRequested: null, internalDeadlineSet: false });
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    for (const body of [{}, { status: 'approved' }, { amountRequested: -5 }, { internalDeadline: '2030-02-30' }, { extra: 1 }]) {
      const answer = await patch(body, 'admin');
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().code).toBe('validation_failed');
    }
  });

  it('goes to the office, comes back with a reason, and is approved and submitted', async () => {
    const sent = await patch({ status: 'internal_review', amountRequested: 450_000 }, 'pi');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().application).toMatchObject({ status: 'internal_review', amountRequested: 450_000, viewer: { nextSteps: [] } });
    expect((await patch({ status: 'submitted' }, 'pi')).statusCode).toBe(403);

    const queue = (await get('/api/v1/admin/applications?status=internal_review', 'admin')).json().applications;
    expect(queue.map((a: { id: string }) => a.id)).toEqual([applicationId]);
    expect(queue[0]).toMatchObject({ pi: { name: 'Pat Investigator' }, internalDeadline: '2030-03-08', role: 'admin' });
    expect((await get('/api/v1/admin/applications?status=internal_review', 'otherAdmin')).json().applications).toEqual([]);
    expect((await get('/api/v1/admin/applications', 'pi')).statusCode).toBe(403);

    const noReason = await patch({ status: 'drafting' }, 'admin');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([{ path: 'reason', message: 'Give a reason for returning it' }]);
    const returned = await patch({ status: 'drafting', reason: 'The budget justification is missing.' }, 'admin');
    expect(returned.json().application.status).toBe('drafting');
    await patch({ status: 'internal_review' }, 'pi');
    const submitted = await patch({ status: 'submitted' }, 'admin');
    expect(submitted.json().application).toMatchObject({
      status: 'submitted',
      viewer: { role: 'admin', nextSteps: ['under_review', 'awarded', 'rejected', 'withdrawn'] },
    });
  });

  it('is awarded only with an amount, and then moves no further', async () => {
    expect((await patch({ status: 'under_review' }, 'pi')).statusCode).toBe(200);
    const noAmount = await patch({ status: 'awarded' }, 'pi');
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json().errors[0].path).toBe('amountAwarded');
    const awarded = await patch({ status: 'awarded', amountAwarded: 400_000 }, 'admin');
    expect(awarded.json().application).toMatchObject({ status: 'awarded', amountAwarded: 400_000, viewer: { nextSteps: [] } });
    const after = await patch({ status: 'withdrawn' }, 'pi');
    expect(after.statusCode).toBe(409);
    expect(after.json().detail).toMatch(/finished/);
  });

  it('keeps every change in the history: who, from, to, and why', async () => {
    const { events } = (await get(`/api/v1/applications/${applicationId}/events`, 'member')).json();
    expect(events.map((e: { from: string | null; to: string; actor: { name: string } }) => [e.from, e.to])).toEqual([
      [null, 'drafting'],
      ['drafting', 'internal_review'],
      ['internal_review', 'drafting'],
      ['drafting', 'internal_review'],
      ['internal_review', 'submitted'],
      ['submitted', 'under_review'],
      ['under_review', 'awarded'],
    ]);
    expect(events[2]).toMatchObject({ reason: 'The budget justification is missing.', actor: { id: expect.any(String) } });
  });
});

describe('internal deadlines and the routing lead time', () => {
  it('follows the institution’s lead time, and the office’s own date for one application', async () => {
    expect((await get('/api/v1/admin/institution', 'admin')).json().institution.internalDeadlineBusinessDays).toBe(5);
    for (const bad of [61, -1, 2.5, '3']) {
      const answer = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/admin/institution',
        headers: { cookie: cookies.admin! },
        payload: { internalDeadlineBusinessDays: bad },
      });
      expect(answer.statusCode).toBe(400);
    }
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/institution',
      headers: { cookie: cookies.admin! },
      payload: { internalDeadlineBusinessDays: 3 },
    });
    expect(set.json().institution.internalDeadlineBusinessDays).toBe(3);
    // Three business days before Friday 15 March 2030: Tuesday the 12th.
    expect((await get(`/api/v1/applications/${applicationId}`, 'pi')).json().application.internalDeadline).toBe('2030-03-12');
    const researcher = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/institution',
      headers: { cookie: cookies.pi! },
      payload: { internalDeadlineBusinessDays: 1 },
    });
    expect(researcher.statusCode).toBe(403);

    const own = await patch({ internalDeadline: '2030-03-04' }, 'admin');
    expect(own.json().application).toMatchObject({ internalDeadline: '2030-03-04', internalDeadlineSet: true });
    const back = await patch({ internalDeadline: null }, 'admin');
    expect(back.json().application).toMatchObject({ internalDeadline: '2030-03-12', internalDeadlineSet: false });
  });
});

describe('deadlines kept in step with the catalogue', () => {
  it('follow the grant when a new extract moves its close date', async () => {
    // As the importer would store a later extract's date: Friday 22 March 2030.
    await t.db.execute(sql`UPDATE grants SET close_date = '2030-03-22' WHERE id = ${grantId}`);
    const { application } = (await get(`/api/v1/applications/${applicationId}`, 'pi')).json();
    // Three business days before (the lead time set above): Tuesday the 19th.
    expect(application).toMatchObject({ sponsorDeadline: '2030-03-22', internalDeadline: '2030-03-19' });
  });
});

describe('the office and two people at once', () => {
  it('admins do not start applications of their own', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      headers: { cookie: cookies.admin! },
      payload: { grantId },
    });
    expect(answer.statusCode).toBe(403);
  });

  it('of two admins deciding at once, one wins and the other is told', async () => {
    const second = await makeGrant(t.db, { title: 'Another call', closeDate: '2030-06-14' });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      headers: { cookie: cookies.pi! },
      payload: { grantId: second.id },
    });
    const id = started.json().application.id;
    await patch({ status: 'internal_review' }, 'pi', id);
    const answers = await Promise.all([
      patch({ status: 'submitted' }, 'admin', id),
      patch({ status: 'drafting', reason: 'Not ready' }, 'admin', id),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const { events } = (await get(`/api/v1/applications/${id}/events`, 'pi')).json();
    expect(events).toHaveLength(3);
  });
});

describe('the office’s list, a page at a time', () => {
  type Item = { id: string; sponsorDeadline: string | null; status: string };
  const list = async (query: string, who = 'admin') => {
    const answer = await get(`/api/v1/admin/applications?${query}`, who);
    expect(answer.statusCode, query).toBe(200);
    return answer.json() as { applications: Item[]; total: number; page: number; pageSize: number };
  };

  beforeAll(async () => {
    // Five more of this institution's applications, by a colleague, each with its own deadline.
    for (const [index, closeDate] of ['2031-05-01', '2031-01-01', '2031-03-01', '2031-02-01', '2031-04-01'].entries()) {
      const grant = await makeGrant(t.db, { title: `Paged call ${index}`, closeDate });
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/v1/applications',
        headers: { cookie: cookies.pi! },
        payload: { grantId: grant.id },
      });
      expect(started.statusCode).toBe(201);
    }
  });

  it('pages through every application once, soonest sponsor deadline first, with the total', async () => {
    const whole = await list('pageSize=100');
    expect(whole.total).toBeGreaterThanOrEqual(6);
    expect(whole.applications).toHaveLength(whole.total);
    const deadlines = whole.applications.map((a) => a.sponsorDeadline ?? '9999');
    expect(deadlines).toEqual([...deadlines].sort());

    const seen: string[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await list(`pageSize=2&page=${page}`);
      expect(answer).toMatchObject({ total: whole.total, page, pageSize: 2 });
      if (answer.applications.length === 0) break;
      expect(answer.applications.length).toBeLessThanOrEqual(2);
      seen.push(...answer.applications.map((a) => a.id));
    }
    expect(seen).toEqual(whole.applications.map((a) => a.id));
    // The default page is 50.
    expect(await list('')).toMatchObject({ total: whole.total, page: 1, pageSize: 50 });
  });

  it('counts only what the filter keeps, and nothing of another institution', async () => {
    const drafting = await list('status=drafting&pageSize=1');
    expect(drafting.applications).toHaveLength(1);
    expect(drafting.applications[0]!.status).toBe('drafting');
    const all = await list('pageSize=100');
    expect(drafting.total).toBe(all.applications.filter((a) => a.status === 'drafting').length);
    expect(await list('pageSize=100', 'otherAdmin')).toMatchObject({ applications: [], total: 0 });
  });

  it('refuses a bad page or page size, naming the field', async () => {
    for (const [query, path] of [
      ['pageSize=0', 'pageSize'],
      ['pageSize=101', 'pageSize'],
      ['pageSize=many', 'pageSize'],
      ['page=0', 'page'],
      ['page=1.5', 'page'],
    ] as const) {
      const answer = await get(`/api/v1/admin/applications?${query}`, 'admin');
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().code).toBe('validation_failed');
      expect(answer.json().errors.map((e: { path: string }) => e.path)).toEqual([path]);
    }
  });
});
