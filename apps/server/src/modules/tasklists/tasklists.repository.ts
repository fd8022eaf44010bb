import { eq, sql } from 'drizzle-orm';
import type { PlannedMachine } from '@keurwijzer/shared/reports';
import type { Tasklist } from '@keurwijzer/shared/tasklists';
import type { Db, Executor } from '../../db/client';
import { customers, locations } from '../../db/schema/customers';
import { reports, tasklists } from '../../db/schema/tasklists';
import { isCurrentVersion } from '../../db/shared-facts';
import { rowsOf } from '../../db/sql-json';
import { named, tasklistListQueries } from './tasklists-list.repository';
import { tasklistPlanQueries, type TasklistRow } from './tasklists-plan.repository';
import { PLANNED_MACHINE_JSON, STATS, TASKLIST_JSON } from './tasklists.presenter';

/*
 * Task lists and the reports planned on them. Every read is one statement whose rows PostgreSQL
 * builds as the API's JSON (tasklists.presenter.ts): a page of the overview, one task list with
 * its machines, the candidates of the plan screen.
 */

export function createTasklistsRepository(db: Db) {
  return {
    ...tasklistPlanQueries(db),
    ...tasklistListQueries(db),

    /** One task list as its API JSON, or undefined. */
    async find(id: number, tx: Executor = db): Promise<Tasklist | undefined> {
      const [row] = await rowsOf<{ json: Tasklist }>(
        tx,
        sql`select ${TASKLIST_JSON} as json from ${named(sql`t.id = ${id}`)} cross join ${STATS}`,
      );
      return row?.json;
    },

    /** The planned machines of a task list with their reports, by place and name (one statement). */
    async plannedMachines(tasklistId: number, tx: Executor = db): Promise<PlannedMachine[]> {
      const rows = await rowsOf<{ json: PlannedMachine }>(
        tx,
        sql`select ${PLANNED_MACHINE_JSON} as json
            from ${reports} r
            join machines m on m.id = r.machine_id
            left join departments d on d.id = m.department_id
            left join rooms rm on rm.id = m.room_id
            left join machine_types mt on mt.id = m.machine_type_id
            left join users u on u.id = r.filled_in_by
            where r.tasklist_id = ${tasklistId} and ${isCurrentVersion('r')}
            order by lower(d.name) nulls first, lower(rm.name) nulls first, lower(m.name), m.id`,
      );
      return rows.map((r) => r.json);
    },

    /** The task list's own row; locked until the transaction ends when `lock` is given. */
    async row(id: number, tx: Executor = db, lock?: 'update' | 'no key update'): Promise<TasklistRow | undefined> {
      const query = tx
        .select({
          id: tasklists.id,
          customer_id: tasklists.customerId,
          location_id: tasklists.locationId,
          inspection_type: tasklists.inspectionType,
        })
        .from(tasklists)
        .where(eq(tasklists.id, id));
      const [row] = lock ? await query.for(lock) : await query;
      return row;
    },

    /**
     * Whether the customer exists (and is not archived) and the location is one of its: one
     * statement for the form's checks.
     */
    async references(customerId: number, locationId: number, tx: Executor = db) {
      const [row] = await rowsOf<{ customer: boolean; archived: boolean; location: boolean }>(
        tx,
        sql`select exists(select 1 from ${customers} where id = ${customerId}) as customer,
              exists(select 1 from ${customers} where id = ${customerId} and archived_at is not null) as archived,
              exists(select 1 from ${locations} where id = ${locationId} and customer_id = ${customerId}) as location`,
      );
      return row!;
    },

    async insert(values: typeof tasklists.$inferInsert, tx: Executor = db): Promise<number> {
      const [row] = await tx.insert(tasklists).values(values).returning({ id: tasklists.id });
      return row!.id;
    },

    async update(id: number, values: Partial<typeof tasklists.$inferInsert>, tx: Executor): Promise<void> {
      await tx
        .update(tasklists)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(tasklists.id, id));
    },

    /** How many reports the list has, and how many of them were worked on (answers, submitted). */
    async reportsState(tasklistId: number, tx: Executor) {
      const [row] = await rowsOf<{ reports: number; worked: number }>(
        tx,
        sql`select count(*)::int as reports,
              (count(*) filter (where r.status = 'submitted'
                or exists(select 1 from report_answers a where a.report_id = r.id)))::int as worked
            from ${reports} r where r.tasklist_id = ${tasklistId}`,
      );
      return row!;
    },

    async delete(id: number, tx: Executor): Promise<void> {
      await tx.delete(tasklists).where(eq(tasklists.id, id));
    },
  };
}

export type TasklistsRepository = ReturnType<typeof createTasklistsRepository>;
