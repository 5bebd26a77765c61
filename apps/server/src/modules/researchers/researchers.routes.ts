// My profile (read, edit, its publications, education and projects) and
// another researcher's profile.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { announceAccountChanged, requireUser } from '../../plugins/session';
import {
  addEducation,
  addProject,
  addPublication,
  deleteOwnItem,
  getOwnProfile,
  getProfileOf,
  updateOwnItem,
  updateOwnProfile,
} from './profile.service';
import { importFromOrcid, importPublications } from './publications-import';
import { getAvatar, maxAvatarBytes, removeAvatar, setAvatar } from './avatar';
import { isUuid } from '@grantbridge/contract/ids';
import { AppError } from '../../errors';

const tags = ['profile'];

export const researchersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Publication files (or text pasted from one) arrive as text; the format is told from the content.
  app.addContentTypeParser(
    ['text/plain', 'application/x-bibtex', 'application/x-research-info-systems'],
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  // Pictures arrive as bytes; their type is checked from the bytes themselves (avatar.ts).
  app.addContentTypeParser(
    ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: maxAvatarBytes },
    (_request, body, done) => done(null, body),
  );

  bindEndpoint(
    app,
    endpoints.setAvatar,
    {
      tags,
      summary: 'Set my picture (PNG, JPEG or WebP up to 2 MB; re-encoded, metadata removed)',
      bodyLimit: maxAvatarBytes,
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
    },
    async (request) => {
      const user = requireUser(request);
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError(
          'validation_failed',
          'Send the picture itself as the body, with an image content type.',
        );
      }
      const result = await setAvatar(app.db, user, request.body);
      await announceAccountChanged(app, user.id);
      return result;
    },
  );

  bindEndpoint(
    app,
    endpoints.removeAvatar,
    { tags, summary: 'Remove my picture' },
    async (request, reply) => {
      const user = requireUser(request);
      await removeAvatar(app.db, user);
      return reply.status(204).send(null);
    },
  );

  bindEndpoint(
    app,
    endpoints.researcherAvatar,
    { tags, summary: "A researcher's picture (image/webp)" },
    async (request, reply) => {
      requireUser(request);
      const { id } = request.params;
      if (!isUuid(id)) throw new AppError('not_found', 'No picture.');
      const avatar = await getAvatar(app.db, id);
      // The address changes with the picture (?v=), so a browser may keep it.
      reply.type(avatar.contentType).header('cache-control', 'private, max-age=86400');
      return reply.send(avatar.image);
    },
  );

  bindEndpoint(
    app,
    endpoints.importPublications,
    {
      tags,
      summary:
        'Add the publications of a BibTeX or RIS file, or text pasted from one, to my profile (duplicates skipped; each entry added or skipped named)',
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      bodyLimit: Math.max(app.config.bodyLimit, 5_000_000),
    },
    async (request) => importPublications(app.db, requireUser(request), request.body),
  );

  bindEndpoint(
    app,
    endpoints.importOrcid,
    {
      tags,
      summary: 'Add the public works of my ORCID record to my profile',
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
    },
    async (request) =>
      importFromOrcid(app.db, app.config.orcidApiUrl, requireUser(request), request.body.orcid),
  );

  bindEndpoint(app, endpoints.getProfile, { tags, summary: 'My profile' }, async (request) => ({
    profile: await getOwnProfile(app.db, requireUser(request)),
  }));

  bindEndpoint(
    app,
    endpoints.updateProfile,
    { tags, summary: 'Edit my profile' },
    async (request) => {
      const user = requireUser(request);
      const profile = await updateOwnProfile(app.db, user, request.body);
      await announceAccountChanged(app, user.id);
      return { profile };
    },
  );

  bindEndpoint(
    app,
    endpoints.researcherProfile,
    { tags, summary: "A researcher's profile (contact details only within their institution)" },
    async (request) => ({
      profile: await getProfileOf(app.db, requireUser(request), request.params.id),
    }),
  );

  bindEndpoint(
    app,
    endpoints.addPublication,
    { tags, summary: 'Add a publication to my profile' },
    async (request, reply) => {
      reply.code(201);
      return addPublication(app.db, requireUser(request), request.body);
    },
  );
  bindEndpoint(
    app,
    endpoints.addEducation,
    { tags, summary: 'Add a degree to my profile' },
    async (request, reply) => {
      reply.code(201);
      return addEducation(app.db, requireUser(request), request.body);
    },
  );
  bindEndpoint(
    app,
    endpoints.addProject,
    { tags, summary: 'Add a current project to my profile' },
    async (request, reply) => {
      reply.code(201);
      return addProject(app.db, requireUser(request), request.body);
    },
  );
  // The three lists are edited and removed alike; another person's item answers 404.
  const lists = [
    {
      kind: 'publications',
      words: 'publications',
      update: endpoints.updatePublication,
      remove: endpoints.deletePublication,
    },
    {
      kind: 'education',
      words: 'degrees',
      update: endpoints.updateEducation,
      remove: endpoints.deleteEducation,
    },
    {
      kind: 'projects',
      words: 'projects',
      update: endpoints.updateProject,
      remove: endpoints.deleteProject,
    },
  ] as const;
  for (const list of lists) {
    bindEndpoint(
      app,
      list.update,
      { tags, summary: `Edit one of my ${list.words}` },
      async (request) =>
        updateOwnItem(app.db, requireUser(request), list.kind, request.params.id, request.body),
    );
    bindEndpoint(
      app,
      list.remove,
      { tags, summary: `Remove one of my ${list.words}` },
      async (request, reply) => {
        await deleteOwnItem(app.db, requireUser(request), list.kind, request.params.id);
        return reply.status(204).send(null);
      },
    );
  }
};
