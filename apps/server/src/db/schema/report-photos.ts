import { index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { reportQuestions, reports } from './tasklists';
import { userRef } from './users';
import { createdAt, ownerRef, storedImage } from './columns';

/**
 * A photo of a report's answer (migration 0031). `id` is the uuid the device gave it
 * when it was taken: a replayed upload finds its row and stores nothing twice. At most
 * MAX_PHOTOS_PER_QUESTION per question, checked by the service under the report's row lock
 * (modules/reports/reports-photos.service.ts). The files (re-encoded by the image intake, and a
 * WebP thumbnail) are in the storage under `reports/<report id>/`; `size` counts for the
 * customer's storage quota.
 */
export const reportPhotos = pgTable(
  'report_photos',
  {
    id: uuid('id').primaryKey(),
    reportId: ownerRef('report_id', () => reports.id),
    reportQuestionId: ownerRef('report_question_id', () => reportQuestions.id),
    ...storedImage(),
    createdBy: userRef('created_by'),
    /** When it was taken on the device (never later than the upload). */
    createdAt: createdAt(),
  },
  (t) => [
    index('report_photos_question_idx').on(t.reportQuestionId, t.createdAt),
    index('report_photos_report_idx').on(t.reportId),
  ],
);
