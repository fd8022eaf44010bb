import { sql } from 'drizzle-orm';
import type { SignatureRole } from '@keurwijzer/shared/reports';
import type { Db, Executor } from '../../db/client';
import { isoOf, rowsOf } from '../../db/sql-json';

/*
 * The signatures of reports (table report_signatures, migration 0032): one per report and role.
 * No access logic (reports-signatures.service.ts decides who may write or read which).
 */

/** A stored signature as the service needs it. */
export type SignatureRow = {
  report_id: number;
  role: SignatureRole;
  signer_name: string;
  signed_at: string;
  file_key: string;
};

/** What a signature upload stores. */
export type SignatureValues = {
  role: SignatureRole;
  signerName: string;
  /** The device's time; stored as the database's now() when it lies ahead of it. */
  signedAt: string;
  fileKey: string;
  size: number;
  width: number;
  height: number;
  createdBy: number;
};

export function createReportSignaturesRepository(db: Db) {
  return {
    /**
     * Stores the report's signature of `role`, replacing the one it had (the caller holds the
     * open report's lock); returns the replaced file's key (null: there was none) and the row.
     */
    async upsert(
      reportId: number,
      v: SignatureValues,
      tx: Executor,
    ): Promise<{ row: SignatureRow; replacedKey: string | null }> {
      const [row] = await rowsOf<SignatureRow & { replaced_key: string | null }>(
        tx,
        sql`with old as (
              select file_key from report_signatures where report_id = ${reportId} and role = ${v.role}
            ), up as (
              insert into report_signatures as s (report_id, role, signer_name, signed_at, file_key, size, width, height, created_by)
              values (${reportId}, ${v.role}, ${v.signerName}, least(${v.signedAt}::timestamptz, now()), ${v.fileKey}, ${v.size},
                ${v.width}, ${v.height}, ${v.createdBy})
              on conflict (report_id, role) do update
                set signer_name = excluded.signer_name, signed_at = excluded.signed_at, file_key = excluded.file_key,
                  size = excluded.size, width = excluded.width, height = excluded.height,
                  created_by = excluded.created_by, created_at = now()
              returning s.report_id, s.role, s.signer_name, ${isoOf(sql`s.signed_at`)} as signed_at, s.file_key
            )
            select up.*, (select file_key from old) as replaced_key from up`,
      );
      const { replaced_key, ...stored } = row!;
      return { row: stored, replacedKey: replaced_key };
    },

    /** The report's signature of `role`, or undefined. */
    async find(reportId: number, role: SignatureRole, tx: Executor = db): Promise<SignatureRow | undefined> {
      const [row] = await rowsOf<SignatureRow>(
        tx,
        sql`select report_id, role, signer_name, ${isoOf(sql`signed_at`)} as signed_at, file_key
            from report_signatures where report_id = ${reportId} and role = ${role}`,
      );
      return row;
    },

    /** The report's signatures, the mechanic's first. */
    async list(reportId: number, tx: Executor = db): Promise<SignatureRow[]> {
      return rowsOf<SignatureRow>(
        tx,
        sql`select report_id, role, signer_name, ${isoOf(sql`signed_at`)} as signed_at, file_key
            from report_signatures where report_id = ${reportId}
            order by case role when 'mechanic' then 0 else 1 end`,
      );
    },
  };
}

export type ReportSignaturesRepository = ReturnType<typeof createReportSignaturesRepository>;
