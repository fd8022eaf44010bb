import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { reportPhotos } from '../../db/schema/report-photos';
import { rowsOf } from '../../db/sql-json';
import type { ReportStatus } from '@keurwijzer/shared/reports';
import { scopeWhere, type ReportScope } from './reports-scope';

export type ReportPhotoRow = typeof reportPhotos.$inferSelect;

/** What an upload needs to know before it reads the body (one statement, no lock). */
export type PhotoTarget = {
  status: ReportStatus;
  customerId: number;
  /** The question is one of the report's. */
  question: boolean;
  /** The photo with this id, wherever it belongs (a replay finds it). */
  existing: ReportPhotoRow | null;
  /** Photos of the question now. */
  count: number;
};

/**
 * The photos of reports' answers: their rows (the files are in the storage). The limit per
 * question is the service's, checked under the report's lock (`count` inside that transaction).
 */
export function createReportPhotosRepository(db: Db) {
  return {
    /** The report, the question and the photo id as they are now; undefined without the report. */
    async target(reportId: number, questionId: number, photoId: string): Promise<PhotoTarget | undefined> {
      const [row] = await rowsOf<{
        status: ReportStatus;
        customer_id: number;
        question: boolean;
        existing: boolean;
        count: number;
      }>(
        db,
        sql`select r.status, t.customer_id,
              exists(select 1 from report_questions q where q.id = ${questionId} and q.report_id = r.id) as question,
              exists(select 1 from report_photos p where p.id = ${photoId}::uuid) as existing,
              (select count(*) from report_photos p where p.report_question_id = ${questionId}
                and p.report_id = r.id)::int as count
            from reports r join tasklists t on t.id = r.tasklist_id where r.id = ${reportId}`,
      );
      if (!row) return undefined;
      const existing = row.existing ? await this.byId(photoId) : undefined;
      return {
        status: row.status,
        customerId: row.customer_id,
        question: row.question,
        existing: existing ?? null,
        count: row.count,
      };
    },

    async byId(photoId: string, tx: Executor = db): Promise<ReportPhotoRow | undefined> {
      const [row] = await tx.select().from(reportPhotos).where(eq(reportPhotos.id, photoId));
      return row;
    },

    /** Photos of the question now (under the report's lock: no upload of this report runs meanwhile). */
    async count(questionId: number, tx: Executor): Promise<number> {
      const [row] = await rowsOf<{ count: number }>(
        tx,
        sql`select count(*)::int as count from report_photos where report_question_id = ${questionId}`,
      );
      return row!.count;
    },

    /** Inserts the photo unless its id is stored already (a replay): undefined then. */
    async insert(values: typeof reportPhotos.$inferInsert, tx: Executor): Promise<ReportPhotoRow | undefined> {
      const [row] = await tx.insert(reportPhotos).values(values).onConflictDoNothing().returning();
      return row;
    },

    /** The photo of report `reportId` when the report is in `scope`; undefined otherwise, whatever the reason. */
    async findInScope(reportId: number, photoId: string, scope: ReportScope): Promise<ReportPhotoRow | undefined> {
      const [row] = await rowsOf<{ id: string }>(
        db,
        sql`select p.id from report_photos p join reports r on r.id = p.report_id
            join tasklists t on t.id = r.tasklist_id
            where p.id = ${photoId}::uuid and ${scopeWhere(reportId, scope)}`,
      );
      return row && this.byId(row.id);
    },

    /** Every photo of the report (the PDF's files). */
    ofReport: (reportId: number): Promise<ReportPhotoRow[]> =>
      db.select().from(reportPhotos).where(eq(reportPhotos.reportId, reportId)),

    /** Deletes the report's photo in one statement: its file keys, or undefined when no row went. */
    async delete(
      reportId: number,
      photoId: string,
      tx: Executor,
    ): Promise<Pick<ReportPhotoRow, 'fileKey' | 'thumbKey'> | undefined> {
      const [row] = await tx
        .delete(reportPhotos)
        .where(and(eq(reportPhotos.id, photoId), eq(reportPhotos.reportId, reportId)))
        .returning({ fileKey: reportPhotos.fileKey, thumbKey: reportPhotos.thumbKey });
      return row;
    },
  };
}

export type ReportPhotosRepository = ReturnType<typeof createReportPhotosRepository>;
