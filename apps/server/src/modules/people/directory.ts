// The administrator's researcher directory (Manage Researchers): everyone of
// the institution with the researcher role, and everyone invited and not yet
// joined, with saved-grant and open-opportunity counts; searched, sorted by any
// column and paged here. An institution has at most a few thousand people, so
// the rows are read whole and sorted in memory (figures in docs/benchmarks.md).
import type { DirectoryRow, DirectorySort } from '@grantbridge/contract/people';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import { countOpenOpportunities } from '../grants/grants.service';
import { countSavedGrants } from '../applications/applications.service';
import { listResearchersOfInstitution } from '../researchers/researchers.service';
import { canManagePeople } from './people.policy';
import { listPendingInvitations } from './people.repository';

type Query = {
  q?: string;
  department?: string;
  status?: DirectoryRow['status'];
  sort: DirectorySort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

/** Every row of the directory, unsorted. */
export async function directoryRows(db: Db, actor: Actor, now = new Date()): Promise<DirectoryRow[]> {
  const institutionId = actor.institution.id;
  if (!canManagePeople(actor, institutionId)) {
    throw new AppError('forbidden', "Only this institution's administrators may see its people.");
  }
  const [people, invitations] = await Promise.all([
    listResearchersOfInstitution(db, institutionId),
    listPendingInvitations(db, institutionId),
  ]);
  const saved = await countSavedGrants(
    db,
    people.map((p) => p.id),
  );
  const invited = invitations.filter((i) => i.role === 'researcher');
  const open = await countOpenOpportunities(db, [
    ...people.map((p) => p.researchAreas),
    ...invited.map((i) => i.researchAreas),
  ], now);
  const rows: DirectoryRow[] = people.map((p, index) => ({
    id: p.id,
    name: p.name,
    email: p.email,
    title: p.title,
    department: p.department,
    setupComplete: p.setupComplete,
    lastSignInAt: p.lastSignInAt ? p.lastSignInAt.toISOString() : null,
    grantsSaved: saved.get(p.id) ?? 0,
    openOpportunities: open[index] ?? 0,
    status: p.status,
    researchAreas: p.researchAreas,
  }));
  invited.forEach((i, index) => {
    rows.push({
      id: i.id,
      name: i.name,
      email: i.email,
      title: i.title,
      department: i.department,
      setupComplete: false,
      lastSignInAt: null,
      grantsSaved: 0,
      openOpportunities: open[people.length + index] ?? 0,
      status: 'invited',
      researchAreas: i.researchAreas,
    });
  });
  return rows;
}

const statusOrder = { active: 0, invited: 1, deactivated: 2 } as const;
// One collator for every comparison (localeCompare with options builds one per call).
const collator = new Intl.Collator('en', { sensitivity: 'base' });

function compare(sort: DirectorySort) {
  return (a: DirectoryRow, b: DirectoryRow): number => {
    switch (sort) {
      case 'name':
      case 'email':
        return collator.compare(a[sort], b[sort]);
      case 'setupComplete':
        return Number(a.setupComplete) - Number(b.setupComplete);
      case 'lastSignInAt':
        // Never signed in sorts as the oldest.
        return (a.lastSignInAt ?? '').localeCompare(b.lastSignInAt ?? '');
      case 'grantsSaved':
      case 'openOpportunities':
        return a[sort] - b[sort];
      case 'status':
        return statusOrder[a.status] - statusOrder[b.status];
    }
  };
}

/** Rows matching `q` (and the department and state asked for), sorted (ties by name, then e-mail, always ascending) and paged. */
export function pageDirectory(rows: DirectoryRow[], query: Query) {
  const q = query.q?.trim().toLowerCase();
  const department = query.department?.trim().toLowerCase();
  const matching = rows.filter(
    (r) =>
      (!q ||
        [r.name, r.email, r.title ?? '', r.department ?? '', ...r.researchAreas].some((text) =>
          text.toLowerCase().includes(q),
        )) &&
      (!department || (r.department ?? '').trim().toLowerCase() === department) &&
      (!query.status || r.status === query.status),
  );
  const primary = compare(query.sort);
  const direction = query.order === 'desc' ? -1 : 1;
  const byName = compare('name');
  const byEmail = compare('email');
  const sorted = [...matching].sort(
    (a, b) => direction * primary(a, b) || byName(a, b) || byEmail(a, b),
  );
  const start = (query.page - 1) * query.pageSize;
  return {
    results: sorted.slice(start, start + query.pageSize),
    total: sorted.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function listDirectory(db: Db, actor: Actor, query: Query, now = new Date()) {
  return pageDirectory(await directoryRows(db, actor, now), query);
}
