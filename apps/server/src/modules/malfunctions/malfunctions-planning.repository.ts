import { sql } from 'drizzle-orm';
import type { MalfunctionPlanOption, MalfunctionStatus } from '@keurwijzer/shared/malfunctions';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import type { TasklistStatus } from '@keurwijzer/shared/tasklists';
import type { Db, Executor } from '../../db/client';
import { isCurrentVersion, openMalfunction } from '../../db/shared-facts';
import { fullName, rowsOf } from '../../db/sql-json';

/*
 * Planning a malfunction ("Inplannen"): the machine goes on a task list of its location
 * (the task lists' own statements, through the composition root) and the malfunction links the
 * report made there (`malfunctions.report_id`, a 'planned' event). Submitting that report may
 * set it to Opgelost (`resolveLinked`, called by the reports module in its submit's transaction).
 */

/** What planning needs of the malfunction (and its machine's place now). */
export type MalfunctionToPlan = {
  id: number;
  status: MalfunctionStatus;
  description: string;
  machine_id: number;
  customer_id: number;
  location_id: number;
  assigned_to: number | null;
  report_id: number | null;
  /** The linked report's status (null: none linked, or it was deleted with its list). */
  report_status: 'open' | 'submitted' | null;
};

export function createMalfunctionPlanningRepository(db: Db) {
  return {
    /**
     * The malfunction with its machine's place. `lock`: its row is locked first (`for update`), and
     * read in a statement of its own after the lock, so what a plan that held it committed (a
     * report linked, that report made) is seen whole.
     */
    async facts(id: number, tx: Executor = db, lock = false): Promise<MalfunctionToPlan | undefined> {
      if (lock) await tx.execute(sql`select id from malfunctions where id = ${id} for update`);
      const [row] = await rowsOf<MalfunctionToPlan>(
        tx,
        sql`select f.id, f.status, f.description, f.machine_id, m.customer_id, m.location_id, f.assigned_to, f.report_id,
              (select r.status from reports r where r.id = f.report_id) as report_status
            from malfunctions f join machines m on m.id = f.machine_id
            where f.id = ${id}`,
      );
      return row;
    },

    /**
     * The unfinished task lists of the machine's location that it can go on: of a type it has a
     * questionnaire for, or with the machine on it already. Soonest first.
     */
    async options(f: MalfunctionToPlan): Promise<MalfunctionPlanOption[]> {
      return rowsOf<MalfunctionPlanOption>(
        db,
        sql`select t.id as tasklist_id, to_char(t.planned_date, 'YYYY-MM-DD') as date, t.inspection_type,
              (select ${fullName('u')} from users u where u.id = t.created_by) as mechanic_name,
              exists(select 1 from reports r where r.tasklist_id = t.id and r.machine_id = ${f.machine_id}) as has_machine
            from tasklists t
            where t.customer_id = ${f.customer_id} and t.location_id = ${f.location_id} and t.status <> 'completed'
              and (exists(select 1 from machine_questionnaires mq
                     where mq.machine_id = ${f.machine_id} and mq.inspection_type = t.inspection_type)
                or exists(select 1 from reports r where r.tasklist_id = t.id and r.machine_id = ${f.machine_id}))
            order by t.planned_date, t.id limit 50`,
      );
    },

    /** A task list's place and status (the caller holds its lock). */
    async tasklist(
      id: number,
      tx: Executor,
    ): Promise<
      { customer_id: number; location_id: number; status: TasklistStatus; inspection_type: InspectionType } | undefined
    > {
      const [row] = await rowsOf<{
        customer_id: number;
        location_id: number;
        status: TasklistStatus;
        inspection_type: InspectionType;
      }>(tx, sql`select customer_id, location_id, status, inspection_type from tasklists where id = ${id}`);
      return row;
    },

    /** The machine's current report on the list (a correction's newest version), with its status. */
    async reportOn(
      tasklistId: number,
      machineId: number,
      tx: Executor,
    ): Promise<{ id: number; status: 'open' | 'submitted' } | undefined> {
      const [row] = await rowsOf<{ id: number; status: 'open' | 'submitted' }>(
        tx,
        sql`select r.id, r.status from reports r
            where r.tasklist_id = ${tasklistId} and r.machine_id = ${machineId} and ${isCurrentVersion('r')}
            order by r.version desc limit 1`,
      );
      return row;
    },

    /**
     * Links the report (the malfunction's row is locked by the caller): a 'planned' event, and
     * Open becomes In behandeling (a 'status' event; the first response, so `responded_at`).
     */
    async link(f: MalfunctionToPlan, reportId: number, actorId: number, tx: Executor): Promise<MalfunctionStatus> {
      const toStatus: MalfunctionStatus = f.status === 'open' ? 'in_progress' : f.status;
      await tx.execute(sql`update malfunctions set
          report_id = ${reportId},
          status = ${toStatus},
          responded_at = case when ${toStatus !== f.status} then coalesce(responded_at, now()) else responded_at end,
          handled_by = ${actorId},
          updated_at = now()
        where id = ${f.id}`);
      await tx.execute(sql`insert into malfunction_events (malfunction_id, kind, report_id, by_user)
        values (${f.id}, 'planned', ${reportId}, ${actorId})`);
      if (toStatus !== f.status) {
        await tx.execute(sql`insert into malfunction_events (malfunction_id, kind, from_status, to_status, by_user)
          values (${f.id}, 'status', ${f.status}, ${toStatus}, ${actorId})`);
      }
      return toStatus;
    },

    /** Which of `ids` are malfunctions planned on the report (whatever their status). */
    async linkedTo(reportId: number, ids: number[], tx: Executor): Promise<number[]> {
      const rows = await rowsOf<{ id: number }>(
        tx,
        sql`select f.id from malfunctions f
            where f.id = any(${`{${ids.join(',')}}`}::int[]) and f.report_id = ${reportId}`,
      );
      return rows.map((r) => r.id);
    },

    /**
     * Sets the malfunctions `ids` planned on the report to Opgelost (those still active), each
     * with its 'status' event by the actor, in the caller's transaction (the submit's, which holds
     * the list and the report: malfunctions are locked after them, as planning does). Returns the
     * ones it resolved with the status they had.
     */
    async resolveLinked(
      reportId: number,
      ids: number[],
      actorId: number,
      tx: Executor,
    ): Promise<{ id: number; from: MalfunctionStatus }[]> {
      if (ids.length === 0) return [];
      return rowsOf<{ id: number; from: MalfunctionStatus }>(
        tx,
        sql`with old as (
              select f.id, f.status from malfunctions f
              where f.id = any(${`{${ids.join(',')}}`}::int[]) and f.report_id = ${reportId} and ${openMalfunction('f')}
              order by f.id for update),
            upd as (
              update malfunctions f set status = 'resolved', resolved_at = now(), updated_at = now(),
                responded_at = coalesce(f.responded_at, now()), handled_by = ${actorId}
              from old where f.id = old.id
              returning f.id),
            ev as (
              insert into malfunction_events (malfunction_id, kind, from_status, to_status, by_user)
              select old.id, 'status', old.status, 'resolved', ${actorId} from old join upd on upd.id = old.id)
            select old.id, old.status as "from" from old join upd on upd.id = old.id order by old.id`,
      );
    },
  };
}

export type MalfunctionPlanningRepository = ReturnType<typeof createMalfunctionPlanningRepository>;
