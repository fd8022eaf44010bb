import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { SignatureRole } from '@keurwijzer/shared/reports';
import { reports } from './tasklists';
import { userRef } from './users';
import { createdAt, ownerRef, serialId } from './columns';

/**
 * A signature given at "Rapport afronden" (migration 0032): the mechanic's and optionally
 * the customer contact's, one per report and role, with who signed and when. The image is a PNG
 * flattened on white by the image intake, stored under `file_key` (chosen by the server). The
 * trigger `report_signature_open` refuses a new or changed signature of a submitted report.
 */
export const reportSignatures = pgTable(
  'report_signatures',
  {
    id: serialId(),
    reportId: ownerRef('report_id', () => reports.id),
    role: text('role').$type<SignatureRole>().notNull(),
    signerName: varchar('signer_name', { length: 100 }).notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    fileKey: text('file_key').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('report_signatures_report_role_unique').on(t.reportId, t.role),
    index('report_signatures_created_by_idx').on(t.createdBy),
    check('report_signatures_role_check', sql`${t.role} in ('mechanic', 'customer')`),
  ],
);
