import {
  MALFUNCTION_COMMENTS_PER_HOUR,
  MALFUNCTION_TEXT,
  MAX_COMMENT_PHOTOS,
  MalfunctionCommentInputSchema,
  type MalfunctionStatus,
  type OwnMalfunctionDetail,
} from '@keurwijzer/shared/malfunctions';
import { TEXT } from '@keurwijzer/shared/texts';
import type { Actor } from '../../lib/actor';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';
import type { ImageIntake, ProcessedImage } from '../../lib/image-intake';
import type { MailSender } from '../../lib/mail-queue';
import { malfunctionCommentMail, reporterUpdateMail, type ReporterUpdate } from '../../lib/malfunction-update-mail';
import type { OfficeMail } from '../../lib/office-mail';
import type { Storage } from '../../lib/storage';
import { closedStatus, type MalfunctionsCustomerRepository } from './malfunctions-customer.repository';
import { malfunctionsPolicy } from './malfunctions.policy';
import type { HandleChange, HandledRow } from './malfunctions.repository';
import type { AfterCommit, ReportBody } from './malfunctions.service';

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

type Deps = {
  repo: MalfunctionsCustomerRepository;
  storage: Storage;
  /** The office, told of a comment (lib/office-mail.ts). */
  officeMail: OfficeMail;
  appUrl: string;
  /** The one image intake (lib/image-intake.ts): upload slots, decode queue, storage quota. */
  intake: ImageIntake;
};

/** The comment's 422 in the schema step's shape (the body is read outside Fastify's schema step). */
function parseComment(fields: ReportBody['fields']) {
  const result = MalfunctionCommentInputSchema.safeParse(fields);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
  throw new AppError(422, TEXT.validation, errors);
}

const assertOpen = (status: MalfunctionStatus) => {
  if (closedStatus(status)) throw conflict(MALFUNCTION_TEXT.closed);
};

/**
 * The customer's side of a malfunction of its own customer (permission 'own-machines.view'; the
 * customer comes from the session, another customer's malfunction is 404): the detail with the
 * customer's timeline, a comment with at most one photo (through the one image intake, as the
 * report's photos), and withdrawing it. A comment is mailed to the office after the commit.
 */
export function createMalfunctionsCustomerService({ repo, storage, officeMail, appUrl, intake }: Deps) {
  async function detailOf(customerId: number, id: number): Promise<OwnMalfunctionDetail> {
    const detail = await repo.detail(customerId, id);
    if (!detail) throw notFound();
    return detail as OwnMalfunctionDetail;
  }

  async function removeFiles(image: ProcessedImage | null) {
    if (!image) return;
    await storage.delete(image.fileKey);
    await storage.delete(image.thumbKey);
  }

  return {
    detail(actor: Actor, id: number): Promise<OwnMalfunctionDetail> {
      return detailOf(malfunctionsPolicy.ownCustomer(actor), id);
    },

    /**
     * A comment: the text, a photo (file part `photo`), or both (422 `comment` with neither). As
     * the report: the checks before the body is read (404, 409 once resolved or withdrawn, 429
     * over the throttle, an upload slot for a body that can hold a photo), then the photo is
     * decoded and the quota checked, the files stored, and the comment decided again on the
     * locked row (the repository). At most MAX_COMMENT_PHOTOS comment photos per malfunction.
     */
    async comment(
      actor: Actor,
      id: number,
      read: () => Promise<ReportBody>,
      mayHoldFiles: boolean,
    ): Promise<{ data: OwnMalfunctionDetail; afterCommit: AfterCommit }> {
      const customerId = malfunctionsPolicy.ownCustomer(actor);
      const target = await repo.commentTarget(customerId, id);
      if (!target) throw notFound();
      assertOpen(target.status);
      if ((await repo.commentsOfLastHour(actor.id)) >= MALFUNCTION_COMMENTS_PER_HOUR) {
        throw new AppError(429, MALFUNCTION_TEXT.commentThrottled);
      }
      const release = mayHoldFiles ? intake.slot(actor.id) : () => {};
      let image: ProcessedImage | null = null;
      let text: string | null = null;
      try {
        const { fields, files } = await read();
        text = parseComment(fields).comment;
        const photos = files.filter((f) => f.fieldname === 'photo');
        if (photos.length !== files.length || photos.length > 1) {
          throw fieldError('photo', MALFUNCTION_TEXT.commentOnePhoto);
        }
        const photo = photos[0];
        if (!text && !photo) throw fieldError('comment', MALFUNCTION_TEXT.commentRequired);
        if (photo) {
          if (target.commentPhotos >= MAX_COMMENT_PHOTOS) {
            throw fieldError('photo', MALFUNCTION_TEXT.tooManyCommentPhotos);
          }
          image = await intake.decode(`malfunctions/${target.machineId}`, photo.data, 'photo');
        }
      } finally {
        release();
      }
      if (image) {
        await intake.assertRoom(customerId, image.file.length);
        await storage.put(image.fileKey, image.file);
        await storage.put(image.thumbKey, image.thumb);
      }
      let outcome;
      try {
        outcome = await repo.comment({
          customerId,
          id,
          userId: actor.id,
          text,
          photo: image && {
            fileKey: image.fileKey,
            thumbKey: image.thumbKey,
            contentType: image.contentType,
            size: image.file.length,
            width: image.width,
            height: image.height,
          },
        });
      } catch (err) {
        await removeFiles(image);
        throw err;
      }
      if (outcome !== 'ok') {
        await removeFiles(image);
        if (outcome === 'missing') throw notFound();
        if (outcome === 'closed') throw conflict(MALFUNCTION_TEXT.closed);
        if (outcome === 'throttled') throw new AppError(429, MALFUNCTION_TEXT.commentThrottled);
        throw fieldError('photo', MALFUNCTION_TEXT.tooManyCommentPhotos);
      }
      const withPhoto = image !== null;
      return {
        data: await detailOf(customerId, id),
        afterCommit: async () => {
          const found = await repo.mailFacts(id, actor.id);
          if (!found) return;
          await officeMail.send({
            kind: 'malfunction_comment',
            ...malfunctionCommentMail(
              found.facts,
              { by: found.userName ?? found.facts.customerName, text, photo: withPhoto },
              appUrl,
            ),
          });
        },
      };
    },

    /**
     * "Storing intrekken": Ingetrokken with the reason (a status event by the user), decided on
     * the locked row; 409 once resolved or withdrawn (also when the office's "Opgelost" came first).
     */
    async withdraw(actor: Actor, id: number, reason: string): Promise<OwnMalfunctionDetail> {
      const customerId = malfunctionsPolicy.ownCustomer(actor);
      const result = await repo.withdraw(customerId, id, actor.id, reason);
      if (result.outcome === 'missing') throw notFound();
      if (result.outcome === 'closed') throw conflict(MALFUNCTION_TEXT.closed);
      return detailOf(customerId, id);
    },
  };
}

export type MalfunctionsCustomerService = ReturnType<typeof createMalfunctionsCustomerService>;
