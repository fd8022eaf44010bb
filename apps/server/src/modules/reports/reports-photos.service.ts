import type { Readable } from 'node:stream';
import {
  MAX_PHOTOS_PER_QUESTION,
  PHOTO_TEXT,
  REPORT_TEXT,
  type ReportDetail,
  type ReportPhoto,
} from '@keurwijzer/shared/reports';
import { deviceInstant, notAfter } from '@keurwijzer/shared/device-time';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';
import type { ImageFile, ImageIntake, ProcessedImage } from '../../lib/image-intake';
import type { Storage } from '../../lib/storage';
import { photosOf, toReportPhoto } from './reports-photos.presenter';
import type { ReportPhotoRow, ReportPhotosRepository } from './reports-photos.repository';
import { reportsPolicy } from './reports.policy';
import type { ReportsRepository } from './reports.repository';
import type { ReportScope } from './reports-scope';

/** What an upload sends: the file's bytes and the device's time it was taken (ISO), if given. */
export type PhotoUpload = { data: Buffer; takenAt: string | undefined };

/** A photo's images for the PDF (JPEG): the thumbnail, and a larger one for the photo page. */
export type PdfPhoto = { thumb: Buffer; large: Buffer | null };

/** The 422 of a question with its photos complete, with the message on the screen too. */
const fullQuestion = () => new AppError(422, PHOTO_TEXT.max, { photo: [PHOTO_TEXT.max] });

/** The photo page's images: at most this many pixels on their longest side. */
const LARGE_SIDE = 1000;

/** The device's time as stored: a valid time since 2000, never later than now; 422 otherwise. */
function takenAtOf(value: string | undefined): Date {
  if (value === undefined || value === '') return new Date();
  const instant = deviceInstant(value);
  if (!instant) throw fieldError('taken_at', PHOTO_TEXT.invalidTakenAt);
  return notAfter(instant);
}

/** The stored photo answers a replay only under its own report and question. */
const sameTarget = (row: ReportPhotoRow, reportId: number, questionId: number) => {
  if (row.reportId !== reportId || row.reportQuestionId !== questionId) throw conflict(PHOTO_TEXT.otherQuestion);
  return toReportPhoto(row);
};

async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The photos of a report's answers: upload (through the one image intake: checked by their bytes,
 * re-encoded, the user's upload slots, the process's decode queue, the customer's storage quota),
 * the file for the staff and for the customer portal, delete, and the images for the PDF.
 *
 * The upload is idempotent per photo id (the device's uuid): a replay answers the stored photo
 * and stores nothing. At most MAX_PHOTOS_PER_QUESTION per question: counted and inserted under
 * the report's row lock (the task list's, then the report's, as every change of a report takes
 * them), so parallel uploads in any process run the check one after the other. The bytes are
 * decoded and stored before that lock is taken; a refusal then removes them again.
 */
export function createReportPhotosService({
  db,
  repo,
  reports,
  storage,
  intake,
}: {
  db: Db;
  repo: ReportPhotosRepository;
  reports: Pick<ReportsRepository, 'lock'>;
  storage: Storage;
  intake: ImageIntake;
}) {
  const removeFiles = async (keys: { fileKey: string; thumbKey: string }) => {
    await storage.delete(keys.fileKey);
    await storage.delete(keys.thumbKey);
  };

  async function fileOf(row: ReportPhotoRow | undefined, thumb: boolean): Promise<ImageFile> {
    const stream = row && (await storage.get(thumb ? row.thumbKey : row.fileKey));
    if (!row || !stream) throw notFound();
    const ext = thumb ? 'webp' : row.fileKey.split('.').pop();
    return {
      stream,
      contentType: thumb ? 'image/webp' : row.contentType,
      fileName: `rapport-${row.reportId}-foto-${row.id}${thumb ? '-klein' : ''}.${ext}`,
    };
  }

  return {
    /**
     * Stores the photo `photoId` of question `questionId`. `read` gives the body; it is called
     * only after the checks (report, question, replay, the limit as it is now, the user's upload
     * slot), so a refused upload's body is never read. `created` is false for a replay.
     */
    async upload(
      actor: Actor,
      reportId: number,
      questionId: number,
      photoId: string,
      read: () => Promise<PhotoUpload>,
    ): Promise<{ photo: ReportPhoto; created: boolean }> {
      reportsPolicy.assertWrite(actor);
      const target = await repo.target(reportId, questionId, photoId);
      if (!target) throw notFound();
      if (target.existing) return { photo: sameTarget(target.existing, reportId, questionId), created: false };
      if (target.status === 'submitted') throw conflict(REPORT_TEXT.alreadySubmitted);
      if (!target.question) throw notFound(REPORT_TEXT.questionMissing);
      if (target.count >= MAX_PHOTOS_PER_QUESTION) throw fullQuestion();

      const release = intake.slot(actor.id);
      let image: ProcessedImage;
      let takenAt: Date;
      try {
        const body = await read();
        takenAt = takenAtOf(body.takenAt);
        image = await intake.decode(`reports/${reportId}`, body.data, 'photo');
      } finally {
        release();
      }
      await intake.assertRoom(target.customerId, image.file.length);
      await storage.put(image.fileKey, image.file);
      await storage.put(image.thumbKey, image.thumb);

      let outcome: { row: ReportPhotoRow; created: boolean };
      try {
        outcome = await db.transaction(async (tx) => {
          const status = await reports.lock(reportId, tx);
          if (!status) throw notFound();
          const stored = await repo.byId(photoId, tx);
          if (stored) return { row: stored, created: false };
          if (status === 'submitted') throw conflict(REPORT_TEXT.alreadySubmitted);
          if ((await repo.count(questionId, tx)) >= MAX_PHOTOS_PER_QUESTION) throw fullQuestion();
          const row = await repo.insert(
            {
              id: photoId,
              reportId,
              reportQuestionId: questionId,
              fileKey: image.fileKey,
              thumbKey: image.thumbKey,
              contentType: image.contentType,
              width: image.width,
              height: image.height,
              size: image.file.length,
              createdBy: actor.id,
              createdAt: takenAt,
            },
            tx,
          );
          return row ? { row, created: true } : { row: (await repo.byId(photoId, tx))!, created: false };
        });
      } catch (err) {
        await removeFiles(image);
        throw err;
      }
      if (!outcome.created) await removeFiles(image);
      return { photo: sameTarget(outcome.row, reportId, questionId), created: outcome.created };
    },

    /** The photo (or its WebP thumbnail) of a report the staff member may read; 404 otherwise. */
    async file(actor: Actor, reportId: number, photoId: string, thumb: boolean): Promise<ImageFile> {
      return fileOf(await repo.findInScope(reportId, photoId, reportsPolicy.readScope(actor)), thumb);
    },

    /**
     * The photo of a report in `scope` (the customer portal's: its customer's submitted report of
     * its machine in use, decided by the portal's policy); 404 otherwise, whatever the reason.
     */
    async fileIn(scope: ReportScope, reportId: number, photoId: string, thumb: boolean): Promise<ImageFile> {
      return fileOf(await repo.findInScope(reportId, photoId, scope), thumb);
    },

    /**
     * Deletes a photo of an open report (409 once submitted, 404 without the report); a photo
     * that is not there (never uploaded, or deleted already) is fine: the delete is idempotent.
     */
    async remove(actor: Actor, reportId: number, photoId: string): Promise<void> {
      reportsPolicy.assertWrite(actor);
      const keys = await db.transaction(async (tx) => {
        const status = await reports.lock(reportId, tx);
        if (!status) throw notFound();
        if (status === 'submitted') throw conflict(REPORT_TEXT.alreadySubmitted);
        return repo.delete(reportId, photoId, tx);
      });
      if (keys) await removeFiles(keys);
    },

    /**
     * The report's photos as JPEGs for the PDF (pdfkit embeds JPEG and PNG): each one's thumbnail,
     * and with `large` a bigger one for the photo page. A photo whose file is gone is left out.
     */
    async forPdf(report: ReportDetail, { large }: { large: boolean }): Promise<Map<string, PdfPhoto>> {
      const out = new Map<string, PdfPhoto>();
      if (photosOf(report).length === 0) return out;
      for (const row of await repo.ofReport(report.id)) {
        const thumbStream = await storage.get(row.thumbKey);
        if (!thumbStream) continue;
        const thumb = await intake.forPdf(await bufferOf(thumbStream));
        const fileStream = large ? await storage.get(row.fileKey) : null;
        const big = fileStream ? await intake.forPdf(await bufferOf(fileStream), LARGE_SIDE) : null;
        out.set(row.id, { thumb, large: big });
      }
      return out;
    },
  };
}

export type ReportPhotosService = ReturnType<typeof createReportPhotosService>;
