import type { MailSender } from '../../lib/mail-queue';
import { reporterUpdateMail, type ReporterUpdate } from '../../lib/malfunction-update-mail';
import type { MalfunctionsCustomerRepository } from './malfunctions-customer.repository';
import type { HandleChange, HandledRow } from './malfunctions.repository';

/**
 * The reporter's mails: one mail per change by the office (status, note for the
 * customer, or both), to the reporting user after the commit, unless they turned
 * `malfunction_mails` off, are archived or not yet active, or the report was anonymous (no user).
 * Every path that changes a malfunction's status for the office calls `send` in its AfterCommit
 * (the office's handling, planning); the customer's own comment and withdrawal never do.
 */
export function createReporterMail({
  repo,
  mail,
  appUrl,
}: {
  repo: MalfunctionsCustomerRepository;
  mail: MailSender;
  appUrl: string;
}) {
  return {
    async send(id: number, update: ReporterUpdate): Promise<void> {
      const found = await repo.mailFacts(id);
      if (!found) return;
      const { facts, reporterMails, hasReport } = found;
      if (!facts.reporterEmail || !facts.reporterActive || !reporterMails) return;
      await mail.send({
        kind: update.status?.to === 'resolved' ? 'malfunction_resolved' : 'malfunction_update',
        to: facts.reporterEmail,
        ...reporterUpdateMail({ ...facts, hasReport }, update, appUrl),
      });
    },
  };
}

export type ReporterMail = ReturnType<typeof createReporterMail>;

/**
 * What the reporter is told of one change by the office (malfunctions.service.ts `handle`): its
 * status change (with the reason of a reopening) and a note for the customer that was set or
 * changed (a cleared one is not news); null when neither (an internal note, an assignment).
 */
export function reporterUpdateOf(before: HandledRow, change: HandleChange | null): ReporterUpdate | null {
  if (!change) return null;
  const update: ReporterUpdate = {};
  if (change.status !== before.status) {
    const event = change.events.find((e) => e.kind === 'status');
    update.status = { from: before.status, to: change.status, reason: event?.reason ?? null };
  }
  if (change.customerNote !== before.customerNote && change.customerNote) update.customerNote = change.customerNote;
  return update.status || update.customerNote ? update : null;
}
