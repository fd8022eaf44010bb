import { sql, type SQL } from 'drizzle-orm';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import type { PlanningDepartment, PlanningOption } from '@keurwijzer/shared/tasklists';
import type { Db, Executor } from '../../db/client';
import { likePattern } from '../../lib/list-query';
import type { TasklistRow } from './tasklists-plan.repository';
import { rowsOf } from '../../db/sql-json';

/*
 * What a mechanic needs to fill in the task list forms without the office's customer screens:
 * customers in use, their locations, machine types, the places of a list's location and the
 * questionnaires of its type; and the concept machine a mechanic adds on site. Every read is one
 * statement whose rows PostgreSQL builds as the API's JSON; a read of something that must exist
 * (a customer, a task list) looks it up in the same statement, so no row means 404.
 */

/** At most this many customers per search (the form's search select narrows as the user types). */
export const PLANNING_CUSTOMERS_LIMIT = 50;

/** `[{ id, name }, ...]` of rows `x` of `from`, by name (case-insensitive) then id. */
const options = (from: SQL) => sql`coalesce((
  select json_agg(json_build_object('id', x.id, 'name', x.name) order by lower(x.name), x.id) from ${from}
), '[]'::json)`;

/** Questionnaires `x` that are active, of the type, with at least one question (what a report can be made from). */
const usableQuestionnaire = (type: SQL) => sql`x.inspection_type = ${type} and x.status = 'active'
  and exists(select 1 from questionnaire_categories qc
    join questionnaire_questions qq on qq.questionnaire_category_id = qc.id where qc.questionnaire_id = x.id)`;

/** What a concept machine's input refers to, seen from the task list (null: none chosen). */
export type ConceptChecks = {
  department: boolean | null;
  room: boolean | null;
  machine_type: boolean | null;
  /** null: no such questionnaire; else whether it is active, of the list's type, and has questions. */
  questionnaire: { of_type: boolean; active: boolean; questions: boolean } | null;
};

export type ConceptMachineValues = {
  name: string;
  inventoryNumber: string;
  machineTypeId: number | null;
  departmentId: number | null;
  roomId: number | null;
  questionnaireId: number;
  createdBy: number;
};

export function createPlanningRepository(db: Db) {
  return {
    /** Customers not archived, by name, at most PLANNING_CUSTOMERS_LIMIT, optionally searched on name. */
    async customers(search: string | null | undefined, tx: Executor = db): Promise<PlanningOption[]> {
      const where = search ? sql`and name ilike ${likePattern(search)}` : sql``;
      const [row] = await rowsOf<{ options: PlanningOption[] }>(
        tx,
        sql`select ${options(sql`(select id, name from customers where archived_at is null ${where}
              order by lower(name), id limit ${PLANNING_CUSTOMERS_LIMIT}) x`)} as options`,
      );
      return row!.options;
    },

    /** The locations of a customer in use, by name; undefined for a customer unknown or archived. */
    async locations(customerId: number, tx: Executor = db): Promise<PlanningOption[] | undefined> {
      const [row] = await rowsOf<{ options: PlanningOption[] }>(
        tx,
        sql`select ${options(sql`locations x where x.customer_id = c.id`)} as options
            from customers c where c.id = ${customerId} and c.archived_at is null`,
      );
      return row?.options;
    },

    async machineTypes(tx: Executor = db): Promise<PlanningOption[]> {
      const [row] = await rowsOf<{ options: PlanningOption[] }>(
        tx,
        sql`select ${options(sql`machine_types x`)} as options`,
      );
      return row!.options;
    },

    /** The departments of the task list's location with their rooms, by name; undefined without the list. */
    async places(tasklistId: number, tx: Executor = db): Promise<PlanningDepartment[] | undefined> {
      const [row] = await rowsOf<{ places: PlanningDepartment[] }>(
        tx,
        sql`select coalesce((
              select json_agg(json_build_object('id', d.id, 'name', d.name, 'rooms', coalesce((
                  select json_agg(json_build_object('id', rm.id, 'name', rm.name) order by lower(rm.name), rm.id)
                  from rooms rm where rm.department_id = d.id), '[]'::json))
                order by lower(d.name), d.id)
              from departments d where d.location_id = t.location_id
            ), '[]'::json) as places
            from tasklists t where t.id = ${tasklistId}`,
      );
      return row?.places;
    },

    /** The active questionnaires of the task list's type that have questions; undefined without the list. */
    async questionnaires(tasklistId: number, tx: Executor = db): Promise<PlanningOption[] | undefined> {
      const [row] = await rowsOf<{ options: PlanningOption[] }>(
        tx,
        sql`select ${options(sql`questionnaires x where ${usableQuestionnaire(sql`t.inspection_type`)}`)} as options
            from tasklists t where t.id = ${tasklistId}`,
      );
      return row?.options;
    },

    /** Whether each thing a concept machine refers to fits the task list (one statement). */
    async conceptChecks(
      t: TasklistRow,
      input: Pick<ConceptMachineValues, 'departmentId' | 'roomId' | 'machineTypeId' | 'questionnaireId'>,
      tx: Executor = db,
    ): Promise<ConceptChecks> {
      const check = (id: number | null, query: SQL) => (id === null ? sql`null::boolean` : sql`exists(${query})`);
      const [row] = await rowsOf<ConceptChecks>(
        tx,
        sql`select
              ${check(input.departmentId, sql`select 1 from departments where id = ${input.departmentId} and location_id = ${t.location_id}`)} as department,
              ${check(input.roomId, sql`select 1 from rooms where id = ${input.roomId} and department_id = ${input.departmentId}`)} as room,
              ${check(input.machineTypeId, sql`select 1 from machine_types where id = ${input.machineTypeId}`)} as machine_type,
              (select json_build_object('of_type', q.inspection_type = ${t.inspection_type},
                  'active', q.status = 'active',
                  'questions', exists(select 1 from questionnaire_categories qc
                    join questionnaire_questions qq on qq.questionnaire_category_id = qc.id where qc.questionnaire_id = q.id))
                from questionnaires q where q.id = ${input.questionnaireId}) as questionnaire`,
      );
      return row!;
    },

    /**
     * A concept machine at the task list's customer and location with its questionnaire of the
     * list's type (one statement); returns its id.
     */
    async insertConcept(t: TasklistRow, v: ConceptMachineValues, tx: Executor): Promise<number> {
      const [row] = await rowsOf<{ id: number }>(
        tx,
        sql`with m as (
              insert into machines (customer_id, location_id, department_id, room_id, name, inventory_number,
                machine_type_id, status, created_by)
              values (${t.customer_id}, ${t.location_id}, ${v.departmentId}, ${v.roomId}, ${v.name}, ${v.inventoryNumber},
                ${v.machineTypeId}, 'concept', ${v.createdBy})
              returning id
            ), mq as (
              insert into machine_questionnaires (machine_id, inspection_type, questionnaire_id)
              select m.id, ${t.inspection_type satisfies InspectionType}, ${v.questionnaireId} from m
            )
            select id from m`,
      );
      return row!.id;
    },
  };
}

export type PlanningRepository = ReturnType<typeof createPlanningRepository>;
