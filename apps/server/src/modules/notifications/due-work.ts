// Everything that comes due with time, in one run: read what the last
// imports changed, remind of deadlines and tasks, notice unread messages,
// then mail instant notices and the digests whose hour has come. The job
// scheduler runs it every few minutes and at start (catching up what was
// missed while the server was down); `npm run jobs:run-due -- --at <time>`
// runs it as of a given time. Every step is safe to repeat.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RealtimeBus } from '../../plugins/realtime-bus';
import { sendDigests, sendInstantEmails } from './email-jobs';
import { processGrantChanges } from './grant-alerts';
import { sendDeadlineReminders, sendTaskReminders, sendUnreadMessageNotices } from './reminder-jobs';

export type DueWorkContext = { db: Db; bus: RealtimeBus; config: Config; log: FastifyBaseLogger };

export async function runDueWork({ db, bus, config, log }: DueWorkContext, at = new Date()) {
  const started = Date.now();
  const imports = await processGrantChanges(db, bus, at);
  const reminders = await sendDeadlineReminders(db, bus, at);
  const tasks = await sendTaskReminders(db, bus, at);
  const messages = await sendUnreadMessageNotices(db, bus, at);
  const instant = await sendInstantEmails(db, config);
  const digests = await sendDigests(db, config, at);
  const summary = {
    changesRead: imports.read,
    alerts: imports.told,
    reminders,
    tasks,
    messages,
    instantEmails: instant,
    digests,
    ms: Date.now() - started,
  };
  log.info({ at: at.toISOString(), ...summary }, 'notifications: due work done');
  return summary;
}
