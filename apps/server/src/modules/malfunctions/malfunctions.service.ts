import {
  MALFUNCTION_TEXT,
  MALFUNCTION_TRANSITIONS,
  type MalfunctionDetail,
  type MalfunctionHandleInput,
  type MalfunctionListQuery,
  type OwnMalfunctionListQuery,
} from '@keurwijzer/shared/malfunctions';
import type { Actor } from '../../lib/actor';
import { conflict, fieldError, notFound } from '../../lib/errors';
import type { ImageFile } from '../../lib/image-intake';
import type { MailSender } from '../../lib/mail-queue';
import { createMalfunctionReports, type ReportDeps } from './malfunctions-report.service';
import { reporterUpdateOf, type ReporterMail } from './malfunctions-reporter-mail';
import { malfunctionsPolicy } from './malfunctions.policy';
import type { HandleChange, PhotoRow } from './malfunctions.repository';
import type { AfterCommit } from './malfunctions-uploads';

/** A photo file to send: its stream, type and a file name for Content-Disposition. */
export type PhotoFile = ImageFile;

type Deps = ReportDeps & {
  mail: MailSender;
  /** The reporter's mails on a status change or a note for them (malfunctions-reporter-mail.ts). */
  reporterMail: ReporterMail;
  /** The mail to a new assignee, unless the actor assigned it to themselves (malfunctions-assigned.service.ts). */
  mailAssignee?: (malfunctionId: number, assigneeId: number, actorId: number) => Promise<void>;
};

/**
 * Malfunctions: the customer's report (its own machine in use, throttled per user in the
 * database, up to 3 photos checked and re-encoded as the machine images) and "Mijn storingen";
 * the office's list, open count, detail and handling (transitions, timeline). The policy decides
 * who reads what. Mails go out after the commit and never fail the request (AfterCommit).
 */
export function createMalfunctionsService({
  repo,
  storage,
  officeMail,
  appUrl,
  intake,
  respondBy,
  reporterMail,
  mailAssignee,
}: Deps) {
  async function fileOf(row: PhotoRow | undefined, thumb: boolean): Promise<PhotoFile> {
    if (!row) throw notFound();
    const stream = await storage.get(thumb ? row.thumbKey : row.fileKey);
    if (!stream) throw notFound();
    const ext = thumb ? 'webp' : row.fileKey.split('.').pop();
    return {
      stream,
      contentType: thumb ? 'image/webp' : row.contentType,
      fileName: `storing-${row.malfunctionId}-${row.id}${thumb ? '-klein' : ''}.${ext}`,
    };
  }

  return {
    ...createMalfunctionReports({ repo, storage, officeMail, appUrl, intake, respondBy }),

    /** "Mijn storingen": every malfunction of the user's customer (colleagues' included). */
    ownList(actor: Actor, query: OwnMalfunctionListQuery) {
      return repo.ownList(malfunctionsPolicy.ownCustomer(actor), query);
    },

    /** A photo of a malfunction of the user's customer; 404 for anything else. */
    async ownPhoto(actor: Actor, id: number, photoId: number, thumb: boolean): Promise<PhotoFile> {
      const customerId = malfunctionsPolicy.ownCustomer(actor);
      return fileOf(await repo.photo(id, photoId, customerId), thumb);
    },

    list(actor: Actor, query: MalfunctionListQuery) {
      malfunctionsPolicy.assertRead(actor);
      return repo.list(query);
    },

    async openCount(actor: Actor): Promise<{ count: number; late: number }> {
      malfunctionsPolicy.assertRead(actor);
      return repo.openCount();
    },

    async detail(actor: Actor, id: number): Promise<MalfunctionDetail> {
      malfunctionsPolicy.assertRead(actor);
      const detail = await repo.detail(id);
      if (!detail) throw notFound();
      return detail as MalfunctionDetail;
    },

    async photo(actor: Actor, id: number, photoId: number, thumb: boolean): Promise<PhotoFile> {
      malfunctionsPolicy.assertRead(actor);
      return fileOf(await repo.photo(id, photoId), thumb);
    },

    /**
     * The office's handling: a status per MALFUNCTION_TRANSITIONS (422 on `status` otherwise; 409
     * MALFUNCTION_TEXT.withdrawnByCustomer once the customer withdrew it), back to Open only with a reason (422 on `reason`), the notes (omitted: unchanged). The
     * actor becomes `handled_by`; a status change is a 'status' event, changed notes a 'note'
     * event. Decided on the locked row, so two changes at once never both start from one status.
     * A status change or a new note for the customer mails the reporting user after the commit
     * (reporterMail: one mail per change, unless they turned the mails off).
     */
    async handle(
      actor: Actor,
      id: number,
      input: MalfunctionHandleInput,
    ): Promise<{ data: MalfunctionDetail; afterCommit: AfterCommit }> {
      malfunctionsPolicy.assertWrite(actor);
      if (input.assigned_to != null && !(await repo.isAssignable(input.assigned_to))) {
        throw fieldError('assigned_to', MALFUNCTION_TEXT.notAssignable);
      }
      const result = await repo.handle(id, actor.id, (row): HandleChange | null => {
        const status = input.status ?? row.status;
        const events: HandleChange['events'] = [];
        if (status !== row.status) {
          // Withdrawn meanwhile (the office's screen still showed it open): say so, not "not possible".
          if (row.status === 'withdrawn') throw conflict(MALFUNCTION_TEXT.withdrawnByCustomer);
          if (!MALFUNCTION_TRANSITIONS[row.status].includes(status)) {
            throw fieldError('status', MALFUNCTION_TEXT.invalidTransition);
          }
          if (status === 'open' && !input.reason) throw fieldError('reason', MALFUNCTION_TEXT.reasonRequired);
          events.push({
            kind: 'status',
            fromStatus: row.status,
            toStatus: status,
            reason: status === 'open' ? input.reason : null,
          });
        }
        const internalNote = input.internal_note === undefined ? row.internalNote : input.internal_note;
        const customerNote = input.customer_note === undefined ? row.customerNote : input.customer_note;
        const internalChanged = internalNote !== row.internalNote;
        const customerChanged = customerNote !== row.customerNote;
        if (internalChanged || customerChanged) {
          // A cleared note is '' in the timeline (null there means "not changed").
          events.push({
            kind: 'note',
            internalNote: internalChanged ? (internalNote ?? '') : null,
            customerNote: customerChanged ? (customerNote ?? '') : null,
          });
        }
        const assignedTo = input.assigned_to === undefined ? row.assignedTo : input.assigned_to;
        if (assignedTo !== row.assignedTo) events.push({ kind: 'assigned', assignedTo });
        if (events.length === 0) return null;
        const responds = status !== row.status || customerChanged;
        return { status, internalNote, customerNote, assignedTo, responds, events };
      });
      if (!result) throw notFound();
      // The reporter hears of a status change and of a note for them (malfunctions-reporter-mail.ts).
      const update = reporterUpdateOf(result.before, result.change);
      return {
        data: result.detail as MalfunctionDetail,
        afterCommit: async () => {
          if (update) await reporterMail.send(id, update);
          // A new assignee hears of it.
          const assignee = result.change?.assignedTo;
          if (mailAssignee && assignee != null && assignee !== result.before.assignedTo) {
            await mailAssignee(id, assignee, actor.id);
          }
        },
      };
    },
  };
}

export type MalfunctionsService = ReturnType<typeof createMalfunctionsService>;
