import { sql, type SQL } from 'drizzle-orm';
import { MALFUNCTIONS_PER_HOUR } from '@keurwijzer/shared/malfunctions';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-json';

/** The customer's machine in use that a malfunction may be reported on. */
export type ReportableMachine = { id: number; customerId: number };

export type PhotoValues = {
  fileKey: string;
  thumbKey: string;
  contentType: string;
  size: number;
  width: number;
  height: number;
};

export type PhotoRow = PhotoValues & { id: number; malfunctionId: number };

/** Reports of one user within the last hour, when the throttle is decided. */
const reportsOfLastHour = (userId: number) =>
  sql`select count(*)::int as n from malfunctions
      where reported_by = ${userId} and created_at > now() - interval '1 hour'`;

/** A namespace for the throttle's advisory locks (per user: one report of a user at a time). */
const THROTTLE_LOCK = 120_012;

/** What every report of a malfunction stores, whoever reported it. */
type ReportFields = {
  customerId: number;
  machineId: number;
  description: string;
  remark: string | null;
  /** "Machine staat stil". */
  urgent: boolean;
  /** "Bereikbaar op" (normalised by the shared schema). */
  contactPhone: string | null;
  /** The report's moment (created_at) and its response deadline (lib/working-days.ts). */
  reportedAt: Date;
  respondBy: Date;
  photos: PhotoValues[];
};

/** Who reported: a user, or someone without an account through the QR label (anonymous). */
type Reporter = { userId: number } | { name: string; contact: string };

/**
 * One statement that stores a report: the malfunction (when its machine is still in use), its
 * photos and its 'reported' event, returning the new id (no row: the machine was archived or
 * moved meanwhile). The customer's report and the QR label's anonymous one differ only in the
 * reporter.
 */
function insertReport(values: ReportFields & { reporter: Reporter }): SQL {
  const user = 'userId' in values.reporter ? values.reporter.userId : null;
  const anonymous = 'userId' in values.reporter ? null : values.reporter;
  const photosJson = JSON.stringify(values.photos.map((p, i) => ({ ...p, i })));
  const at = values.reportedAt.toISOString();
  return sql`with f as (
      insert into malfunctions (customer_id, machine_id, reported_by, anonymous, reporter_name, reporter_contact,
        description, remark, urgent, contact_phone, created_at, updated_at, respond_by)
      select ${values.customerId}, m.id, ${user}::int, ${anonymous !== null}::boolean, ${anonymous?.name ?? null}::varchar,
        ${anonymous?.contact ?? null}::varchar, ${values.description}, ${values.remark}, ${values.urgent}::boolean,
        ${values.contactPhone}::varchar, ${at}::timestamptz, ${at}::timestamptz, ${values.respondBy.toISOString()}::timestamptz
      from machines m
      where m.id = ${values.machineId} and m.customer_id = ${values.customerId}
        and m.archived_at is null and m.status <> 'concept'
      returning id, created_at),
    ph as (
      insert into malfunction_photos (malfunction_id, file_key, thumb_key, content_type, size, width, height)
      select f.id, p."fileKey", p."thumbKey", p."contentType", p.size, p.width, p.height
      from f, json_to_recordset(${photosJson}::json)
        as p("fileKey" text, "thumbKey" text, "contentType" text, size int, width int, height int, i int)
      order by i),
    ev as (
      insert into malfunction_events (malfunction_id, kind, to_status, by_user, at)
      select f.id, 'reported', 'open', ${user}::int, f.created_at from f)
    select id from f`;
}

/** Reporting a malfunction: by a customer user or anonymously through the QR label (one statement each). */
export function createMalfunctionIntake(db: Db) {
  return {
    /** The customer's machine in use (not archived, not a concept), or undefined. */
    async reportableMachine(customerId: number, machineId: number): Promise<ReportableMachine | undefined> {
      const [row] = await rowsOf<ReportableMachine>(
        db,
        sql`select id, customer_id as "customerId" from machines
            where id = ${machineId} and customer_id = ${customerId}
              and archived_at is null and status <> 'concept'`,
      );
      return row;
    },

    /** Reports of the user in the last hour (the cheap check before the upload is read). */
    async reportsOfLastHour(userId: number): Promise<number> {
      const [row] = await rowsOf<{ n: number }>(db, reportsOfLastHour(userId));
      return row?.n ?? 0;
    },

    /**
     * Stores a report with its photos and its 'reported' event in one transaction, under an
     * advisory lock per user: the throttle counts the user's reports of the last hour inside it,
     * so parallel reports of one user are decided one after the other (never more than
     * MALFUNCTIONS_PER_HOUR). Returns the new id, or null when the throttle refuses.
     */
    async report(values: ReportFields & { reportedBy: number }): Promise<number | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${THROTTLE_LOCK}, ${values.reportedBy})`);
        const [count] = await rowsOf<{ n: number }>(tx, reportsOfLastHour(values.reportedBy));
        if ((count?.n ?? 0) >= MALFUNCTIONS_PER_HOUR) return null;
        const [row] = await rowsOf<{ id: number }>(
          tx,
          insertReport({ ...values, reporter: { userId: values.reportedBy } }),
        );
        // The machine was archived or moved meanwhile: as missing.
        return row?.id ?? 0;
      });
    },

    /**
     * Stores a malfunction reported through the machine's QR label by someone without an account
     *: anonymous, with the name and contact they gave, its photo and its 'reported'
     * event, in one statement; the machine must still be in use. Returns the new id, or 0 when
     * the machine was archived meanwhile. Throttled by the labels module (per address and machine).
     */
    async reportAnonymous(values: {
      customerId: number;
      machineId: number;
      reporterName: string;
      reporterContact: string;
      description: string;
      urgent: boolean;
      reportedAt: Date;
      respondBy: Date;
      photos: PhotoValues[];
    }): Promise<number> {
      const [row] = await rowsOf<{ id: number }>(
        db,
        insertReport({
          ...values,
          remark: null,
          contactPhone: null,
          reporter: { name: values.reporterName, contact: values.reporterContact },
        }),
      );
      return row?.id ?? 0;
    },
  };
}
