import { sql, type SQL } from 'drizzle-orm';
import type { ReportDetail, ReportPhoto } from '@keurwijzer/shared/reports';
import { isoOf, jsonObject } from '../../db/sql-json';
import { iso } from '../../lib/presenters';
import type { ReportPhotoRow } from './reports-photos.repository';

/** The staff's URL of a photo (GET /api/reports/:id/photos/:photoId). */
export const reportPhotoUrl = (reportId: number, photoId: string) => `/api/reports/${reportId}/photos/${photoId}`;

/** A photo as the API shows it to the staff. */
export function toReportPhoto(row: ReportPhotoRow): ReportPhoto {
  return {
    id: row.id,
    url: reportPhotoUrl(row.reportId, row.id),
    width: row.width,
    height: row.height,
    created_at: iso(row.createdAt),
  };
}

/**
 * The photos of the question `q` as the read model's JSON (reports.presenter.ts), oldest first:
 * a sub-select over one index range of report_photos_question_idx in the report's one statement.
 */
export const PHOTOS_JSON = sql`(select coalesce(json_agg(${jsonObject({
  id: sql`p.id`,
  url: sql`'/api/reports/' || p.report_id || '/photos/' || p.id`,
  width: sql`p.width`,
  height: sql`p.height`,
  created_at: isoOf(sql`p.created_at`),
} satisfies Record<keyof ReportPhoto, SQL>)} order by p.created_at, p.id), '[]'::json)
  from report_photos p where p.report_question_id = q.id)`;

/** Every photo of a report read, in report order, with its question's name (the PDF's photo page). */
export const photosOf = (report: ReportDetail) =>
  report.categories.flatMap((c) =>
    c.skipped ? [] : c.questions.flatMap((q) => q.photos.map((photo) => ({ photo, category: c, question: q }))),
  );
