// SQL for an application's document checklist, the versions of each
// document's file, and their bytes in chunks (streamed by file-store.ts).
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/** The checklist a new application starts with. */
export const defaultChecklist = [
  'Project description',
  'Budget',
  'Budget justification',
  'Biosketches',
  'Data management plan',
  'Letters of support',
];

export async function insertDefaultChecklist(db: Db, applicationId: string) {
  await db.execute(sql`
    INSERT INTO application_documents (application_id, name, position)
    SELECT ${applicationId}, name, position - 1
    FROM unnest(${`{${defaultChecklist.map((n) => `"${n}"`).join(',')}}`}::text[]) WITH ORDINALITY AS d(name, position)`);
}

export type DocumentRow = { id: string; name: string; status: 'pending' | 'in_progress' | 'completed' };
export type FileRow = {
  id: string;
  document_id: string;
  version: number;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  uploaded_by: string | null;
  uploader_name: string | null;
  created_at: Date | string;
};

export async function listDocumentRows(db: Db, applicationId: string) {
  return queryRows<DocumentRow>(
    db,
    sql`SELECT id, name, status FROM application_documents WHERE application_id = ${applicationId} ORDER BY position, created_at, id`,
  );
}

/** The complete versions of the documents' files, newest first. */
export async function listFileRows(db: Db, documentIds: string[]) {
  if (documentIds.length === 0) return [];
  return queryRows<FileRow>(
    db,
    sql`SELECT f.id, f.document_id, f.version, f.file_name, f.content_type, f.size::float8 AS size, f.sha256,
      f.uploaded_by, u.name AS uploader_name, f.created_at
    FROM document_files f LEFT JOIN users u ON u.id = f.uploaded_by
    WHERE f.document_id = ANY(${`{${documentIds.join(',')}}`}::uuid[]) AND f.complete
    ORDER BY f.document_id, f.version DESC`,
  );
}

export async function findDocumentRow(db: Db, applicationId: string, documentId: string) {
  const [row] = await queryRows<DocumentRow>(
    db,
    sql`SELECT id, name, status FROM application_documents WHERE id = ${documentId} AND application_id = ${applicationId}`,
  );
  return row;
}

export async function insertDocument(db: Db, applicationId: string, name: string) {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO application_documents (application_id, name, position)
    SELECT ${applicationId}, ${name}, coalesce(max(position), -1) + 1 FROM application_documents WHERE application_id = ${applicationId}
    RETURNING id`,
  );
  return row!.id;
}

export async function updateDocumentRow(db: Db, documentId: string, changes: { name?: string; status?: DocumentRow['status'] }) {
  await db.execute(sql`UPDATE application_documents SET
    name = coalesce(${changes.name ?? null}, name), status = coalesce(${changes.status ?? null}, status), updated_at = now()
    WHERE id = ${documentId}`);
}

/** A document uploaded to for the first time is being worked on. */
export async function markInProgress(db: Db, documentId: string) {
  await db.execute(sql`UPDATE application_documents SET status = 'in_progress', updated_at = now()
    WHERE id = ${documentId} AND status = 'pending'`);
}

export async function deleteDocumentRow(db: Db, documentId: string) {
  await db.execute(sql`DELETE FROM application_documents WHERE id = ${documentId}`);
}

/** The newest complete version, or the one asked for. */
export async function findFileRow(db: Db, documentId: string, version?: number) {
  const [row] = await queryRows<FileRow>(
    db,
    sql`SELECT f.id, f.document_id, f.version, f.file_name, f.content_type, f.size::float8 AS size, f.sha256,
      f.uploaded_by, NULL AS uploader_name, f.created_at
    FROM document_files f
    WHERE f.document_id = ${documentId} AND f.complete ${version ? sql`AND f.version = ${version}` : sql``}
    ORDER BY f.version DESC LIMIT 1`,
  );
  return row;
}

/** Adds the document's next version, not complete yet; undefined when another upload took that number first. */
export async function insertNextFileVersion(db: Db, documentId: string, fileName: string, contentType: string, uploadedBy: string) {
  const [row] = await queryRows<{ id: string; version: number }>(
    db,
    sql`INSERT INTO document_files (document_id, version, file_name, content_type, uploaded_by)
      SELECT ${documentId}, coalesce(max(version), 0) + 1, ${fileName}, ${contentType}, ${uploadedBy}
      FROM document_files WHERE document_id = ${documentId}
      ON CONFLICT (document_id, version) DO NOTHING RETURNING id, version`,
  );
  return row;
}

/** Stores chunk `seq` of a version's bytes. */
export async function insertFileChunk(db: Db, fileId: string, seq: number, data: Buffer) {
  await db.execute(sql`INSERT INTO document_file_chunks (file_id, seq, data) VALUES (${fileId}, ${seq}, ${data})`);
}

/** Marks a version complete, with its size and SHA-256. */
export async function completeFileVersion(db: Db, fileId: string, size: number, sha256: string) {
  await db.execute(sql`UPDATE document_files SET size = ${size}, sha256 = ${sha256}, complete = true WHERE id = ${fileId}`);
}

/** Removes a version, and its chunks with it. */
export async function deleteFileVersion(db: Db, fileId: string) {
  await db.execute(sql`DELETE FROM document_files WHERE id = ${fileId}`);
}

/** Chunk `seq` of a version's bytes, or undefined past its last. */
export async function findFileChunk(db: Db, fileId: string, seq: number) {
  const [row] = await queryRows<{ data: Buffer | Uint8Array }>(
    db,
    sql`SELECT data FROM document_file_chunks WHERE file_id = ${fileId} AND seq = ${seq}`,
  );
  return row;
}
