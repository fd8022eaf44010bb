import {
  MALFUNCTION_COMMENTS_PER_HOUR,
  MALFUNCTION_TEXT,
  MAX_COMMENT_PHOTOS,
  MalfunctionCommentInputSchema,
  type MalfunctionStatus,
  type OwnMalfunctionDetail,
} from '@keurwijzer/shared/malfunctions';
import type { Actor } from '../../lib/actor';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';
import { parseFields } from '../../lib/form-fields';
import type { ImageIntake, ProcessedImage } from '../../lib/image-intake';
import { malfunctionCommentMail } from '../../lib/malfunction-update-mail';
import type { OfficeMail } from '../../lib/office-mail';
import type { Storage } from '../../lib/storage';
import { closedStatus, type MalfunctionsCustomerRepository } from './malfunctions-customer.repository';
import { malfunctionsPolicy } from './malfunctions.policy';
import { photoFiles, photoValuesOf, type AfterCommit, type ReportBody } from './malfunctions-uploads';

type Deps = {
  repo: MalfunctionsCustomerRepository;
  storage: Storage;
  /** The office, told of a comment (lib/office-mail.ts). */
  officeMail: OfficeMail;
  appUrl: string;
  /** The one image intake (lib/image-intake.ts): upload slots, decode queue, storage quota. */
  intake: ImageIntake;
};

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

  const photoStore = photoFiles(storage);

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
        text = parseFields(MalfunctionCommentInputSchema, fields).comment;
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
      const images = image ? [image] : [];
      if (image) await intake.assertRoom(customerId, image.file.length);
      await photoStore.store(images);
      let outcome;
      try {
        outcome = await repo.comment({
          customerId,
          id,
          userId: actor.id,
          text,
          photo: image && photoValuesOf(image),
        });
      } catch (err) {
        await photoStore.remove(images);
        throw err;
      }
      if (outcome !== 'ok') {
        await photoStore.remove(images);
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
