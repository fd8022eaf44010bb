import { sql } from 'drizzle-orm';
import { type MalfunctionStatus } from '@keurwijzer/shared/malfunctions';
import type { Db, Executor } from '../../db/client';
import { MAIL_FACTS, MALFUNCTION_DETAIL_JSON, type MalfunctionMailFacts } from './malfunctions.presenter';
import { rowsOf } from '../../db/sql-json';

import { createMalfunctionIntake } from './malfunctions-intake.repository';
import { createMalfunctionLists } from './malfunctions-list.repository';

import type { PhotoRow } from './malfunctions-intake.repository';

export type { PhotoRow, PhotoValues, ReportableMachine } from './malfunctions-intake.repository';

/*
 * Malfunctions, their photos and their timeline: the intake (malfunctions-intake.repository.ts),
 * the lists (malfunctions-list.repository.ts) and here the office's detail and handling. Reads are
 * one statement each, built as the API's JSON by PostgreSQL.
 */

/** What a change by the office needs of the locked row. */
export type HandledRow = {
  id: number;
  status: MalfunctionStatus;
  internalNote: string | null;
  customerNote: string | null;
  assignedTo: number | null;
};

export type HandleChange = {
  status: MalfunctionStatus;
  internalNote: string | null;
  customerNote: string | null;
  assignedTo: number | null;
  /** A response to the customer (a status change or a note for them): sets `responded_at` the first time. */
  responds: boolean;
  events: {
    kind: 'status' | 'note' | 'assigned';
    fromStatus?: MalfunctionStatus;
    toStatus?: MalfunctionStatus;
    reason?: string | null;
    internalNote?: string | null;
    customerNote?: string | null;
    assignedTo?: number | null;
  }[];
};

export function createMalfunctionsRepository(db: Db) {
  return {
    ...createMalfunctionIntake(db),
    ...createMalfunctionLists(db),

    detail: (id: number): Promise<unknown> => detailOf(db, id),

    /** A photo of the malfunction (of the customer, when given), or undefined. */
    async photo(malfunctionId: number, photoId: number, customerId?: number): Promise<PhotoRow | undefined> {
      const [row] = await rowsOf<PhotoRow>(
        db,
        sql`select p.id, p.malfunction_id as "malfunctionId", p.file_key as "fileKey", p.thumb_key as "thumbKey",
              p.content_type as "contentType", p.size, p.width, p.height
            from malfunction_photos p join malfunctions f on f.id = p.malfunction_id
            where p.id = ${photoId} and p.malfunction_id = ${malfunctionId}
              ${customerId === undefined ? sql`` : sql`and f.customer_id = ${customerId}`}`,
      );
      return row;
    },

    /**
     * The office's change: the row is locked (`for update`) while `decide` looks at it, so two
     * changes at once are decided one after the other, each from the status the other left. The
     * change, its events and the actor as `handled_by` are written in the same transaction.
     * Returns the detail after the change, or undefined when there is no such malfunction.
     */
    async handle(
      id: number,
      actorId: number,
      decide: (row: HandledRow) => HandleChange | null,
    ): Promise<{ detail: unknown; before: HandledRow; change: HandleChange | null } | undefined> {
      return db.transaction(async (tx) => {
        const [before] = await rowsOf<HandledRow>(
          tx,
          sql`select id, status, internal_note as "internalNote", customer_note as "customerNote",
                assigned_to as "assignedTo"
              from malfunctions where id = ${id} for update`,
        );
        if (!before) return undefined;
        const change = decide(before);
        if (change) {
          await tx.execute(sql`update malfunctions set
              status = ${change.status},
              internal_note = ${change.internalNote},
              customer_note = ${change.customerNote},
              assigned_to = ${change.assignedTo},
              responded_at = coalesce(responded_at, case when ${change.responds} then now() end),
              handled_by = ${actorId},
              updated_at = now(),
              resolved_at = case
                when ${change.status} = 'resolved' and status <> 'resolved' then now()
                when ${change.status} = 'resolved' then resolved_at
                else null end
            where id = ${id}`);
          if (change.events.length > 0) {
            await tx.execute(sql`insert into malfunction_events
                (malfunction_id, kind, from_status, to_status, reason, internal_note, customer_note, assigned_to, by_user)
              values ${sql.join(
                change.events.map(
                  (e) =>
                    sql`(${id}, ${e.kind}, ${e.fromStatus ?? null}, ${e.toStatus ?? null}, ${e.reason ?? null},
                      ${e.internalNote ?? null}, ${e.customerNote ?? null}, ${e.assignedTo ?? null}, ${actorId})`,
                ),
                sql`, `,
              )}`);
          }
        }
        return { detail: await detailOf(tx, id), before, change };
      });
    },

    /** Whether a malfunction may be assigned to the user: an active mechanic, admin or super admin. */
    async isAssignable(userId: number): Promise<boolean> {
      const [row] = await rowsOf<{ ok: boolean }>(
        db,
        sql`select exists(select 1 from users where id = ${userId} and role in ('super_admin', 'admin', 'mechanic')
              and archived_at is null and activated_at is not null) as ok`,
      );
      return row?.ok ?? false;
    },

    /** What the mails say of a malfunction. */
    async mailFacts(id: number): Promise<MalfunctionMailFacts | undefined> {
      const [row] = await rowsOf<{ json: MalfunctionMailFacts }>(
        db,
        sql`select ${MAIL_FACTS} as json from malfunctions f
            join machines m on m.id = f.machine_id
            join locations l on l.id = m.location_id
            left join departments d on d.id = m.department_id
            left join rooms r on r.id = m.room_id
            left join users u on u.id = f.reported_by
            where f.id = ${id}`,
      );
      return row?.json;
    },
  };
}

/** The office's whole malfunction (one statement), or undefined. */
async function detailOf(tx: Executor, id: number): Promise<unknown> {
  const [row] = await rowsOf<{ json: unknown }>(
    tx,
    sql`select ${MALFUNCTION_DETAIL_JSON} as json from malfunctions f where f.id = ${id}`,
  );
  return row?.json;
}

export type MalfunctionsRepository = ReturnType<typeof createMalfunctionsRepository>;
