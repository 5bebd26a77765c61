// buildApp(config) assembles the Fastify application: plugins, then modules.
// It never listens; main.ts and the tests decide what to do with it.
import fs from 'node:fs';
import path from 'node:path';
import { errorSerializer } from './lib/log-redaction';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { closeCodes } from '@grantbridge/contract/realtime-events';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { pgliteDirFor, type Config } from './config';
import { firstStartMarker, openDatabase, type Database } from './db/client';
import { AppError } from './errors';
import { createOutbox } from './jobs/outbox';
import { createScheduler, type ScheduledJob } from './jobs/scheduler';
import { maintainEmbeddedDatabase } from './db/maintenance';
import { nightlyBackupJob } from './db/backup';
import { runDueWork } from './modules/notifications/due-work';
import { eventRuntimePlugin } from './modules/events/events.plugin';
import { eventHandlers } from './event-handlers';
import { adminRoutes } from './modules/admin/admin.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { dailyCron, lastCatalogueRefreshes, refreshCatalogue } from './modules/catalogue/catalogue.service';
import { peopleRoutes } from './modules/people/people.routes';
import { researchersRoutes } from './modules/researchers/researchers.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { ssoRoutes } from './modules/sso/sso.routes';
import { getSessionUser } from './modules/auth/auth.service';
import { importTuningFor, lastCatalogueChangeAt } from './modules/grants/grants.service';
import { feedRoutes } from './modules/feed/feed.routes';
import { homeRoutes } from './modules/home/home.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { grantsRoutes } from './modules/grants/grants.routes';
import { healthRoutes } from './modules/health/health.routes';
import { institutionsRoutes } from './modules/institutions/institutions.routes';
import { leadsRoutes } from './modules/leads/leads.routes';
import { matchingRoutes } from './modules/matching/matching.routes';
import { messagingRoutes } from './modules/messaging/messaging.routes';
import { applicationsRoutes } from './modules/applications/applications.routes';
import {
  applicationRoleFor,
  getViewerState,
  reconcileResearcherActivityYears,
} from './modules/applications/applications.service';
import { calendarRoutes } from './modules/applications/calendar.routes';
import { tasksRoutes } from './modules/applications/tasks.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { teamRoutes } from './modules/team/team.routes';
import { savedSearchRoutes, searchRoutes } from './modules/search/search.routes';
import { searchExportRoutes } from './modules/search/search-export.routes';
import { myExportsRoutes } from './modules/applications/exports.routes';
import { limitedSubmissionsRoutes } from './modules/limited-submissions/limited-submissions.routes';
import { limitedLineForUser } from './modules/limited-submissions/limited-submissions.service';
import { currentPendingRoutes } from './modules/current-pending/current-pending.routes';
import { newslettersRoutes } from './modules/newsletters/newsletters.routes';
import { sendDueNewsletters } from './modules/newsletters/newsletters.service';
import { statsRoutes } from './modules/stats/stats.routes';
import { problemPlugin, sendProblem } from './plugins/problem';
import { realtimeBusPlugin } from './plugins/realtime-bus';
import { realtimeHubPlugin } from './plugins/realtime-hub';
import { perUserKey, sessionPlugin } from './plugins/session';
import { idempotencyPlugin } from './plugins/idempotency';
import { metricsPlugin } from './plugins/metrics';
import { requestIdGenerator, requestIdPlugin } from './plugins/request-id';
import './plugins/types';
import { closeWorkerPools } from './lib/worker-pool';
import { trackForDrain } from './lib/drain';

export type BuildOptions = {
  /** An already-open database (tests); otherwise one is opened from the config. */
  database?: Database;
  /**
   * The config's database, already being opened (main.ts starts it while the
   * app's code loads); the app uses and closes it as one it opened itself.
   */
  opening?: Promise<Database>;
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
};

export { pgliteDirFor };

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: config.bodyLimit,
    // A hop count becomes the function Fastify's types accept (its runtime takes a number too).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? ((hops: number) => (_address: string, hop: number) => hop < hops)(config.trustProxy)
        : config.trustProxy,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // X-Request-Id from a proxy TRUST_PROXY names, else a new UUID; every log line of the request carries it as reqId.
    genReqId: requestIdGenerator(config.trustProxy),
    logger: {
      ...(options.logStream ? { stream: options.logStream } : {}),
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
          '*.password',
          '*.currentPassword',
          '*.newPassword',
        ],
        censor: '[redacted]',
      },
      // A failed query's parameters are people's words and addresses (lib/log-redaction.ts).
      serializers: { err: errorSerializer },
      ...(config.env === 'development'
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
        : {}),
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(problemPlugin);
  await app.register(requestIdPlugin);

  const ownsDatabase = !options.database;
  // A new embedded database takes PostgreSQL's initdb, the longest silent part of a first start.
  const pgliteDir = pgliteDirFor(config);
  if (ownsDatabase && !config.databaseUrl && (!fs.existsSync(path.join(pgliteDir, 'PG_VERSION')) || fs.existsSync(firstStartMarker(pgliteDir)))) {
    app.log.info(`database: creating an embedded PostgreSQL (PGlite) in ${pgliteDir}`);
  }
  const database =
    options.database ??
    (await (options.opening ??
      openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, pgliteSharedBuffers: config.pgliteSharedBuffers, markFirstStart: true })));
  app.decorate('config', config);
  // Set on SIGTERM (main.ts): the health check answers 503 while requests still get served.
  app.decorate('draining', false);
  app.decorate('drain', trackForDrain(app));
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('outbox', createOutbox(database.db, config, app.log));
  // Started by main.ts (tests run the due work themselves, as `npm run jobs:run-due` does).
  const dueWork = () => runDueWork({ db: database.db, bus: app.realtime, config, log: app.log }).then(() => app.outbox.poke());
  const jobs: ScheduledJob[] = [
    { name: 'notifications-due', cron: '*/5 * * * *', run: dueWork },
    // The dashboard's yearly activity counts, counted again at night; a correction is logged (decision 040).
    {
      name: 'activity-years-check',
      cron: '15 3 * * *',
      catchUpAtStart: false,
      run: async () => {
        const changed = await reconcileResearcherActivityYears(database.db);
        if (changed > 0) app.log.warn({ changed }, 'researcher_activity_years had drifted; corrected');
      },
    },
  ];
  // Scheduled funding newsletters whose time has come, each sent once whichever instance runs it (decision 063).
  jobs.push({
    name: 'newsletters-due',
    cron: '* * * * *',
    run: () => sendDueNewsletters(database.db, config).then((sent) => sent > 0 && app.outbox.poke()),
  });
  // PGlite has no autovacuum: its upkeep runs at night (db/maintenance.ts), not at start, where
  // holding the database for seconds would keep the first requests waiting.
  if (database.kind === 'pglite') {
    jobs.push({ name: 'database-upkeep', cron: '30 3 * * *', run: () => maintainEmbeddedDatabase(database), catchUpAtStart: false });
    jobs.push(nightlyBackupJob(database, config, app.log));
  }
  // The catalogue from Grants.gov's daily extract, at CATALOGUE_REFRESH_AT in the server's zone (decision 056).
  if (config.catalogueExtractUrl) {
    const url = config.catalogueExtractUrl;
    jobs.push({
      name: 'catalogue-refresh',
      cron: dailyCron(config.catalogueRefreshAt),
      tz: config.timeZone,
      catchUpAtStart: false,
      // A slow morning (three downloads, pauses, a long import) is still one run: not handed on after 15 min, not repeated.
      queue: { expireInSeconds: 3 * 3600, retryLimit: 0 },
      run: () =>
        refreshCatalogue({
          db: database.db,
          dataDir: config.dataDir,
          url,
          trigger: 'schedule',
          tuning: importTuningFor(database.kind),
          log: app.log,
          // Alerts for what changed, now, as `npm run ingest` does (they would otherwise wait for the next run).
          onCatalogueChanged: dueWork,
        }),
    });
  }
  app.decorate('scheduler', createScheduler(database, app.log, jobs));
  app.addHook('onClose', async () => {
    await app.scheduler.stop();
    await app.outbox.stop();
    await closeWorkerPools();
    if (ownsDatabase) await database.close();
  });

  const secureTransport = config.env === 'production' && config.publicUrl?.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secureTransport ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: secureTransport ? undefined : false,
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // Signed in, a limit is the account's own: behind a campus NAT or a load
    // balancer many people share one address. Signed out, it is the address's
    // (the client's own when TRUST_PROXY names the proxies in front).
    keyGenerator: perUserKey,
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'GrantBridge API',
        version: '1.0.0',
        description: 'Grant discovery and research collaboration. Errors are application/problem+json with a stable `code`.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { public: true } }, async () => app.swagger());

  // Each plugin below names the plugins it needs (fastify-plugin dependencies):
  // registered before them, Fastify refuses to start. WebSocket support goes
  // before the session hook so that a refused upgrade's socket is closed; the
  // session follows sessions ended elsewhere on the realtime bus; the realtime
  // hub (the socket of every module, plugins/realtime-hub.ts) needs all three.
  // Frames up to the body limit are read and answered (a frame over the realtime
  // limit gets a payload_too_large event and the socket stays open); only
  // bigger ones close the socket.
  // At close, sockets are told "restarting" (1012) so the client reconnects soon, to another
  // instance; @fastify/websocket's own close, which would run first, sends no code (1005).
  await app.register(websocket, {
    options: { maxPayload: config.bodyLimit },
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(closeCodes.restarting, 'server restarting');
      this.websocketServer.close(() => done());
    },
  });
  await app.register(realtimeBusPlugin);
  await app.register(sessionPlugin, {
    findSessionUser: (token, cache) => getSessionUser(database.db, config, token, cache),
  });
  await app.register(idempotencyPlugin);
  await app.register(realtimeHubPlugin);
  await app.register(metricsPlugin, { lastCatalogueChangeAt, lastCatalogueRefreshes });
  // Reactions to domain events (modules/events, decision 046) run on this app; main.ts starts the poller.
  await app.register(eventRuntimePlugin, { handlers: eventHandlers });
  await app.register(messagingRoutes);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(ssoRoutes);
  await app.register(institutionsRoutes);
  await app.register(leadsRoutes);
  await app.register(statsRoutes);
  await app.register(adminRoutes);
  await app.register(catalogueRoutes);
  await app.register(peopleRoutes);
  await app.register(researchersRoutes);
  await app.register(searchRoutes);
  // The grant page's viewer state: the applications module's, and the grant's limited call at the viewer's institution (decision 061).
  await app.register(grantsRoutes, {
    viewerStateOf: async (db, userId, grantId) => ({
      ...(await getViewerState(db, userId, grantId)),
      limitedSubmission: await limitedLineForUser(db, userId, grantId),
    }),
  });
  await app.register(savedSearchRoutes);
  await app.register(applicationsRoutes);
  // The team's, then the tasks' and calendars' routes: the order the API document has always listed them in.
  await app.register(teamRoutes);
  await app.register(tasksRoutes);
  await app.register(calendarRoutes);
  await app.register(feedRoutes);
  await app.register(homeRoutes);
  await app.register(notificationsRoutes);
  // The documents ask the applications module how a person stands to an application (it reads their checklist).
  await app.register(documentsRoutes, { roleOf: applicationRoleFor });
  await app.register(matchingRoutes);
  // Spreadsheet exports of search results, saved grants and applications (issue 29 §4).
  await app.register(searchExportRoutes);
  await app.register(myExportsRoutes);
  // Limited submissions: internal competitions for a grant's places (issue 29 §1).
  await app.register(limitedSubmissionsRoutes);
  // Current and Pending (Other) Support (issue 29 §3).
  await app.register(currentPendingRoutes);

  // Funding newsletters (issue 29 §5, decision 063).
  await app.register(newslettersRoutes);

  await registerWebApp(app, config);
  return app;
}

/**
 * Serves the built web app (hashed assets cached for a year), with index.html
 * for every client-side route; unknown API paths get problem+json.
 */
async function registerWebApp(app: FastifyInstance, config: Config) {
  const hasWeb = fs.existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each asset.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' && !url.startsWith('/api/') && url !== '/api' && !path.extname(url);
    if (!hasWeb || !isPage) {
      return sendProblem(reply, 'not_found', `No route for ${request.method} ${url}.`);
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
