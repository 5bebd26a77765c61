// The documents module's front door (eslint.config.js, decision 053): an
// application's document checklist and files. The team (the PI and accepted
// members) adds, renames, ticks off and removes items and uploads files; the
// research office reads them. Anyone else is told the application does not
// exist: the applications module says how a person stands to an application
// (`ApplicationRoleOf`, handed in by app.ts, since applications reads the
// checklist and this module does not import it back).
import type { Readable } from 'node:stream';
import { isoInstant } from '@grantbridge/contract/days';
import { isUuid } from '@grantbridge/contract/ids';
import type { ApplicationDocument } from '@grantbridge/contract/pipeline';
import type { Db } from '../../db/client';
import { cleanFileName } from '../../lib/file-names';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import {
  deleteDocumentRow,
  insertDefaultChecklist,
  findDocumentRow,
  findFileRow,
  insertDocument,
  listDocumentRows,
  listFileRows,
  markInProgress,
  updateDocumentRow,
  type DocumentRow,
  type FileRow,
} from './documents.repository';
import { readFile, storeFile } from './file-store';
import { canWorkOnDocuments, type ApplicationViewerRole } from './documents.policy';

/** How `actor` stands to the application; throws not_found for one they may not see. */
export type ApplicationRoleOf = (db: Db, actor: Actor, applicationId: string) => Promise<ApplicationViewerRole>;

function toDocument(row: DocumentRow, files: FileRow[]): ApplicationDocument {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    versions: files.map((f) => ({
      version: f.version,
      fileName: f.file_name,
      contentType: f.content_type,
      size: f.size,
      sha256: f.sha256,
      uploadedAt: isoInstant(f.created_at),
      uploadedBy: f.uploaded_by ? { id: f.uploaded_by, name: f.uploader_name ?? '' } : null,
    })),
  };
}

/** A new application's checklist: project description, budget, budget justification, biosketches, data management plan, letters of support. */
export async function createDefaultChecklist(db: Db, applicationId: string) {
  await insertDefaultChecklist(db, applicationId);
}

/** The checklist of an application whose viewer is already known. */
export async function documentsOf(db: Db, applicationId: string): Promise<ApplicationDocument[]> {
  const rows = await listDocumentRows(db, applicationId);
  const files = await listFileRows(db, rows.map((r) => r.id));
  return rows.map((row) => toDocument(row, files.filter((f) => f.document_id === row.id)));
}

export async function listDocuments(db: Db, roleOf: ApplicationRoleOf, actor: Actor, applicationId: string) {
  await roleOf(db, actor, applicationId);
  return documentsOf(db, applicationId);
}

async function oneDocument(db: Db, applicationId: string, documentId: string) {
  const row = await findDocumentRow(db, applicationId, documentId);
  if (!row) throw new AppError('not_found', 'Document not found.');
  return toDocument(row, await listFileRows(db, [row.id]));
}

/** The application for a change to its documents: the team's to change, 403 for the office. */
async function forEditing(db: Db, roleOf: ApplicationRoleOf, actor: Actor, applicationId: string, documentId?: string) {
  const role = await roleOf(db, actor, applicationId);
  if (documentId !== undefined && (!isUuid(documentId) || !(await findDocumentRow(db, applicationId, documentId)))) {
    throw new AppError('not_found', 'Document not found.');
  }
  if (!canWorkOnDocuments(role)) throw new AppError('forbidden', 'The team prepares the documents; the research office reads them.');
}

export async function addDocument(db: Db, roleOf: ApplicationRoleOf, actor: Actor, applicationId: string, name: string) {
  await forEditing(db, roleOf, actor, applicationId);
  return oneDocument(db, applicationId, await insertDocument(db, applicationId, name));
}

export async function changeDocument(
  db: Db,
  roleOf: ApplicationRoleOf,
  actor: Actor,
  applicationId: string,
  documentId: string,
  changes: { name?: string; status?: DocumentRow['status'] },
) {
  await forEditing(db, roleOf, actor, applicationId, documentId);
  await updateDocumentRow(db, documentId, changes);
  return oneDocument(db, applicationId, documentId);
}

export async function removeDocument(db: Db, roleOf: ApplicationRoleOf, actor: Actor, applicationId: string, documentId: string) {
  await forEditing(db, roleOf, actor, applicationId, documentId);
  await deleteDocumentRow(db, documentId);
}

export async function uploadDocumentFile(
  db: Db,
  roleOf: ApplicationRoleOf,
  actor: Actor,
  applicationId: string,
  documentId: string,
  file: { fileName: string; source: AsyncIterable<Buffer> },
) {
  await forEditing(db, roleOf, actor, applicationId, documentId);
  const fileName = cleanFileName(file.fileName);
  await storeFile(db, { documentId, fileName, uploadedBy: actor.id, source: file.source });
  await markInProgress(db, documentId);
  return oneDocument(db, applicationId, documentId);
}

export async function openDocumentFile(
  db: Db,
  roleOf: ApplicationRoleOf,
  actor: Actor,
  applicationId: string,
  documentId: string,
  version?: number,
): Promise<{ file: FileRow; stream: Readable }> {
  await roleOf(db, actor, applicationId);
  const row = isUuid(documentId) ? await findDocumentRow(db, applicationId, documentId) : undefined;
  const file = row ? await findFileRow(db, documentId, version) : undefined;
  if (!file) throw new AppError('not_found', 'No such file.');
  return { file, stream: readFile(db, file.id) };
}
