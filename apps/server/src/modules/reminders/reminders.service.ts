import { addDays } from '@keurwijzer/shared/compliance';
import { dutchToday } from '@keurwijzer/shared/format';
import type { SqlExecutor } from '../../db/client';
import type { ReminderKind } from '../../db/schema/reminders';
import type { MailSender } from '../../lib/mail-queue';
import type { MailMessage } from '../../lib/mail-templates';
import { customerReminderMail, officeReminderMail } from './reminder-mails';
import type { ReminderRecipient, RemindersRepository } from './reminders.repository';

/** The office's window: what becomes due in the coming four weeks. */
export const OFFICE_WINDOW_DAYS = 28;
/** A mail stays small: at most this many machines per customer ("en nog N machines")... */
export const MACHINES_PER_CUSTOMER = 50;
/** ...and, in the office's mail, this many customers, the worst first ("en nog N klanten"). */
export const CUSTOMERS_PER_OFFICE_MAIL = 25;

/** The `mails.kind` of each reminder. */
export const REMINDER_MAIL_KINDS: Record<ReminderKind, string> = {
  office_weekly: 'reminder_office_weekly',
  customer_monthly: 'reminder_customer_monthly',
};

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** The ISO week of a day, "2026-W48" (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(day: string): string {
  const d = utc(day);
  const weekday = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - weekday + 3);
  const year = d.getUTCFullYear();
  const firstThursday = utc(`${year}-01-04`);
  firstThursday.setUTCDate(firstThursday.getUTCDate() - ((firstThursday.getUTCDay() + 6) % 7) + 3);
  const week = 1 + Math.round((d.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
  return `${year}-W${pad(week)}`;
}

/** The month of a day, "2026-12". */
export const monthOf = (day: string): string => day.slice(0, 7);

/** What a run did: its period, the mails it queued, and the recipients that had theirs already. */
export type ReminderRun = { kind: ReminderKind; period: string; queued: number; alreadySent: number };

type Deps = {
  repo: RemindersRepository;
  mail: MailSender;
  appUrl: string;
  /** config.dueSoonDays: the customers' "Binnenkort" window. */
  dueSoonDays: number;
};

/**
 * The reminder mails. Each run is for a period (the ISO week of the office's
 * weekly mail, the month of the customers' monthly one) of a Dutch day, "today" (the scheduled
 * job's day; tests pass a fixed one). Every mail is queued through the mail queue in a
 * transaction that first claims the key (kind, period, user) in reminder_sends: a second run of
 * the same period (another process, a retried job, two at once) finds the key taken and queues
 * nothing for that user, so each mail goes out once.
 */
export function createRemindersService({ repo, mail, appUrl, dueSoonDays }: Deps) {
  const claim = (kind: ReminderKind, period: string, userId: number) => async (tx: SqlExecutor) => {
    const { rows } = await tx.query(
      `insert into reminder_sends (kind, period, user_id) values ($1, $2, $3)
       on conflict do nothing returning user_id`,
      [kind, period, userId],
    );
    return rows.length > 0;
  };

  /** One mail per recipient, each in its own transaction with its key. */
  async function sendEach(
    kind: ReminderKind,
    period: string,
    recipients: { user: ReminderRecipient; message: MailMessage }[],
  ): Promise<ReminderRun> {
    let queued = 0;
    for (const { user, message } of recipients) {
      const ids = await mail.sendAll([{ kind: REMINDER_MAIL_KINDS[kind], to: user.email, ...message }], {
        onlyIf: claim(kind, period, user.id),
      });
      queued += ids.length;
    }
    return { kind, period, queued, alreadySent: recipients.length - queued };
  }

  return {
    /** The weekly mail to the office (Monday): overdue, rejected and due within 4 weeks, per customer. */
    async officeWeekly(today: string = dutchToday()): Promise<ReminderRun> {
      const period = isoWeek(today);
      const { customers, totalCustomers } = await repo.officeDue(
        { today, soonDays: OFFICE_WINDOW_DAYS },
        { perCustomer: MACHINES_PER_CUSTOMER, maxCustomers: CUSTOMERS_PER_OFFICE_MAIL },
      );
      // Nothing overdue, rejected or due soon anywhere: no mail.
      if (customers.length === 0) return { kind: 'office_weekly', period, queued: 0, alreadySent: 0 };
      const recipients = await repo.officeRecipients();
      const until = addDays(today, OFFICE_WINDOW_DAYS);
      return sendEach(
        'office_weekly',
        period,
        recipients.map((user) => ({
          user,
          message: officeReminderMail({
            firstName: user.firstName,
            period,
            until,
            days: OFFICE_WINDOW_DAYS,
            customers,
            totalCustomers,
            appUrl,
          }),
        })),
      );
    },

    /** The monthly mail (the 1st) to every user of a customer with an overdue or rejected machine. */
    async customerMonthly(today: string = dutchToday()): Promise<ReminderRun> {
      const period = monthOf(today);
      const { customers } = await repo.customersDue(
        { today, soonDays: dueSoonDays },
        { perCustomer: MACHINES_PER_CUSTOMER },
      );
      const byId = new Map(customers.map((c) => [c.id, c]));
      const recipients = await repo.customerRecipients([...byId.keys()]);
      return sendEach(
        'customer_monthly',
        period,
        recipients.map((user) => ({
          user,
          message: customerReminderMail({ firstName: user.firstName, customer: byId.get(user.customerId!)!, appUrl }),
        })),
      );
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
