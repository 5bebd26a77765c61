// Fastify type augmentation shared by the plugins and modules.
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { SessionUser } from '../modules/auth/auth.service';
import type { Outbox } from '../jobs/outbox';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    outbox: Outbox;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** Public routes opt out of the sign-in requirement here (STYLE rule 11). */
    public?: boolean;
    /** Only this role may call the route. */
    role?: 'researcher' | 'admin';
  }
}

export const sessionCookieName = 'gb_session';
