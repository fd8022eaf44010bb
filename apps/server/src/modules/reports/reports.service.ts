import type { Readable } from 'node:stream';
import {
  REPORT_TEXT,
  type ReportCategoryState,
  type ReportDetail,
  type SignatureRole,
} from '@keurwijzer/shared/reports';
import type { Company } from '../../config';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/errors';
import type { Download } from '../../lib/stream-download';
import { reportFileName, writeReportPdf } from './report-pdf';
import { PHOTO_PAGE_AFTER } from './report-pdf-photos';
import { photosOf } from './reports-photos.presenter';
import type { ReportPhotosService } from './reports-photos.service';
import { reportsPolicy } from './reports.policy';
import type { ReportsRepository } from './reports.repository';
import type { ReportScope } from './reports-scope';
import { answerOf } from './reports-answer.service';
import { submitOf, type ReportMalfunctions } from './reports-submit.service';

/** An image file to send: its stream, type and a file name for Content-Disposition. */
export type ReportImageFile = { stream: Readable; contentType: string; fileName: string };

/**
 * What the reports need of the machine images (the machine-images service, passed in by the
 * composition root): the thumbnail of a machine's first image, or null without one. Who may see
 * it is decided here, before it is asked for.
 */
export type ReportImages = { firstThumbnail(machineId: number): Promise<ReportImageFile | null> };

/** The images of a report's signatures for its PDF (reports-signatures.service.ts `imagesOf`). */
export type ReportSignatureImages = (reportId: number) => Promise<{ role: SignatureRole; image: Buffer }[]>;

/**
 * Filling in a report: read it, save answers one at a time, skip categories, save the report's
 * own fields, submit it; and its PDF and machine image. Every method takes the actor first and
 * checks it (reports.policy.ts). Every change of a submitted report answers 409: the answer is
 * one conditional statement, the others lock the task list and the report first (as the submit
 * does), so a change racing a submit either lands before it or sees it.
 */
export function createReportsService({
  db,
  repo,
  images,
  company,
  photos,
  signatureImages = async () => [],
  malfunctions,
}: {
  db: Db;
  repo: ReportsRepository;
  images: ReportImages;
  company: Company;
  /** The answers' photos (reports-photos.service.ts): their images for the PDF, the portal's file. */
  photos: Pick<ReportPhotosService, 'forPdf' | 'fileIn'>;
  signatureImages?: ReportSignatureImages;
  /** The malfunctions planned on a report, resolved at its submit when the mechanic chooses so. */
  malfunctions?: ReportMalfunctions;
}) {
  async function detail(id: number, tx: Executor = db): Promise<ReportDetail> {
    const report = await repo.find(id, {}, tx);
    if (!report) throw notFound();
    return report;
  }

  /** Locks the open report for a change: 404 without it, 409 once it is submitted. */
  async function lockOpen(id: number, tx: Executor, ifSubmitted: () => Promise<void> = async () => {}) {
    const status = await repo.lock(id, tx);
    if (!status) throw notFound();
    if (status === 'submitted') {
      await ifSubmitted();
      throw conflict(REPORT_TEXT.alreadySubmitted);
    }
  }

  /** A report read as a PDF, ready to stream (lib/stream-download.ts). */
  function pdfOf(report: ReportDetail): Download {
    const generatedAt = new Date();
    // The photos' images are read when the download starts (before its first byte).
    const photoImages = () => photos.forPdf(report, { large: photosOf(report).length > PHOTO_PAGE_AFTER });
    return {
      contentType: 'application/pdf',
      fileName: reportFileName(report),
      // The signatures' images are read when the download starts: a submitted report's never change.
      write: async (out) =>
        writeReportPdf(report, out, {
          company,
          generatedAt,
          signatures: await signatureImages(report.id),
          photos: await photoImages(),
        }),
    };
  }

  /** The report as `actor` may read it: 404 outside its scope. */
  async function read(actor: Actor, id: number): Promise<ReportDetail> {
    const report = await repo.find(id, reportsPolicy.readScope(actor));
    if (!report) throw notFound();
    return report;
  }

  return {
    /** The report with its machine, categories, questions and answers. */
    get: read,

    answer: answerOf(repo),

    /** Skips a category (its answers are kept) or takes it back. */
    async skip(actor: Actor, id: number, categoryId: number, skipped: boolean): Promise<ReportCategoryState> {
      reportsPolicy.assertWrite(actor);
      return db.transaction(async (tx) => {
        await lockOpen(id, tx, async () => {
          if (!(await repo.hasCategory(id, categoryId, tx))) throw notFound(REPORT_TEXT.categoryMissing);
        });
        const row = await repo.skip(id, categoryId, skipped, tx);
        if (!row) throw notFound(REPORT_TEXT.categoryMissing);
        return row;
      });
    },

    /** "Rapport indienen": the answers are saved one by one; this saves the report's own fields. */
    async save(actor: Actor, id: number, input: { not_at_location?: boolean }): Promise<ReportDetail> {
      reportsPolicy.assertWrite(actor);
      return db.transaction(async (tx) => {
        await lockOpen(id, tx);
        await repo.save(id, { notAtLocation: input.not_at_location }, tx);
        return detail(id, tx);
      });
    },

    submit: submitOf({ db, repo, malfunctions, detail }),

    /** The report as a PDF, ready to stream (lib/stream-download.ts). */
    async pdf(actor: Actor, id: number): Promise<Download> {
      return pdfOf(await read(actor, id));
    },

    /**
     * The customer portal's read: a report in `scope` (its customer's submitted reports of one
     * machine in use, from the machines policy: the portal's service checks its reader and passes
     * the scope) with its machine's first image id; 404 outside it.
     */
    async findIn(scope: ReportScope, id: number): Promise<{ report: ReportDetail; firstImageId: number | null }> {
      const found = await repo.findWithFirstImage(id, scope);
      if (!found) throw notFound();
      return found;
    },

    /** The PDF of a report already read (the portal's, through `findIn`): the office's writer. */
    pdfOf,

    /** A photo of a report in the portal's `scope` (as `findIn`); 404 outside it. */
    photoIn: photos.fileIn,

    /** The thumbnail of the report's machine's first image; 404 without one. */
    async image(actor: Actor, id: number): Promise<ReportImageFile> {
      const machineId = await repo.machineOf(id, reportsPolicy.readScope(actor));
      if (machineId === undefined) throw notFound();
      const file = await images.firstThumbnail(machineId);
      if (!file) throw notFound();
      return file;
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
