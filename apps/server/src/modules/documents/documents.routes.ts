// The documents module's routes: an application's document checklist and its
// files. Uploads stream in as multipart (field `file`, up to 25 MB) and
// downloads stream out as attachments, neither held whole in memory.
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { AppError } from '../../errors';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import {
  addDocument,
  changeDocument,
  listDocuments,
  openDocumentFile,
  removeDocument,
  uploadDocumentFile,
  type ApplicationRoleOf,
} from './documents.service';
import { maxFileBytes } from './file-store';

const tags = ['pipeline'];

/** A filename for Content-Disposition: ASCII fallback and the UTF-8 original (RFC 6266). */
function disposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** How long the form may take to reach its file part (it comes after at most five 1 KB fields). */
const firstPartMs = 10_000;
/** How long the form's reader may stop taking bytes, before the file part, until the form counts as stuck. */
const stuckMs = 1_000;

/**
 * The form's first file part. busboy stops reading, for ever, a form whose
 * only part has no headers and is over 16 KB (it skips the part, then waits);
 * so a form whose reader stops taking bytes for stuckMs, or that has not
 * reached its file part within firstPartMs, answers 400 instead of holding
 * the request open.
 */
async function firstPart(request: FastifyRequest) {
  const raw = request.raw;
  let poll: NodeJS.Timeout | undefined;
  const stalled = new Promise<'stalled'>((resolve) => {
    const started = Date.now();
    let stuckSince: number | undefined;
    poll = setInterval(() => {
      const now = Date.now();
      // Paused by the reader (it stopped taking bytes), and not finished.
      const stuck = raw.isPaused() && !raw.readableEnded;
      stuckSince = stuck ? (stuckSince ?? now) : undefined;
      if (now - started > firstPartMs || (stuckSince !== undefined && now - stuckSince >= stuckMs)) resolve('stalled');
    }, 250);
  });
  try {
    const part = await Promise.race([request.file({ limits: { fieldSize: 1024 } }), stalled]);
    if (part === 'stalled') {
      throw new AppError('validation_failed', 'The upload did not bring a file part: send the file in the field "file".', {
        errors: [{ path: 'file', message: 'Choose a file' }],
      });
    }
    return part;
  } finally {
    clearInterval(poll);
  }
}

export type DocumentsRoutesOptions = {
  /**
   * How a person stands to an application, from the applications module.
   * Passed in where the app is assembled: applications reads the checklist,
   * so the documents module does not import it back.
   */
  roleOf: ApplicationRoleOf;
};

export const documentsRoutes: FastifyPluginAsyncZod<DocumentsRoutesOptions> = async (app, { roleOf }) => {
  // One byte over the limit reaches file-store, which counts it and answers 413 (busboy would cut the
  // stream at the limit without a word, and the file would look complete).
  await app.register(multipart, {
    limits: { fileSize: maxFileBytes + 1, files: 1, fields: 5, parts: 6 },
    throwFileSizeLimit: true,
  });

  bindEndpoint(
    app,
    endpoints.applicationDocuments,
    { tags, summary: "An application's document checklist" },
    async (request) => ({ documents: await listDocuments(app.db, roleOf, requireUser(request), request.params.id) }),
  );
  bindEndpoint(
    app,
    endpoints.addApplicationDocument,
    { tags, summary: 'Add an item to the checklist (the team)' },
    async (request, reply) => {
      const document = await addDocument(app.db, roleOf, requireUser(request), request.params.id, request.body.name);
      return reply.status(201).send({ document });
    },
  );
  bindEndpoint(
    app,
    endpoints.updateApplicationDocument,
    {
      tags,
      summary: "Rename a checklist item or set its status: pending, in_progress, completed (the team)",
    },
    async (request) => ({
      document: await changeDocument(app.db, roleOf, requireUser(request), request.params.id, request.params.docId, request.body),
    }),
  );
  bindEndpoint(
    app,
    endpoints.deleteApplicationDocument,
    { tags, summary: 'Remove a checklist item and its files (the team)' },
    async (request, reply) => {
      await removeDocument(app.db, roleOf, requireUser(request), request.params.id, request.params.docId);
      return reply.status(204).send(null);
    },
  );
  bindEndpoint(
    app,
    endpoints.uploadDocumentFile,
    {
      tags,
      summary:
            'Upload a new version of the file (multipart field `file`; PDF, DOCX, XLSX, PPTX, TXT, PNG or JPEG by its bytes; up to 25 MB)',
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!request.isMultipart()) {
        throw new AppError('validation_failed', 'Send the file as multipart/form-data in the field "file".', {
          errors: [{ path: 'file', message: 'Choose a file' }],
        });
      }
      let part: Awaited<ReturnType<typeof request.file>>;
      try {
        part = await firstPart(request);
      } catch (error) {
        // A body the multipart reader cannot start on (no boundary, a bad header): the sender's mistake.
        if (error instanceof AppError) throw error;
        throw new AppError('validation_failed', `The upload could not be read: ${(error as Error).message}.`, {
          errors: [{ path: 'file', message: 'Choose a file' }],
        });
      }
      if (!part || part.fieldname !== 'file') {
        throw new AppError('validation_failed', 'Send the file in the field "file".', {
          errors: [{ path: 'file', message: 'Choose a file' }],
        });
      }
      // The body can end before the file does (a dropped connection, a broken form): that is the sender's.
      let readFailed: Error | undefined;
      part.file.once('error', (error: Error) => (readFailed = error));
      try {
        const document = await uploadDocumentFile(app.db, roleOf, user, request.params.id, request.params.docId, {
          fileName: part.filename,
          source: part.file,
        });
        return reply.status(201).send({ document });
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (readFailed || (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
          throw new AppError('validation_failed', 'The upload ended before the file was complete. Send it again.', {
            errors: [{ path: 'file', message: 'The file arrived incomplete' }],
          });
        }
        throw error;
      }
    },
  );
  bindEndpoint(
    app,
    endpoints.downloadDocumentFile,
    { tags, summary: "A document's file (the newest version, or ?version=), as an attachment" },
    async (request, reply) => {
      const { file, stream } = await openDocumentFile(
        app.db,
        roleOf,
        requireUser(request),
        request.params.id,
        request.params.docId,
        request.query.version,
      );
      return reply
        .type(file.content_type)
        .header('content-length', String(file.size))
        .header('content-disposition', disposition(file.file_name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('etag', `"${file.sha256}"`)
        .send(stream);
    },
  );
};
