import { sql } from 'drizzle-orm';
import {
  MALFUNCTION_COMMENTS_PER_HOUR,
  MAX_COMMENT_PHOTOS,
  type MalfunctionStatus,
} from '@keurwijzer/shared/malfunctions';
import type { Db, Executor } from '../../db/client';
import { fullName, rowsOf } from '../../db/sql-json';
import { MAIL_FACTS, OWN_MALFUNCTION_DETAIL_JSON, type MalfunctionMailFacts } from './malfunctions.presenter';
import type { PhotoValues } from './malfunctions.repository';

/*
 * The customer's side of a malfunction: its detail with the customer's timeline, a
 * comment with at most one photo, and withdrawing it. Every change is decided on the malfunction's
 * locked row (`for update`), the same lock the office's handling takes, so a withdrawal and the
 * office's "Opgelost" are decided one after the other and never both win. A malfunction of
 * another customer is missing (the customer comes from the session).
 */

/** Resolved and withdrawn ones take no comment and cannot be withdrawn. */
export const closedStatus = (status: MalfunctionStatus) => status === 'resolved' || status === 'withdrawn';

/** What a comment needs to know before its body is read. */
export type CommentTarget = { machineId: number; status: MalfunctionStatus; commentPhotos: number };

export type CommentOutcome = 'ok' | 'missing' | 'closed' | 'throttled' | 'full';
export type WithdrawOutcome = { outcome: 'ok'; from: MalfunctionStatus } | { outcome: 'missing' | 'closed' };

/** A namespace for the comment throttle's advisory locks (per user: one comment of a user at a time). */
const COMMENT_THROTTLE_LOCK = 120_022;

/** Comments of one user within the last hour (malfunction_events_comments_idx). */
const commentsOfLastHour = (userId: number) =>
  sql`select count(*)::int as n from malfunction_events
      where kind = 'comment' and by_user = ${userId} and at > now() - interval '1 hour'`;

/** The customer's malfunction row, locked for the change. */
const lockedOwn = (tx: Executor, customerId: number, id: number) =>
  rowsOf<{ status: MalfunctionStatus }>(
    tx,
    sql`select status from malfunctions where id = ${id} and customer_id = ${customerId} for update`,
  );

export function createMalfunctionsCustomerRepository(db: Db) {
  return {
    /** The customer's malfunction with its timeline (one statement), or undefined. */
    async detail(customerId: number, id: number): Promise<unknown> {
      const [row] = await rowsOf<{ json: unknown }>(
        db,
        sql`select ${OWN_MALFUNCTION_DETAIL_JSON} as json from malfunctions f
            where f.id = ${id} and f.customer_id = ${customerId}`,
      );
      return row?.json;
    },

    /** The checks before a comment's body is read (repeated on the locked row when it is stored). */
    async commentTarget(customerId: number, id: number): Promise<CommentTarget | undefined> {
      const [row] = await rowsOf<CommentTarget>(
        db,
        sql`select f.machine_id as "machineId", f.status,
              (select count(*)::int from malfunction_photos p where p.malfunction_id = f.id and p.event_id is not null)
                as "commentPhotos"
            from malfunctions f where f.id = ${id} and f.customer_id = ${customerId}`,
      );
      return row;
    },

    async commentsOfLastHour(userId: number): Promise<number> {
      const [row] = await rowsOf<{ n: number }>(db, commentsOfLastHour(userId));
      return row?.n ?? 0;
    },

    /**
     * Stores a comment (its 'comment' event and its photo, which belongs to that event) in one
     * transaction: under the user's advisory lock the throttle counts their comments of the last
     * hour, then on the malfunction's locked row its status and its comment photos decide.
     */
    async comment(values: {
      customerId: number;
      id: number;
      userId: number;
      text: string | null;
      photo: PhotoValues | null;
    }): Promise<CommentOutcome> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${COMMENT_THROTTLE_LOCK}, ${values.userId})`);
        const [count] = await rowsOf<{ n: number }>(tx, commentsOfLastHour(values.userId));
        if ((count?.n ?? 0) >= MALFUNCTION_COMMENTS_PER_HOUR) return 'throttled';
        const [row] = await lockedOwn(tx, values.customerId, values.id);
        if (!row) return 'missing';
        if (closedStatus(row.status)) return 'closed';
        if (values.photo) {
          const [photos] = await rowsOf<{ n: number }>(
            tx,
            sql`select count(*)::int as n from malfunction_photos where malfunction_id = ${values.id} and event_id is not null`,
          );
          if ((photos?.n ?? 0) >= MAX_COMMENT_PHOTOS) return 'full';
        }
        const [event] = await rowsOf<{ id: number }>(
          tx,
          sql`insert into malfunction_events (malfunction_id, kind, comment, by_user)
              values (${values.id}, 'comment', ${values.text}, ${values.userId}) returning id`,
        );
        const p = values.photo;
        if (p) {
          await tx.execute(sql`insert into malfunction_photos
              (malfunction_id, event_id, file_key, thumb_key, content_type, size, width, height)
            values (${values.id}, ${event!.id}, ${p.fileKey}, ${p.thumbKey}, ${p.contentType}, ${p.size}, ${p.width}, ${p.height})`);
        }
        await tx.execute(sql`update malfunctions set updated_at = now() where id = ${values.id}`);
        return 'ok';
      });
    },

    /**
     * Withdraws the customer's malfunction (Ingetrokken) with its reason as a status event by the
     * user, decided on the locked row: once Opgelost or Ingetrokken it is 'closed'.
     */
    async withdraw(customerId: number, id: number, userId: number, reason: string): Promise<WithdrawOutcome> {
      return db.transaction(async (tx) => {
        const [row] = await lockedOwn(tx, customerId, id);
        if (!row) return { outcome: 'missing' };
        if (closedStatus(row.status)) return { outcome: 'closed' };
        await tx.execute(sql`update malfunctions set status = 'withdrawn', updated_at = now() where id = ${id}`);
        await tx.execute(sql`insert into malfunction_events (malfunction_id, kind, from_status, to_status, reason, by_user)
            values (${id}, 'status', ${row.status}, 'withdrawn', ${reason}, ${userId})`);
        return { outcome: 'ok', from: row.status };
      });
    },

    /**
     * What the mails say of a malfunction, with whether its reporter wants the malfunction mails
     * (`users.malfunction_mails`), whether it has a submitted report, and the name of `userId`
     * (who commented).
     */
    async mailFacts(
      id: number,
      userId: number | null = null,
    ): Promise<
      { facts: MalfunctionMailFacts; reporterMails: boolean; hasReport: boolean; userName: string | null } | undefined
    > {
      const [row] = await rowsOf<{
        facts: MalfunctionMailFacts;
        reporterMails: boolean;
        hasReport: boolean;
        userName: string | null;
      }>(
        db,
        sql`select ${MAIL_FACTS} as facts, coalesce(u.malfunction_mails, false) as "reporterMails",
              exists(select 1 from reports rp where rp.id = f.report_id and rp.status = 'submitted') as "hasReport",
              (select ${fullName('cu')} from users cu where cu.id = ${userId}) as "userName"
            from malfunctions f
            join machines m on m.id = f.machine_id
            join locations l on l.id = m.location_id
            left join departments d on d.id = m.department_id
            left join rooms r on r.id = m.room_id
            left join users u on u.id = f.reported_by
            where f.id = ${id}`,
      );
      return row;
    },
  };
}

export type MalfunctionsCustomerRepository = ReturnType<typeof createMalfunctionsCustomerRepository>;
