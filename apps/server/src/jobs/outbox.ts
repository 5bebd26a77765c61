// The e-mail outbox: rows are written in the same transaction as the thing
// that caused them, then a worker claims due rows (FOR UPDATE SKIP LOCKED, so
// several instances never send one twice), sends them and retries failures
// with exponential backoff. Without SMTP_URL, mail is written as .eml files.
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { queryRows, type Db } from '../db/client';
import { emailOutbox } from '../db/schema/outbox';

export type OutboxMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  replyTo?: string;
};

const toRow = (m: OutboxMessage) => ({
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html ?? null,
  headers: m.headers ?? null,
  replyTo: m.replyTo ?? null,
});

export async function enqueueEmail(db: Db, message: OutboxMessage) {
  const [row] = await db
    .insert(emailOutbox)
    .values(toRow(message))
    .returning({ id: emailOutbox.id });
  return row!.id;
}

/** Several messages in one statement (a bulk import's invitations). */
export async function enqueueEmails(db: Db, messages: OutboxMessage[]) {
  if (messages.length === 0) return;
  await db.insert(emailOutbox).values(
    messages.map(toRow),
  );
}

type Transport = { send: (id: string, message: OutboxMessage, from: string) => Promise<void> };

export function outboxDir(config: Config) {
  return path.join(config.dataDir, 'outbox');
}

function createTransport(config: Config): Transport {
  if (config.smtpUrl) {
    const smtp = nodemailer.createTransport(config.smtpUrl, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as never);
    return {
      send: async (_id, m, from) => {
        await smtp.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers, replyTo: m.replyTo });
      },
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (id, m, from) => {
      const info = await files.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers, replyTo: m.replyTo });
      const dir = outboxDir(config);
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
      fs.writeFileSync(`${file}.tmp`, info.message as Buffer);
      fs.renameSync(`${file}.tmp`, file);
    },
  };
}

/**
 * Removes `.eml.tmp` files a killed process left half-written (a file is
 * written aside and renamed into place). Their rows were claimed but never
 * marked sent, so they are sent again when the claim's lease runs out: nothing
 * is lost. Only files older than a minute go, so another process's file being
 * written now is left alone. Returns how many were removed.
 */
export function removeOrphanTempFiles(dir: string, olderThanMs = 60_000, now = Date.now()): number {
  let removed = 0;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    if (!name.endsWith('.eml.tmp')) continue;
    const file = path.join(dir, name);
    try {
      if (now - fs.statSync(file).mtimeMs < olderThanMs) continue;
      fs.rmSync(file, { force: true });
      removed++;
    } catch {
      // Gone meanwhile (another instance tidied it): nothing to do.
    }
  }
  return removed;
}

/** 30 s, 1 min, 2 min … capped at 1 hour. */
export function backoffMs(attempts: number) {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

const leaseMs = 5 * 60_000;

/** A claimed outbox row, as the claim statement returns it. */
type OutboxRow = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string> | null;
  reply_to: string | null;
  attempts: number;
};

export type Outbox = {
  /** Sends whatever is due now; resolves with how many were sent. */
  drain: () => Promise<{ sent: number; failed: number }>;
  /** Asks the worker to run soon (after a request queued mail). */
  poke: () => void;
  start: () => void;
  stop: () => Promise<void>;
};

export function createOutbox(db: Db, config: Config, log: FastifyBaseLogger): Outbox {
  const transport = createTransport(config);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<{ sent: number; failed: number }> | undefined;
  let stopped = true;

  async function claim() {
    // The lease makes a crashed sender's rows due again later, so nothing is lost.
    return queryRows<OutboxRow>(db, sql`
      UPDATE email_outbox SET attempts = attempts + 1,
        next_attempt_at = now() + ${`${leaseMs} milliseconds`}::interval
      WHERE id IN (
        SELECT id FROM email_outbox
        WHERE status = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at, created_at
        LIMIT 20
        FOR UPDATE SKIP LOCKED)
      RETURNING id, "to", subject, text, html, headers, reply_to, attempts`);
  }

  async function drainOnce() {
    let sent = 0;
    let failed = 0;
    const rows = await claim();
    for (const { id, attempts, reply_to: replyTo, html, headers, ...row } of rows) {
      try {
        const message = { ...row, html: html ?? undefined, headers: headers ?? undefined, replyTo: replyTo || undefined };
        await transport.send(id, message, config.mailFrom);
        await db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: new Date(), lastError: null })
          .where(eq(emailOutbox.id, id));
        sent++;
      } catch (err) {
        failed++;
        const message = err instanceof Error ? err.message : String(err);
        log.warn({ outboxId: id, attempts, err: message }, 'e-mail send failed; will retry');
        await db
          .update(emailOutbox)
          .set({ lastError: message.slice(0, 500), nextAttemptAt: new Date(Date.now() + backoffMs(attempts)) })
          .where(eq(emailOutbox.id, id));
      }
    }
    return { sent, failed };
  }

  function drain() {
    running ??= drainOnce().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      drain()
        .catch((err) => log.error({ err }, 'outbox worker failed'))
        .finally(() => schedule(config.outboxPollMs));
    }, delay);
    timer.unref();
  }

  return {
    drain,
    poke: () => schedule(0),
    start: () => {
      stopped = false;
      if (!config.smtpUrl) {
        const removed = removeOrphanTempFiles(outboxDir(config));
        if (removed) log.info({ removed }, 'outbox: removed half-written mail files left by a stopped process');
      }
      schedule(0);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
