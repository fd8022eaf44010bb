import type { Readable } from 'node:stream';
import {
  REPORT_TEXT,
  missingAnswerKey,
  openQuestionsText,
  type AnswerInput,
  type ReportAnswerState,
  type ReportCategoryState,
  type ReportDetail,
  type SignatureRole,
  type SubmitInput,
} from '@keurwijzer/shared/reports';
import { deviceInstant } from '@keurwijzer/shared/device-time';
import { COMPLIANCE_TEXT, impossibleMeasurement, measuredValueField } from '@keurwijzer/shared/compliance';
import type { Company } from '../../config';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';
import type { Download } from '../../lib/stream-download';
import { reportFileName, writeReportPdf } from './report-pdf';
import { PHOTO_PAGE_AFTER } from './report-pdf-photos';
import { photosOf } from './reports-photos.presenter';
import type { ReportPhotosService } from './reports-photos.service';
import { reportsPolicy } from './reports.policy';
import type { ReportsRepository } from './reports.repository';
import type { ReportScope } from './reports-scope';

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
 * What "Rapport afronden" needs of the malfunctions planned on the report (the
 * malfunctions module's planning service, passed in by the composition root): setting the chosen
 * ones to Opgelost in the submit's transaction (422 for one not planned on it), and what to do
 * after the commit (their reporters' mails).
 */
export type ReportMalfunctions = {
  resolve(reportId: number, ids: number[], actorId: number, tx: Executor): Promise<() => Promise<void>>;
};

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
        writeReportPdf(report, out, { company, generatedAt, signatures: await signatureImages(report.id), photos: await photoImages() }),
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

    /**
     * Saves the answer of one question (idempotent; an answer given earlier than the stored one
     * changes nothing) and returns what is stored now. One statement; only a refusal reads the
     * report again to say why.
     */
    async answer(actor: Actor, id: number, questionId: number, input: AnswerInput): Promise<ReportAnswerState> {
      reportsPolicy.assertWrite(actor);
      const answeredAt = deviceInstant(input.answered_at);
      if (!answeredAt) throw fieldError('answered_at', REPORT_TEXT.invalidAnsweredAt);
      // Only a value below zero can be one no instrument shows: only then is the question's unit
      // read (the report's copy never changes), so a common save stays one statement.
      if (input.value !== null && Number(input.value) < 0) {
        const question = await repo.questionUnit(id, questionId);
        const checked = question && measuredValueField(question).safeParse(input.value);
        if (checked && !checked.success) throw fieldError('value', checked.error.issues[0]!.message);
      }
      const out = await repo.answer(id, questionId, {
        option: input.option,
        value: input.value,
        memo: input.memo,
        answeredAt,
      });
      if (out.options === null || !out.open) {
        const status = await repo.status(id);
        if (!status) throw notFound();
        if (out.options === null) throw notFound(REPORT_TEXT.questionMissing);
        throw conflict(REPORT_TEXT.alreadySubmitted);
      }
      // The statement wrote nothing for these (its `target`): a measurement takes a value and no
      // option, a choice an option of its own and no value.
      if (out.kind === 'measurement' && input.option !== null) {
        throw fieldError('option', REPORT_TEXT.optionOfMeasurement);
      }
      if (out.kind === 'choice' && input.value !== null) throw fieldError('value', REPORT_TEXT.valueOfChoice);
      if (input.option !== null && input.option > out.options) throw fieldError('option', REPORT_TEXT.invalidOption);
      const answer = out.written ?? (out.removed ? null : out.stored);
      return {
        question_id: questionId,
        answer,
        judgement: answer?.judgement ?? null,
      };
    },

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

    /**
     * "Rapport afronden": only when every question of every category that is not skipped has an
     * option or a measured value (422 naming each missing question, in report order). Records who
     * and when, and the machine's report year, in one transaction under the report's lock: of
     * several submits at once one succeeds, the others get the 409 of a submitted report.
     *
     * The verdict: the derived one (the trigger report_verdict), unless the mechanic sends another
     * one with a reason (422 errors.verdict_reason without one); sending the derived one is no
     * override and its reason is dropped.
     *
     * `resolve_malfunctions`: malfunctions planned on the report set to Opgelost in the same
     * transaction; `after` runs their mails once it is committed.
     */
    async submit(
      actor: Actor,
      id: number,
      input: SubmitInput = { verdict: undefined, verdict_reason: null },
      after: (task: () => Promise<void>) => void = () => {},
    ): Promise<ReportDetail> {
      reportsPolicy.assertWrite(actor);
      let afterCommit: (() => Promise<void>) | null = null;
      const submitted = await db.transaction(async (tx) => {
        const status = await repo.lock(id, tx);
        if (!status) throw notFound();
        if (status === 'submitted') {
          // The same submit again (its connection broke once the server had it): answered as the first.
          if (input.submission_id && (await repo.submittedAs(id, input.submission_id, tx))) return detail(id, tx);
          throw conflict(REPORT_TEXT.alreadySubmitted);
        }
        const missing = await repo.unanswered(id, tx);
        if (missing.length > 0) {
          throw new AppError(
            422,
            openQuestionsText(missing.length),
            Object.fromEntries(missing.map((q) => [missingAnswerKey(q), [REPORT_TEXT.unanswered]])),
          );
        }
        // A value stored before it was checked (or copied into a correction) is checked again.
        const impossible = (await repo.negativeMeasurements(id, tx)).flatMap((q) => {
          const problem = impossibleMeasurement(q.value, q.unit);
          return problem ? [[missingAnswerKey(q.id), [problem]] as [string, string[]]] : [];
        });
        if (impossible.length > 0) {
          throw new AppError(422, COMPLIANCE_TEXT.impossibleMeasurements(impossible.length), Object.fromEntries(impossible));
        }
        let override: { verdict: SubmitInput['verdict'] | null; reason: string | null } = { verdict: null, reason: null };
        if (input.verdict && input.verdict !== (await repo.derivedVerdict(id, tx))) {
          if (!input.verdict_reason) throw fieldError('verdict_reason', COMPLIANCE_TEXT.overrideReasonRequired);
          override = { verdict: input.verdict, reason: input.verdict_reason };
        }
        const submission = input.submission_id ?? null;
        if (!(await repo.submit(id, actor.id, { verdict: override.verdict ?? null, reason: override.reason }, submission, tx))) {
          throw conflict(REPORT_TEXT.alreadySubmitted);
        }
        if (malfunctions && input.resolve_malfunctions?.length) {
          afterCommit = await malfunctions.resolve(id, input.resolve_malfunctions, actor.id, tx);
        }
        return detail(id, tx);
      });
      // Set inside the transaction's callback (the compiler cannot see that).
      const then = afterCommit as (() => Promise<void>) | null;
      if (then) after(then);
      return submitted;
    },

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
