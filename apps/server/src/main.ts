// Starts GrantBridge: config, migrations, reference and demo data, listen,
// outbox worker, and a graceful shutdown that lets in-flight requests finish.
//
// Only the config and the database client are imported up front: the database
// starts opening (PGlite's thread, the longest part of a warm start) while the
// rest of the server's code loads, on the other core.
import { ConfigError, loadConfig, pgliteDirFor, type Config } from './config';
import { DataDirInUseError, DataDirUnusableError, openDatabase } from './db/client';

async function start() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const opening = openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: pgliteDirFor(config),
    pgliteSharedBuffers: config.pgliteSharedBuffers,
    markFirstStart: true,
  });
  opening.catch(() => undefined); // a failure surfaces in buildApp, which awaits it
  const [
    { buildApp },
    { readDemoData },
    { prepareDatabase },
    { sendInstantEmails },
    { onInstantEmails },
  ] = await Promise.all([
    import('./app'),
    import('./seed/seed'),
    import('./startup'),
    import('./modules/notifications/email-jobs'),
    import('./modules/notifications/notifications.service'),
  ]);
  const app = await buildApp(config, { opening });
  const seededNow = await prepareDatabase(app.database, config, app.log);
  app.outbox.start();
  // Events a crash left unhandled, and handlers that failed, run again from here.
  app.events.start();
  // Instant alert e-mails leave as soon as they are stored, not at the next scheduled run.
  let instantTimer: NodeJS.Timeout | undefined;
  onInstantEmails(() => {
    clearTimeout(instantTimer);
    instantTimer = setTimeout(() => {
      sendInstantEmails(app.db, config)
        .then(() => app.outbox.poke())
        .catch((err) => app.log.error({ err }, 'instant alert e-mails failed'));
    }, 1000);
  });

  let closing = false;
  let schedulerStarting: Promise<void> = Promise.resolve();
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // A rolling deploy: say "not ready" at once, keep serving while load
    // balancers notice (SHUTDOWN_DRAIN_MS), then stop accepting, finish every
    // request already read, close sockets with "restarting", and exit.
    app.draining = true;
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: draining, then finishing in-flight requests');
    // The last resort comes after the drain's own deadline, which answers what is
    // still unanswered with 503 and lets go of it (lib/drain.ts): at the same
    // moment, the exit won the race and every upload still arriving was reset.
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownDrainMs + config.shutdownTimeoutMs + 5000);
    timer.unref();
    try {
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      // Stop listening and answer everything received (lib/drain.ts), then close the rest.
      const drained = await app.drain.run(config.shutdownTimeoutMs);
      app.log.info(drained, 'connections drained');
      await schedulerStarting; // a stop in the middle of pg-boss's start would fail
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  // Scheduled work (pg-boss) starts once requests are served: no request waits
  // for it, and its set-up took a few tenths of a second off every start.
  schedulerStarting = app.scheduler.start().catch((err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
  const url = config.publicUrl ?? `http://localhost:${config.port}`;
  const lines = [
    '',
    // Seconds since this process began (npm and the build check before it are not counted).
    `  GrantBridge is running at ${url} (ready in ${process.uptime().toFixed(1)} s)`,
    `  Database: ${app.database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (config.seedDemo) {
    const demo = readDemoData(config);
    const admin = demo.people.find((p) => p.role === 'admin');
    const researcher = demo.people.find((p) => p.email.startsWith('researcher@'));
    lines.push(
      `  Demo data ${seededNow ? 'loaded' : 'present'}. Demo accounts (password: ${config.demoPassword}):`,
      `    Administrator: ${admin?.email}`,
      `    Researcher:    ${researcher?.email}`,
    );
  }
  if (config.seedDemo && !config.hostExplicit) {
    lines.push(
      `  Listening on ${config.host} only: the demo accounts share a known password.`,
      '  Set HOST=0.0.0.0 (and SEED_DEMO=false for real use) to accept other machines.',
    );
  }
  lines.push(`  API docs: ${url}/api/docs`, '');
  console.log(lines.join('\n'));
}

start().catch((err) => {
  if (err instanceof DataDirInUseError || err instanceof DataDirUnusableError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
