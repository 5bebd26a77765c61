// Loads reference data (the US institutions list) whenever it changed, and
// the fictional demo data once, through the same services real data uses.
import fs from 'node:fs';
import path from 'node:path';
import { shippedDataDir, type Config } from '../config';
import { withTransaction, type Db } from '../db/client';
import { getMeta, setMeta } from '../db/meta';
import { createAccount } from '../modules/auth/auth.service';
import { createResearcherProfile } from '../modules/researchers/researchers.service';
import {
  createInstitution,
  findInstitutionForEmail,
  loadInstitutions,
  readShippedInstitutions,
} from '../modules/institutions/institutions.service';

export async function loadReferenceData(db: Db, config: Config) {
  const { fingerprint, entries } = readShippedInstitutions(shippedDataDir(config));
  if ((await getMeta(db, 'institutions_fingerprint')) === fingerprint) return { institutions: 0 };
  const count = await loadInstitutions(db, entries);
  await setMeta(db, 'institutions_fingerprint', fingerprint);
  return { institutions: count };
}

type DemoPerson = {
  email: string;
  name: string;
  role: 'researcher' | 'admin';
  title: string;
  department: string;
  institutionDomain: string;
  researchAreas?: string[];
  expertise?: string[];
  about?: string;
  setupComplete?: boolean;
  status?: 'active' | 'deactivated';
  publications?: { title: string; journal: string; year: number; authors: string }[];
  education?: { degree: string; field: string; institution: string; year: number }[];
  projects?: { title: string; description: string }[];
};
type DemoData = {
  institutions: { name: string; domain: string; state: string; location: string }[];
  people: DemoPerson[];
  invitations?: { email: string; name: string; title: string; department: string; researchAreas: string[] }[];
};

export function readDemoData(config: Config): DemoData {
  return JSON.parse(fs.readFileSync(path.join(shippedDataDir(config), 'demo', 'demo-data.json'), 'utf8'));
}

/** Creates the demo institutions and people once; returns false when already seeded. */
export async function loadDemoData(db: Db, config: Config): Promise<boolean> {
  if (await getMeta(db, 'demo_seeded_at')) return false;
  const demo = readDemoData(config);
  await withTransaction(db, async (t) => {
    const locations = new Map<string, string>();
    for (const inst of demo.institutions) {
      const existing = await findInstitutionForEmail(t, `x@${inst.domain}`);
      if (!existing || !existing.domains.includes(inst.domain)) {
        await createInstitution(t, {
          name: inst.name,
          domains: [inst.domain],
          state: inst.state,
          onboarded: true,
          isDemo: true,
        });
      }
      locations.set(inst.domain, inst.location);
    }
    for (const person of demo.people) {
      const institution = await findInstitutionForEmail(t, person.email);
      if (!institution) throw new Error(`No demo institution for ${person.email}`);
      const account = await createAccount(
        t,
        {
          email: person.email,
          name: person.name,
          role: person.role,
          password: config.demoPassword,
          title: person.title,
          department: person.department,
          setupComplete: person.setupComplete ?? true,
        },
        institution.id,
      );
      if (person.role === 'researcher') {
        await createResearcherProfile(t, account.id, {
          about: person.about,
          location: locations.get(person.institutionDomain),
          researchAreas: person.researchAreas ?? [],
          expertise: person.expertise ?? [],
        });
      }
    }
    await setMeta(t, 'demo_seeded_at', new Date().toISOString());
  });
  return true;
}
