import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { MailSender } from '../../lib/mail-queue';
import { createReminders, type Reminders } from './reminder-schedule';
import { createRemindersRepository } from './reminders.repository';
import { createRemindersService } from './reminders.service';

/**
 * The reminder mails, built once by the app (app.ts) beside the mail queue:
 * started after it on ready, stopped before it on close. `app.reminders` is it (tests run it).
 */
export function createRemindersModule(deps: {
  database: Database;
  mail: MailSender;
  config: Config;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}): Reminders {
  const { database, mail, config, log } = deps;
  const service = createRemindersService({
    repo: createRemindersRepository(database.db),
    mail,
    appUrl: config.appUrl,
    dueSoonDays: config.dueSoonDays,
  });
  return createReminders({ sql: database.sql, service, enabled: config.reminders, log });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The reminder mails' schedules and runs (modules/reminders). */
    reminders: Reminders;
  }
}
