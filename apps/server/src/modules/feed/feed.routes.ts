// The activity feed's routes: pages, posts, likes, comments and pictures.
// Every change is sent live to the post's audience by the service.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { feedImageMaxBytes } from '@grantbridge/contract/feed';
import { AppError } from '../../errors';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import { readFeedImage, uploadFeedImage } from './feed-images';
import {
  addComment,
  createPost,
  deleteComment,
  deletePost,
  editComment,
  editPost,
  getFeed,
  getPost,
  likePost,
  listComments,
} from './feed.service';

const tags = ['feed'];

export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const bus = app.realtime;
  // Pictures arrive as bytes; their type is checked from the bytes themselves (feed-images.ts).
  app.addContentTypeParser(
    ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: feedImageMaxBytes },
    (_request, body, done) => done(null, body),
  );

  bindEndpoint(
    app,
    endpoints.feed,
    { tags, summary: "My feed: my institution's posts and my teammates', newest first, by cursor" },
    async (request) => getFeed(app.db, requireUser(request), request.query),
  );
  bindEndpoint(
    app,
    endpoints.createPost,
    {
      tags,
      summary: 'Post to my institution and my teammates (plain text, an optional picture with alt text)',
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => reply.status(201).send(await createPost(app.db, bus, requireUser(request), request.body)),
  );
  bindEndpoint(
    app,
    endpoints.post,
    { tags, summary: 'One post I may see' },
    async (request) => getPost(app.db, requireUser(request), request.params.id),
  );
  bindEndpoint(
    app,
    endpoints.updatePost,
    { tags, summary: 'Edit my post' },
    async (request) => editPost(app.db, bus, requireUser(request), request.params.id, request.body.content),
  );
  bindEndpoint(
    app,
    endpoints.deletePost,
    { tags, summary: "Delete my post (or, as an admin, any of my institution's)" },
    async (request, reply) => {
      await deletePost(app.db, bus, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  bindEndpoint(
    app,
    endpoints.likePost,
    { tags, summary: 'Like a post (again changes nothing)' },
    async (request) => likePost(app.db, bus, requireUser(request), request.params.id, true),
  );
  bindEndpoint(
    app,
    endpoints.unlikePost,
    { tags, summary: 'Take back my like (again changes nothing)' },
    async (request) => likePost(app.db, bus, requireUser(request), request.params.id, false),
  );
  bindEndpoint(
    app,
    endpoints.postComments,
    { tags, summary: "A post's comments, oldest first, by cursor" },
    async (request) => listComments(app.db, requireUser(request), request.params.id, request.query),
  );
  bindEndpoint(
    app,
    endpoints.createComment,
    { tags, summary: 'Comment on a post I may see', config: { rateLimit: { max: 60, timeWindow: 60_000 } } },
    async (request, reply) =>
      reply.status(201).send(await addComment(app.db, bus, requireUser(request), request.params.id, request.body.content)),
  );
  bindEndpoint(
    app,
    endpoints.updateComment,
    { tags, summary: 'Edit my comment' },
    async (request) => editComment(app.db, requireUser(request), request.params.id, request.body.content),
  );
  bindEndpoint(
    app,
    endpoints.deleteComment,
    { tags, summary: "Delete my comment (or, as an admin, one on my institution's post)" },
    async (request) => deleteComment(app.db, bus, requireUser(request), request.params.id),
  );
  bindEndpoint(
    app,
    endpoints.uploadFeedImage,
    {
      tags,
      summary: 'Upload a picture for a post (PNG, JPEG or WebP up to 5 MB; re-encoded, metadata removed)',
      bodyLimit: feedImageMaxBytes,
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError('validation_failed', 'Send the picture itself as the body, with an image content type.');
      }
      return reply.status(201).send(await uploadFeedImage(app.db, user, request.body));
    },
  );
  bindEndpoint(
    app,
    endpoints.feedImage,
    { tags, summary: "A post's picture (image/webp)" },
    async (request, reply) => {
      const image = await readFeedImage(app.db, requireUser(request), request.params.id);
      reply.type(image.contentType).header('cache-control', 'private, max-age=86400').header('x-content-type-options', 'nosniff');
      return reply.send(image.bytes);
    },
  );
};
