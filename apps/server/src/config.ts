// Settings from the environment, parsed once at start. A missing or bad
// setting stops the process with a message that names it.
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { projectRoot } from './lib/project-paths';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default(path.join(projectRoot, '.grantbridge')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.string().url().optional(),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9][0-9]{0,2}MB$/, 'must be a size in MB from 1MB to 999MB, such as 16MB')
    .default('16MB'),
  SEED_DEMO: booleanString.optional(),
  DEMO_PASSWORD: z.string().min(8).default('grantbridge-demo'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  ORCID_API_URL: z.string().url().default('https://pub.orcid.org/v3.0'),
  MAIL_FROM: z.string().min(3).default('GrantBridge <no-reply@grantbridge.local>'),
  LEADS_INBOX: z.string().email().default('sales@grantbridge.local'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(24),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(24 * 7),
  REMEMBER_DAYS: z.coerce.number().positive().default(30),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(60_000),
  LEAD_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  LEAD_RATE_WINDOW_MINUTES: z.coerce.number().positive().default(10),
  LOGIN_IP_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).default(50),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(2000),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  WEB_DIST: z.string().default(path.join(projectRoot, 'apps/web/dist')),
  CATALOGUE_REFRESH_AT: z
    .string()
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'must be a time of day as HH:MM, such as 06:00')
    .default('06:00'),
  GRANTS_GOV_EXTRACT_URL: z
    .string()
    .refine((v) => v === 'off' || /^https?:\/\/[^\s]+$/.test(v), 'must be an http(s) address (with {YYYYMMDD} where the date goes), or off')
    .optional(),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 visible characters without spaces, such as the output of openssl rand -hex 32')
    .optional(),
  TRUST_PROXY: z
    .string()
    .transform((value, context): TrustProxy => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'string') {
        context.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
});

/**
 * Which proxies in front may say who the client is (X-Forwarded-For): false,
 * the number of hops, or their addresses and CIDR ranges.
 */
export type TrustProxy = false | number | string[];

/**
 * Where Grants.gov publishes its daily extract (https://www.grants.gov/xml-extract),
 * about 4 am US Eastern; {YYYYMMDD} is the extract's day there (decision 056).
 */
export const grantsGovExtractUrl = 'https://prod-grants-gov-chatbot.s3.amazonaws.com/extracts/GrantsDBExtract{YYYYMMDD}v2.zip';

const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY's value, or what is wrong with it. */
export function parseTrustProxy(value: string): TrustProxy | string {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === 'no' || text === '0') return false;
  if (text === 'true' || text === 'yes') {
    return 'name the proxies: a number of hops (1 for one load balancer) or their addresses/CIDRs; true would let any client say who it is';
  }
  if (/^\d+$/.test(text)) return Math.min(Number(text), 10);
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    if (proxyNames.has(entry)) continue;
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))) {
      return `"${entry}" is not an address, a CIDR range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal`;
    }
  }
  return entries.length ? entries : 'is empty';
}

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  /** Whether HOST was set; when not, a server with demo data listens on loopback only. */
  hostExplicit: boolean;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The embedded database's shared buffers (decision 036). */
  pgliteSharedBuffers: string;
  publicUrl: string | undefined;
  seedDemo: boolean;
  demoPassword: string;
  smtpUrl: string | undefined;
  /** The ORCID public API (v3.0); tests point it at a local server. */
  orcidApiUrl: string;
  mailFrom: string;
  leadsInbox: string;
  logLevel: string;
  bodyLimit: number;
  sessionIdleMs: number;
  /** How long an instance trusts a session it looked up (0: every request reads the database). */
  sessionCacheMs: number;
  sessionAbsoluteMs: number;
  rememberMs: number;
  leadRateLimit: number;
  leadRateWindowMs: number;
  loginIpRateLimit: number;
  /** Failures for one e-mail from one address that lock that pair; for one e-mail from anywhere, that slow it. */
  loginMaxFailures: number;
  /** Failures from one address, any e-mail, that lock the address. */
  loginAddressMaxFailures: number;
  loginFailureWindowMs: number;
  outboxPollMs: number;
  /** How many nightly backups of the embedded database DATA_DIR/backups keeps (db/backup.ts). */
  backupKeep: number;
  shutdownTimeoutMs: number;
  /** After SIGTERM, how long the server keeps serving while the health check says it is going away. */
  shutdownDrainMs: number;
  webDist: string;
  projectRoot: string;
  /** TRUST_PROXY: whose X-Forwarded-For gives the client's address (false: the socket's). */
  trustProxy: TrustProxy;
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; unset, there is no /metrics (plugins/metrics.ts). */
  metricsToken: string | undefined;
  /** The catalogue's daily refresh, as HH:MM in the server's time zone (`timeZone`). */
  catalogueRefreshAt: string;
  /** The extract's address ({YYYYMMDD} for its day), or null: no scheduled refresh (demo data, or `off`). */
  catalogueExtractUrl: string | null;
  /** The server's time zone (TZ, else the system's), in which the refresh time is read. */
  timeZone: string;
};

/** The data shipped with the code (institutions, the grants extract, the demo): `data/` at the project root. */
export function shippedDataDir(config: Config) {
  return path.join(config.projectRoot, 'data');
}

/** The embedded database's folder in DATA_DIR. */
export function pgliteDirFor(config: Config) {
  return path.join(config.dataDir, 'pglite');
}

/** Where the nightly backups of the embedded database go. */
export function backupsDirFor(config: Config) {
  return path.join(config.dataDir, 'backups');
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const hour = 3_600_000;
  const seedDemo = e.SEED_DEMO ?? e.NODE_ENV !== 'production';
  return {
    env: e.NODE_ENV,
    // Demo data means a shared, published password and an admin account: this machine only, unless told.
    host: e.HOST ?? (seedDemo ? '127.0.0.1' : '0.0.0.0'),
    hostExplicit: e.HOST !== undefined,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    publicUrl: e.PUBLIC_URL,
    seedDemo,
    demoPassword: e.DEMO_PASSWORD,
    smtpUrl: e.SMTP_URL,
    orcidApiUrl: e.ORCID_API_URL.replace(/\/+$/, ''),
    mailFrom: e.MAIL_FROM,
    leadsInbox: e.LEADS_INBOX,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    bodyLimit: e.BODY_LIMIT_BYTES,
    sessionIdleMs: e.SESSION_IDLE_HOURS * hour,
    sessionCacheMs: e.SESSION_CACHE_MS,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * hour,
    rememberMs: e.REMEMBER_DAYS * 24 * hour,
    leadRateLimit: e.LEAD_RATE_LIMIT,
    leadRateWindowMs: e.LEAD_RATE_WINDOW_MINUTES * 60_000,
    loginIpRateLimit: e.LOGIN_IP_RATE_LIMIT,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginAddressMaxFailures: e.LOGIN_ADDRESS_MAX_FAILURES,
    loginFailureWindowMs: e.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
    outboxPollMs: e.OUTBOX_POLL_MS,
    backupKeep: e.BACKUP_KEEP,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'production' ? 5000 : e.NODE_ENV === 'test' ? 0 : 1000),
    webDist: path.resolve(e.WEB_DIST),
    projectRoot,
    trustProxy: e.TRUST_PROXY ?? false,
    metricsToken: e.METRICS_TOKEN,
    catalogueRefreshAt: e.CATALOGUE_REFRESH_AT,
    // On by default without demo data (production); the demo's catalogue stays as shipped unless told.
    catalogueExtractUrl:
      e.GRANTS_GOV_EXTRACT_URL === 'off'
        ? null
        : (e.GRANTS_GOV_EXTRACT_URL ?? (seedDemo || e.NODE_ENV === 'test' ? null : grantsGovExtractUrl)),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  };
}

/** The address people reach the app at, for links in e-mails (PUBLIC_URL, else this machine). */
export function appUrl(config: Config): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}
