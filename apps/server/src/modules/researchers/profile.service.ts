// A researcher's profile: read whole, edited field by field, with the lists it
// holds (publications, education, projects). Research areas and expertise
// are what profile match, "Match with research profile" and collaborator
// suggestions read, straight from researcher_profiles, so an edit changes
// them at once. Setup is complete once name, title, department and at least
// one research area are set.
import type {
  Education,
  Profile,
  Project,
  Publication,
  UpdateProfileRequest,
} from '@grantbridge/contract/profile';
import { isUuid } from '@grantbridge/contract/ids';
import { withTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import { updateAccountDetails } from '../auth/auth.service';
import {
  deleteItem,
  findProfileRow,
  insertEducation,
  insertProject,
  insertPublication,
  listProfileItems,
  updateItem,
  upsertProfileFields,
  type ItemKind,
} from './profile.repository';
import { canSeeContactDetails, canViewProfile } from './researchers.policy';
import { normaliseDoi } from './dois';

type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileRow>>>;
type Items = Awaited<ReturnType<typeof listProfileItems>>;

const toPublication = (r: Items['publications'][number]): Publication => ({
  id: r.id,
  title: r.title,
  journal: r.journal,
  year: r.year,
  authors: r.authors,
  doi: r.doi,
});
const toEducation = (r: Items['education'][number]): Education => ({
  id: r.id,
  degree: r.degree,
  institution: r.institution,
  field: r.field,
  year: r.year,
});
const toProject = (r: Items['projects'][number]): Project => ({
  id: r.id,
  title: r.title,
  description: r.description,
});

function toProfile(row: ProfileRow, items: Items, withContact: boolean): Profile {
  return {
    id: row.id,
    name: row.name,
    email: withContact ? row.email : null,
    role: row.role,
    title: row.title,
    department: row.department,
    phone: withContact ? row.phone : null,
    office: withContact ? row.office : null,
    location: row.location,
    about: row.about,
    researchSummary: row.researchSummary,
    researchAreas: row.researchAreas ?? [],
    expertise: row.expertise ?? [],
    orcid: row.orcid ?? null,
    avatarUrl: row.avatarUrl,
    institution: { id: row.institutionId, name: row.institutionName },
    setupComplete: row.setupComplete,
    publications: items.publications.map(toPublication),
    education: items.education.map(toEducation),
    projects: items.projects.map(toProject),
  };
}

export async function getOwnProfile(db: Db, actor: Actor): Promise<Profile> {
  const row = await findProfileRow(db, actor.id);
  if (!row) throw new AppError('not_found', 'Your account was not found.');
  return toProfile(row, await listProfileItems(db, actor.id), true);
}

/** Another person's profile as the actor may see it; 404 when they may not. */
export async function getProfileOf(db: Db, actor: Actor, id: string): Promise<Profile> {
  const row = isUuid(id) ? await findProfileRow(db, id) : undefined;
  if (!row || !canViewProfile(actor, row) || (row.status !== 'active' && actor.id !== row.id)) {
    throw new AppError('not_found', 'No such researcher.');
  }
  const withContact = canSeeContactDetails(actor, { id: row.id, institutionId: row.institutionId });
  return toProfile(row, await listProfileItems(db, id), withContact);
}

type ProfileChange = {
  [K in keyof UpdateProfileRequest]?: K extends 'researchAreas' | 'expertise' ? string[] : string | null;
};

export async function updateOwnProfile(db: Db, actor: Actor, change: ProfileChange): Promise<Profile> {
  const before = await findProfileRow(db, actor.id);
  if (!before) throw new AppError('not_found', 'Your account was not found.');
  const { name, title, department, phone, office, ...rest } = change;
  const account = Object.fromEntries(
    Object.entries({ name, title, department, phone, office }).filter(([, v]) => v !== undefined),
  );
  const after = {
    name: name ?? before.name,
    title: title === undefined ? before.title : title,
    department: department === undefined ? before.department : department,
    areas: rest.researchAreas ?? before.researchAreas ?? [],
  };
  // Setup completes once; later edits never send a person back to the setup step.
  const completes =
    !before.setupComplete && before.role === 'researcher' && !!after.title && !!after.department && after.areas.length > 0;
  await withTransaction(db, async (tx) => {
    await updateAccountDetails(tx, actor.id, { ...account, ...(completes ? { setupComplete: true } : {}) });
    const fields = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
    await upsertProfileFields(tx, actor.id, fields);
  });
  return getOwnProfile(db, actor);
}

type PublicationInput = { title: string; journal?: string | null; year?: number | null; authors?: string | null; doi?: string | null };
type EducationInput = { degree: string; institution: string; field?: string | null; year?: number | null };
type ProjectInput = { title: string; description?: string | null };

export async function addPublication(db: Db, actor: Actor, input: PublicationInput) {
  return toPublication(await insertPublication(db, { userId: actor.id, ...input, doi: normaliseDoi(input.doi) }));
}
export async function addEducation(db: Db, actor: Actor, input: EducationInput) {
  return toEducation(await insertEducation(db, { userId: actor.id, ...input }));
}
export async function addProject(db: Db, actor: Actor, input: ProjectInput) {
  return toProject(await insertProject(db, { userId: actor.id, ...input }));
}

const converters = { publications: toPublication, education: toEducation, projects: toProject } as const;

/** Changes one of the actor's own items; another person's item (or none) answers 404. */
export async function updateOwnItem<K extends ItemKind>(
  db: Db,
  actor: Actor,
  kind: K,
  id: string,
  change: Record<string, unknown>,
): Promise<ReturnType<(typeof converters)[K]>> {
  const values = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  if ('doi' in values) values.doi = normaliseDoi(values.doi as string | null);
  const row = isUuid(id) ? await updateItem(db, kind, actor.id, id, values) : undefined;
  if (!row) throw new AppError('not_found', 'No such item on your profile.');
  return (converters[kind] as (r: unknown) => ReturnType<(typeof converters)[K]>)(row);
}

export async function deleteOwnItem(db: Db, actor: Actor, kind: ItemKind, id: string) {
  if (!isUuid(id) || !(await deleteItem(db, kind, actor.id, id))) {
    throw new AppError('not_found', 'No such item on your profile.');
  }
}
