// The demo's people beyond their accounts: publications, education and
// projects on every demo researcher's profile, one deactivated person, and a
// few pending invitations at Example State University, so Manage Researchers
// and the profile pages show something on the first start. Runs once (also
// on a database seeded before this existed), through the same services.
import type { Config } from '../config';
import { withTransaction, type Db } from '../db/client';
import { getMeta, setMeta } from '../db/meta';
import { findUserIdsByEmail, getAccount, setAccountStatus } from '../modules/auth/auth.service';
import { createInvitation } from '../modules/people/people.service';
import { addEducation, addProject, addPublication, getOwnProfile } from '../modules/researchers/profile.service';
import { readDemoData } from './seed';

export async function loadDemoPeopleExtras(db: Db, config: Config): Promise<boolean> {
  if (!(await getMeta(db, 'demo_seeded_at')) || (await getMeta(db, 'demo_people_extras_at'))) return false;
  const demo = readDemoData(config);
  const ids = await findUserIdsByEmail(db, demo.people.map((p) => p.email));
  await withTransaction(db, async (tx) => {
    for (const person of demo.people) {
      const id = ids.get(person.email.toLowerCase());
      const account = id ? await getAccount(tx, id) : null;
      if (!account) continue;
      const actor = { id: account.id, role: account.role, institution: { id: account.institution.id } };
      const profile = await getOwnProfile(tx, actor);
      if (profile.publications.length === 0) {
        for (const p of person.publications ?? []) await addPublication(tx, actor, p);
      }
      if (profile.education.length === 0) {
        for (const e of person.education ?? []) await addEducation(tx, actor, e);
      }
      if (profile.projects.length === 0) {
        for (const p of person.projects ?? []) await addProject(tx, actor, p);
      }
      if (person.status === 'deactivated') await setAccountStatus(tx, account.id, 'deactivated');
    }
    const adminId = ids.get('admin@example.edu');
    const admin = adminId ? await getAccount(tx, adminId) : null;
    if (admin) {
      const actor = { id: admin.id, role: admin.role, institution: { id: admin.institution.id } };
      for (const invitation of demo.invitations ?? []) {
        await createInvitation(tx, config, actor, { ...invitation, role: 'researcher' });
      }
    }
    await setMeta(tx, 'demo_people_extras_at', new Date().toISOString());
  });
  return true;
}
