import { MAIL_TEXT, type MailListQuery, type QueuedMail } from '@keurwijzer/shared/mails';
import type { Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/errors';
import type { MailQueue } from '../../lib/mail-queue';
import { mailsPolicy } from './mails.policy';
import type { MailsRepository } from './mails.repository';

/**
 * The admins' view of the mail queue: the mails (the failed ones above all) and sending a failed
 * one again. Who may: mails.policy.ts (`users.manage`).
 */
export function createMailsService({ repo, queue }: { repo: MailsRepository; queue: Pick<MailQueue, 'retry'> }) {
  return {
    list(actor: Actor, query: MailListQuery) {
      mailsPolicy.assertRead(actor);
      return repo.list(query);
    },

    failedCount(actor: Actor) {
      mailsPolicy.assertRead(actor);
      return repo.failedCount();
    },

    /** Queues a failed mail again; 404 unknown, 409 when it is not failed (queued or sent). */
    async retry(actor: Actor, id: number): Promise<QueuedMail> {
      mailsPolicy.assertWrite(actor);
      const outcome = await queue.retry(id);
      if (outcome === 'not_found') throw notFound();
      if (outcome === 'not_failed') throw conflict(MAIL_TEXT.notFailed);
      const mail = await repo.find(id);
      if (!mail) throw notFound();
      return mail;
    },
  };
}

export type MailsService = ReturnType<typeof createMailsService>;
