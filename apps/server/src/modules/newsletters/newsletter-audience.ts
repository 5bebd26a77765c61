// Who a newsletter's audience holds: the institution's active researchers,
// all of them, one department's (as their accounts name it) or those whose
// profile lists a research area, less those who unsubscribed.
import type { NewsletterAudience, NewsletterAudiences } from '@grantbridge/contract/newsletters';
import type { Db } from '../../db/client';
import { listResearchersOfInstitution } from '../researchers/researchers.service';
import { findUnsubscribedUsers } from './newsletters.repository';

export type AudienceMember = { id: string; name: string; email: string; department: string | null; researchAreas: string[] };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

async function activeResearchers(db: Db, institutionId: string): Promise<AudienceMember[]> {
  const rows = await listResearchersOfInstitution(db, institutionId);
  return rows.filter((r) => r.status === 'active');
}

export function inAudience(member: AudienceMember, audience: NewsletterAudience): boolean {
  if (audience.kind === 'everyone') return true;
  if (audience.kind === 'department') return !!member.department && same(member.department, audience.name);
  return member.researchAreas.some((area) => same(area, audience.name));
}

/** The people it would go to now. */
export async function audienceMembers(db: Db, institutionId: string, audience: NewsletterAudience): Promise<AudienceMember[]> {
  const [people, unsubscribed] = await Promise.all([activeResearchers(db, institutionId), findUnsubscribedUsers(db, institutionId)]);
  return people.filter((p) => !unsubscribed.has(p.id) && inAudience(p, audience));
}

/** The composer's choices: each department and research area of the institution's researchers, with how many it holds. */
export async function audienceChoices(db: Db, institutionId: string): Promise<NewsletterAudiences> {
  const [people, unsubscribed] = await Promise.all([activeResearchers(db, institutionId), findUnsubscribedUsers(db, institutionId)]);
  const reachable = people.filter((p) => !unsubscribed.has(p.id));
  const count = (names: (p: AudienceMember) => string[]) => {
    const counts = new Map<string, { name: string; people: number }>();
    for (const person of people) {
      for (const name of new Set(names(person).map((n) => n.trim()).filter(Boolean))) {
        const key = name.toLowerCase();
        const entry = counts.get(key) ?? { name, people: 0 };
        if (!unsubscribed.has(person.id)) entry.people += 1;
        counts.set(key, entry);
      }
    }
    return [...counts.values()].sort((a, b) => a.name.localeCompare(b.name));
  };
  return {
    everyone: reachable.length,
    departments: count((p) => (p.department ? [p.department] : [])),
    areas: count((p) => p.researchAreas),
  };
}
