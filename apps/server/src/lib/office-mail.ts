import type { Executor } from '../db/client';
import { officeEmails } from '../db/shared-facts';
import type { MailSender, OutgoingMail } from './mail-queue';

/** A mail to the office: every active admin and super admin gets it (db/shared-facts.ts). */
export type OfficeMail = {
  /** Queues one copy per office address in one transaction; resolves once all are queued. */
  send(mail: Omit<OutgoingMail, 'to'>): Promise<void>;
};

/**
 * The office's mail, one fan-out for every module that writes to the office (a new malfunction,
 * an account waiting to be linked). The copies are queued together (the queue sends each on its
 * own, so one refused address does not keep the others back).
 */
export function createOfficeMail(db: Executor, mail: MailSender): OfficeMail {
  return {
    async send(message) {
      const addresses = await officeEmails(db);
      await mail.sendAll(addresses.map((to) => ({ ...message, to })));
    },
  };
}
