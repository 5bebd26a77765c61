// Fastify type augmentation shared by the plugins and modules.
import type { User } from '@grantbridge/contract/auth';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Outbox } from '../jobs/outbox';
import type { Scheduler } from '../jobs/scheduler';
import type { Drain } from '../lib/drain';

/** The signed-in user of a request, with the session it came with. */
export type SessionUser = User & { sessionId: string };

/** Who is acting, as the modules' policies see them (a SessionUser is one). */
export type Actor = Pick<User, 'id' | 'role'> & { institution: Pick<User['institution'], 'id'> };

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    outbox: Outbox;
    /** Scheduled jobs (pg-boss), started by main.ts. */
    scheduler: Scheduler;
    /** Shutting down: still serving, but the health check says not to send more. */
    draining: boolean;
    /** The end of a shutdown: stop listening and answer every request received (lib/drain.ts). */
    drain: Drain;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** Public routes opt out of the sign-in requirement here (STYLE rule 11). */
    public?: boolean;
    /** Only this role may call the route. */
    role?: 'researcher' | 'admin';
    /** A form another site posts on purpose (the SAML ACS): its Origin is not checked. */
    crossSite?: boolean;
  }
}

export const sessionCookieName = 'gb_session';
