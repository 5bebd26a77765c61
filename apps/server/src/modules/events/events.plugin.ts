// The events runtime as a plugin: decorates app.events, which runs the
// reactions to domain events recorded on this app's database (main.ts starts
// its poller), and stops it when the app closes. Handlers publish on the
// realtime bus and wake the outbox, so both must be there first.
import fp from 'fastify-plugin';
import { registerEventRuntime, type EventHandler } from './events.service';

export const eventRuntimePlugin = fp<{ handlers: EventHandler[] }>(
  async function eventRuntime(app, { handlers }) {
    app.decorate(
      'events',
      registerEventRuntime(app.db, {
        bus: app.realtime,
        log: app.log,
        handlers,
        context: { config: app.config, outbox: app.outbox },
      }),
    );
    app.addHook('onClose', async () => app.events.stop());
  },
  { name: 'events', dependencies: ['realtime-bus'], decorators: { fastify: ['config', 'db', 'outbox'] } },
);
