import { and, eq, sql } from 'drizzle-orm';
import { dueTypesOf } from '@keurwijzer/shared/compliance';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import type { TasklistCandidate } from '@keurwijzer/shared/tasklists';
import type { Db, Executor } from '../../db/client';
import { locations } from '../../db/schema/customers';
import { reports, tasklists } from '../../db/schema/tasklists';
import { openMalfunction } from '../../db/shared-facts';
import { rowsOf } from '../../db/sql-json';
import { dueStateSql, dueStateWhere, type DueClock } from '../../lib/due-state';

/*
 * What planning reads and writes of the task lists: the candidates of the plan screen, the due
 * machines "Alle verlopen inplannen" plans, the plan path's checks and its plan statement (also
 * taken by follow-ups, labels and malfunctions as a Pick of TasklistsRepository), and a planned
 * report taken off again. Spread into the task lists' repository.
 */

/** A task list's own row, for the checks of a change. */
export type TasklistRow = {
  id: number;
  customer_id: number;
  location_id: number;
  inspection_type: InspectionType;
};

/** A candidate as read: its questionnaire's number of questions instead of the verdict. */
export type CandidateRow = Omit<TasklistCandidate, 'plannable' | 'reason'> & { questions: number };

/** What a machine asked to be planned is, seen from the task list (one row per asked id). */
export type PlanCheck = {
  id: number;
  name: string | null;
  /** null: no machine with this id. */
  at_location: boolean | null;
  archived: boolean;
  status: string | null;
  questionnaire_id: number | null;
  questions: number;
  planned: boolean;
};

/**
 * The due date and rejected flag of machine `m` for an inspection type, as row `du` (a lateral
 * join over machine_due): for Keuring + onderhoud the earlier date of the two and rejected when
 * either is. No machine_due row (no interval): a null date, not rejected.
 */
const dueOfType = (type: InspectionType) => sql`left join lateral (
    select min(md.due_date) as due_date, coalesce(bool_or(md.rejected), false) as rejected
    from machine_due md
    where md.machine_id = m.id and md.inspection_type = any(${`{${dueTypesOf(type).join(',')}}`}::text[])
  ) du on true`;

/** A due row `du` that "Alle verlopen inplannen" plans: Afgekeurd, Verlopen or Binnenkort. */
const isDue = (clock: DueClock) =>
  sql`(${sql.join(
    (['rejected', 'overdue', 'due_soon'] as const).map((state) =>
      dueStateWhere(state, sql`du.due_date`, sql`du.rejected`, clock),
    ),
    sql` or `,
  )})`;

/** What the plan screen reads: the candidates of a list, and the due machines of its location. */
function candidateQueries(db: Db) {
  return {
    /**
     * The machines at the task list's location that are not archived, each with what the plan
     * screen shows: place, type, its latest submitted report of the list's type, its
     * questionnaire of that type, whether it is on the list already (one statement).
     */
    async candidates(
      t: TasklistRow,
      due: { clock: DueClock; only: boolean },
      tx: Executor = db,
    ): Promise<CandidateRow[]> {
      const rows = await rowsOf<{ json: CandidateRow }>(
        tx,
        sql`select json_build_object(
              'id', m.id, 'name', m.name, 'inventory_number', m.inventory_number, 'status', m.status,
              'department_id', m.department_id, 'department_name', d.name,
              'room_id', m.room_id, 'room_name', rm.name, 'machine_type_name', mt.name,
              'last_report_date', (
                select to_char(max(lr.submitted_at) at time zone 'Europe/Amsterdam', 'YYYY-MM-DD')
                from ${reports} lr join ${tasklists} lt on lt.id = lr.tasklist_id
                where lr.machine_id = m.id and lr.status = 'submitted' and lt.inspection_type = ${t.inspection_type}),
              'questionnaire_id', q.id, 'questionnaire_name', q.name,
              'questions', coalesce((
                select count(*) from questionnaire_categories qc
                join questionnaire_questions qq on qq.questionnaire_category_id = qc.id
                where qc.questionnaire_id = q.id), 0),
              'report_id', (select r.id from ${reports} r where r.tasklist_id = ${t.id} and r.machine_id = m.id
                order by r.version desc limit 1),
              'open_malfunctions', (select count(*)::int from malfunctions f
                where f.machine_id = m.id and ${openMalfunction('f')}),
              'due_date', to_char(du.due_date, 'YYYY-MM-DD'),
              'due_state', ${dueStateSql(sql`du.due_date`, sql`du.rejected`, due.clock)}
            ) as json
            from machines m
            left join departments d on d.id = m.department_id
            left join rooms rm on rm.id = m.room_id
            left join machine_types mt on mt.id = m.machine_type_id
            left join machine_questionnaires mq on mq.machine_id = m.id and mq.inspection_type = ${t.inspection_type}
            left join questionnaires q on q.id = mq.questionnaire_id
            ${dueOfType(t.inspection_type)}
            where m.location_id = ${t.location_id} and m.customer_id = ${t.customer_id} and m.archived_at is null
              ${due.only ? sql`and ${isDue(due.clock)}` : sql``}
            order by ${due.only ? sql`du.rejected desc, du.due_date asc nulls last,` : sql``}
              lower(d.name) nulls first, lower(rm.name) nulls first, lower(m.name), m.id`,
      );
      return rows.map((r) => r.json);
    },

    /**
     * The machines of the task list's location that are due for its type (Afgekeurd, Verlopen,
     * Binnenkort) and not on the list yet, by due date: what "Alle verlopen inplannen" plans.
     */
    async dueMachineIds(t: TasklistRow, clock: DueClock, tx: Executor): Promise<number[]> {
      const rows = await rowsOf<{ id: number }>(
        tx,
        sql`select m.id from machines m ${dueOfType(t.inspection_type)}
            where m.location_id = ${t.location_id} and m.customer_id = ${t.customer_id} and m.archived_at is null
              and ${isDue(clock)}
              and not exists(select 1 from ${reports} r where r.tasklist_id = ${t.id} and r.machine_id = m.id)
            order by du.rejected desc, du.due_date asc nulls last, lower(m.name), m.id`,
      );
      return rows.map((r) => r.id);
    },

    /**
     * How many machines of a location are due for an inspection type (the create form's line);
     * undefined for a location that does not exist. machine_due holds only machines in use.
     */
    async dueCount(locationId: number, type: InspectionType, clock: DueClock): Promise<number | undefined> {
      const [row] = await rowsOf<{ count: number }>(
        db,
        sql`select (select count(*)::int from (
                select md.machine_id as id, min(md.due_date) as due_date, bool_or(md.rejected) as rejected
                from machine_due md
                where md.location_id = l.id and md.inspection_type = any(${`{${dueTypesOf(type).join(',')}}`}::text[])
                group by md.machine_id) du
              where ${isDue(clock)}) as count
            from ${locations} l where l.id = ${locationId}`,
      );
      return row?.count;
    },
  };
}

/** The plan path's checks and statement, and a planned report taken off again (all in the caller's transaction). */
function planStatements() {
  return {
    /** Per asked machine id what planning it on the list depends on (one statement). */
    async planChecks(t: TasklistRow, machineIds: number[], tx: Executor): Promise<PlanCheck[]> {
      return rowsOf<PlanCheck>(
        tx,
        sql`select ids.id, m.name,
              case when m.id is null then null else (m.customer_id = ${t.customer_id} and m.location_id = ${t.location_id}) end as at_location,
              coalesce(m.archived_at is not null, false) as archived, m.status,
              mq.questionnaire_id,
              (select count(*)::int from questionnaire_categories qc
                join questionnaire_questions qq on qq.questionnaire_category_id = qc.id
                where qc.questionnaire_id = mq.questionnaire_id) as questions,
              exists(select 1 from ${reports} r where r.tasklist_id = ${t.id} and r.machine_id = ids.id) as planned
            from unnest(${`{${machineIds.join(',')}}`}::int[]) with ordinality as ids(id, n)
            left join machines m on m.id = ids.id
            left join machine_questionnaires mq on mq.machine_id = m.id and mq.inspection_type = ${t.inspection_type}
            order by ids.n`,
      );
    },

    /**
     * Plans machines: a report per machine with a copy of its questionnaire of the list's type
     * (categories with questions, in order, positions renumbered 1..n), in one statement whatever
     * the number of machines, categories and questions. Machines already on the list are left
     * as they are. Returns the new reports' machine ids.
     */
    async plan(t: TasklistRow, machineIds: number[], tx: Executor): Promise<number[]> {
      const rows = await rowsOf<{ machine_id: number }>(
        tx,
        sql`with new_reports as (
              insert into ${reports} (tasklist_id, customer_id, inspection_type, machine_id, questionnaire_id, questionnaire_name)
              select ${t.id}, ${t.customer_id}, ${t.inspection_type}, mq.machine_id, q.id, q.name
              from machine_questionnaires mq join questionnaires q on q.id = mq.questionnaire_id
              where mq.machine_id = any(${`{${machineIds.join(',')}}`}::int[]) and mq.inspection_type = ${t.inspection_type}
              on conflict (tasklist_id, machine_id, version) do nothing
              returning id, machine_id, questionnaire_id
            ), cats as (
              select nr.id as report_id, qc.id as qc_id, c.name,
                row_number() over (partition by nr.id order by qc.position, qc.id)::int as position
              from new_reports nr
              join questionnaire_categories qc on qc.questionnaire_id = nr.questionnaire_id
              join categories c on c.id = qc.category_id
              where exists(select 1 from questionnaire_questions qq where qq.questionnaire_category_id = qc.id)
            ), new_cats as (
              insert into report_categories (report_id, name, position)
              select report_id, name, position from cats
              returning id, report_id, position
            ), new_questions as (
              insert into report_questions (report_id, report_category_id, name, answer_options, memo_title, position,
                kind, answer_judgements, unit, min_value, max_value)
              select nc.report_id, nc.id, qs.name, qs.answer_options, qs.memo_title,
                row_number() over (partition by nc.id order by qq.position, qq.id)::int,
                qs.kind, qs.answer_judgements, qs.unit, qs.min_value, qs.max_value
              from new_cats nc
              join cats on cats.report_id = nc.report_id and cats.position = nc.position
              join questionnaire_questions qq on qq.questionnaire_category_id = cats.qc_id
              join questions qs on qs.id = qq.question_id
              returning id
            )
            select machine_id from new_reports`,
      );
      return rows.map((r) => r.machine_id);
    },

    /** The report of a machine on the list, locked until the transaction ends, with whether it was worked on. */
    async plannedReport(tasklistId: number, machineId: number, tx: Executor) {
      const [report] = await tx
        .select({ id: reports.id, status: reports.status })
        .from(reports)
        .where(and(eq(reports.tasklistId, tasklistId), eq(reports.machineId, machineId)))
        .for('update');
      if (!report) return undefined;
      const [row] = await rowsOf<{ answered: boolean }>(
        tx,
        sql`select exists(select 1 from report_answers where report_id = ${report.id}) as answered`,
      );
      return { ...report, worked: report.status === 'submitted' || row!.answered };
    },

    async deleteReport(reportId: number, tx: Executor): Promise<void> {
      await tx.delete(reports).where(eq(reports.id, reportId));
    },
  };
}

/** The planning queries of the task lists' repository (spread into it). */
export const tasklistPlanQueries = (db: Db) => ({ ...candidateQueries(db), ...planStatements() });
