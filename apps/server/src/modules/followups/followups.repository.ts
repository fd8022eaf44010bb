import { sql } from 'drizzle-orm';
import type { FollowupListQuery, FollowupStatus, FollowupTasklist } from '@keurwijzer/shared/followups';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import type { Judgement, QuestionKind } from '@keurwijzer/shared/compliance';
import type { Db, Executor } from '../../db/client';
import { fullName, isoOf, rowsOf } from '../../db/sql-json';
import { allOf } from '../../lib/list-query';

/*
 * Follow-ups ("Acties"): the rows the trigger `report_submitted` writes (migration 0022), read
 * with their machine, report, question and answer in one statement; the office's changes are
 * conditional updates (`where status = ...`), so of two users acting on one follow-up at once
 * exactly one changes it.
 */

/** A follow-up as read: the finding's raw parts (followups.presenter.ts words them). */
export type FollowupRow = {
  id: number;
  status: FollowupStatus;
  created_at: string;
  inspection_type: InspectionType;
  machine_id: number;
  machine_name: string;
  inventory_number: string;
  customer_id: number;
  customer_name: string;
  location_id: number | null;
  location_name: string | null;
  report_id: number;
  report_date: string | null;
  report_type: InspectionType;
  question_name: string;
  category_name: string | null;
  kind: QuestionKind;
  answer_options: string[];
  unit: string | null;
  min_value: string | null;
  max_value: string | null;
  option: number | null;
  value: string | null;
  memo: string | null;
  judgement: Judgement | null;
  done_by: number | null;
  done_by_name: string | null;
  done_at: string | null;
  done_note: string | null;
  malfunction_id: number | null;
  tasklist_id: number | null;
  tasklist_date: string | null;
};

/** What a change of a follow-up needs to know of it and its machine. */
export type FollowupState = {
  id: number;
  status: FollowupStatus;
  machine_id: number;
  inspection_type: InspectionType;
  malfunction_id: number | null;
  tasklist_id: number | null;
  /** The machine as it is now: its customer and location, whether it is in use. */
  customer_id: number;
  location_id: number;
  machine_in_use: boolean;
};

const SELECT = sql`select f.id, f.status, ${isoOf(sql`f.created_at`)} as created_at, f.inspection_type,
    m.id as machine_id, m.name as machine_name, m.inventory_number,
    c.id as customer_id, c.name as customer_name, l.id as location_id, l.name as location_name,
    r.id as report_id, to_char(r.submitted_at at time zone 'Europe/Amsterdam', 'YYYY-MM-DD') as report_date,
    r.inspection_type as report_type,
    q.name as question_name, rc.name as category_name, q.kind, q.answer_options, q.unit,
    q.min_value::text as min_value, q.max_value::text as max_value,
    a.option, a.value::text as value, a.memo, a.judgement,
    f.done_by, ${fullName('u')} as done_by_name, ${isoOf(sql`f.done_at`)} as done_at, f.done_note,
    f.malfunction_id, f.tasklist_id, to_char(t.planned_date, 'YYYY-MM-DD') as tasklist_date`;

const FROM = sql`from followups f
    join machines m on m.id = f.machine_id
    join customers c on c.id = m.customer_id
    left join locations l on l.id = m.location_id
    join reports r on r.id = f.report_id
    join report_questions q on q.id = f.report_question_id
    left join report_categories rc on rc.id = q.report_category_id
    left join report_answers a on a.report_question_id = q.id
    left join users u on u.id = f.done_by
    left join tasklists t on t.id = f.tasklist_id`;

export function createFollowupsRepository(db: Db) {
  return {
    /** A page, newest first, with the total (one statement; the total asked apart past the last page). */
    async list(q: FollowupListQuery): Promise<{ rows: FollowupRow[]; total: number }> {
      const where = allOf(
        sql`f.status = ${q.status}`,
        q.customer_id ? sql`f.customer_id = ${q.customer_id}` : undefined,
        q.machine_id ? sql`f.machine_id = ${q.machine_id}` : undefined,
      )!;
      const rows = await rowsOf<FollowupRow & { total: number }>(
        db,
        sql`${SELECT}, (select count(*)::int from followups f where ${where}) as total
            ${FROM} where ${where}
            order by f.created_at desc, f.id desc
            limit ${q.itemsPerPage} offset ${(q.page - 1) * q.itemsPerPage}`,
      );
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && q.page > 1) {
        const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from followups f where ${where}`);
        total = row?.n ?? 0;
      }
      return { rows: rows.map(({ total: _t, ...r }) => r), total };
    },

    async find(id: number, tx: Executor = db): Promise<FollowupRow | undefined> {
      const [row] = await rowsOf<FollowupRow>(tx, sql`${SELECT} ${FROM} where f.id = ${id}`);
      return row;
    },

    async openCount(): Promise<number> {
      const [row] = await rowsOf<{ n: number }>(
        db,
        sql`select count(*)::int as n from followups where status = 'open'`,
      );
      return row!.n;
    },

    /** The follow-up and its machine, locked (`for update` of the follow-up) when `lock`. */
    async state(id: number, tx: Executor, lock = false): Promise<FollowupState | undefined> {
      const [row] = await rowsOf<FollowupState>(
        tx,
        sql`select f.id, f.status, f.machine_id, f.inspection_type, f.malfunction_id, f.tasklist_id,
              m.customer_id, m.location_id, (m.archived_at is null and m.status <> 'inactive') as machine_in_use
            from followups f join machines m on m.id = f.machine_id
            where f.id = ${id} ${lock ? sql`for update of f` : sql``}`,
      );
      return row;
    },

    /** Closes an open follow-up; false when it is not open (or gone). */
    async markDone(id: number, by: number, note: string | null, tx: Executor = db, malfunctionId?: number) {
      const extra = malfunctionId === undefined ? sql`` : sql`, malfunction_id = ${malfunctionId}`;
      const rows = await rowsOf<{ id: number }>(
        tx,
        sql`update followups set status = 'done', done_by = ${by}, done_at = now(), done_note = ${note} ${extra}
            where id = ${id} and status = 'open' returning id`,
      );
      return rows.length === 1;
    },

    /** Opens a closed follow-up again; false when it is not closed (or gone). */
    async reopen(id: number): Promise<boolean> {
      const rows = await rowsOf<{ id: number }>(
        db,
        sql`update followups set status = 'open', done_by = null, done_at = null, done_note = null
            where id = ${id} and status = 'done' returning id`,
      );
      return rows.length === 1;
    },

    /**
     * A malfunction of the machine (reported by the office user) with its 'reported' event, as
     * the malfunctions module stores one (one statement); returns its id.
     */
    async insertMalfunction(
      v: { customerId: number; machineId: number; reportedBy: number; description: string },
      tx: Executor,
    ): Promise<number> {
      const [row] = await rowsOf<{ id: number }>(
        tx,
        sql`with f as (
              insert into malfunctions (customer_id, machine_id, reported_by, description)
              values (${v.customerId}, ${v.machineId}, ${v.reportedBy}, ${v.description})
              returning id, created_at),
            ev as (
              insert into malfunction_events (malfunction_id, kind, to_status, by_user, at)
              select f.id, 'reported', 'open', ${v.reportedBy}, f.created_at from f)
            select id from f`,
      );
      return row!.id;
    },

    /** Links the re-inspection's task list; false when the follow-up is no longer open without one. */
    async linkTasklist(id: number, tasklistId: number, tx: Executor): Promise<boolean> {
      const rows = await rowsOf<{ id: number }>(
        tx,
        sql`update followups set tasklist_id = ${tasklistId}
            where id = ${id} and status = 'open' and tasklist_id is null returning id`,
      );
      return rows.length === 1;
    },

    /** A task list's place, type and status (locked `for no key update` when `lock`). */
    async tasklist(id: number, tx: Executor, lock = false) {
      const [row] = await rowsOf<{
        id: number;
        customer_id: number;
        location_id: number;
        inspection_type: InspectionType;
        status: string;
      }>(
        tx,
        sql`select id, customer_id, location_id, inspection_type, status from tasklists
            where id = ${id} ${lock ? sql`for no key update` : sql``}`,
      );
      return row;
    },

    /** The unfinished task lists of the machine's location of the types given, by planned date (at most 50). */
    async openTasklists(customerId: number, locationId: number, types: InspectionType[]): Promise<FollowupTasklist[]> {
      return rowsOf<FollowupTasklist>(
        db,
        sql`select id, to_char(planned_date, 'YYYY-MM-DD') as planned_date, status, inspection_type,
              planned_count as machines_count
            from tasklists
            where customer_id = ${customerId} and location_id = ${locationId} and status <> 'completed'
              and inspection_type = any(${`{${types.join(',')}}`}::text[])
            order by planned_date, id limit 50`,
      );
    },
  };
}

export type FollowupsRepository = ReturnType<typeof createFollowupsRepository>;
