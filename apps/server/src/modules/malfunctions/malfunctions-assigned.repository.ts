import { sql } from 'drizzle-orm';
import type { AssignedMalfunctionListQuery, MalfunctionAssignee } from '@keurwijzer/shared/malfunctions';
import type { Db } from '../../db/client';
import { openMalfunction } from '../../db/shared-facts';
import { fullName, rowsOf } from '../../db/sql-json';
import type { AssignedMailFacts } from '../../lib/malfunction-assigned-mail';
import { likePattern, pageMeta } from '../../lib/list-query';
import { MALFUNCTION_DETAIL_JSON, MALFUNCTION_JSON, statusOrder } from './malfunctions.presenter';

/*
 * Assignment: who a malfunction may be assigned to, a user's "Mijn storingen" and the
 * facts of the mail to the assignee. A user's malfunctions are read from malfunctions_assigned_idx
 * (assigned_to, created_at, id); the page is one statement with its total as a window count (a
 * user has few).
 */

/** The roles a malfunction may be assigned to (malfunctions.repository.ts isAssignable decides the same). */
const ASSIGNABLE = sql.raw(`u.role in ('super_admin', 'admin', 'mechanic') and u.archived_at is null
  and u.activated_at is not null`);

export function createAssignedMalfunctionsRepository(db: Db) {
  return {
    /** Active mechanics, admins and super admins, by name. */
    async assignees(): Promise<MalfunctionAssignee[]> {
      return rowsOf<MalfunctionAssignee>(
        db,
        sql`select u.id, ${fullName('u')} as name, u.role from users u
            where ${ASSIGNABLE}
            order by lower(u.last_name), lower(u.first_name), u.id`,
      );
    },

    /**
     * A page of the malfunctions assigned to `userId`: by default the active ones (Open, In
     * behandeling) first, each group newest first; `status` sorts by status instead.
     */
    async list(userId: number, q: AssignedMalfunctionListQuery) {
      const filters = [sql`f.assigned_to = ${userId}`];
      if (q.status !== undefined) filters.push(sql`f.status = ${q.status}`);
      if (q.search) {
        const p = likePattern(q.search);
        filters.push(sql`(f.description ilike ${p}
          or f.customer_id in (select sc.id from customers sc where sc.name ilike ${p})
          or f.machine_id in (select sm.id from machines sm where sm.name ilike ${p} or sm.inventory_number ilike ${p}))`);
      }
      const dir = sql.raw(q.sortOrder === 'asc' ? 'asc' : 'desc');
      const order =
        q.sortKey === 'status'
          ? sql`${statusOrder(sql`f.status`)} ${dir}, f.created_at desc, f.id desc`
          : sql`(case when ${openMalfunction('f')} then 1 else 0 end) desc, f.created_at ${dir}, f.id ${dir}`;
      const where = sql.join(filters, sql` and `);
      const rows = await rowsOf<{ json: string; total: number }>(
        db,
        sql`select ${MALFUNCTION_JSON}::text as json, p.total
            from (select f.id, row_number() over (order by ${order}) as n, count(*) over ()::int as total
                  from malfunctions f where ${where}
                  order by ${order} limit ${q.itemsPerPage} offset ${(q.page - 1) * q.itemsPerPage}) p
            join malfunctions f on f.id = p.id
            order by p.n`,
      );
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && q.page > 1) {
        const [row] = await rowsOf<{ total: number }>(
          db,
          sql`select count(*)::int as total from malfunctions f where ${where}`,
        );
        total = row?.total ?? 0;
      }
      return { dataJson: `[${rows.map((r) => r.json).join(',')}]`, meta: pageMeta(total, q) };
    },

    /** The whole malfunction when it is assigned to `userId`, else undefined. */
    async detail(userId: number, id: number): Promise<unknown> {
      const [row] = await rowsOf<{ json: unknown }>(
        db,
        sql`select ${MALFUNCTION_DETAIL_JSON} as json from malfunctions f where f.id = ${id} and f.assigned_to = ${userId}`,
      );
      return row?.json;
    },

    /** Whether the malfunction is assigned to the user. */
    async isAssigned(userId: number, id: number): Promise<boolean> {
      const [row] = await rowsOf<{ ok: boolean }>(
        db,
        sql`select exists(select 1 from malfunctions where id = ${id} and assigned_to = ${userId}) as ok`,
      );
      return row?.ok ?? false;
    },

    /** What the mail to the assignee says, while the malfunction is still assigned to them and they are active. */
    async mailFacts(id: number, assigneeId: number, actorId: number): Promise<AssignedMailFacts | undefined> {
      const [row] = await rowsOf<{ json: AssignedMailFacts }>(
        db,
        sql`select json_build_object(
              'id', f.id,
              'assigneeEmail', u.email,
              'assigneeFirstName', u.first_name,
              'assigneeRole', u.role,
              'customerName', (select c.name from customers c where c.id = f.customer_id),
              'machineName', m.name,
              'inventoryNumber', m.inventory_number,
              'place', concat_ws(', ', l.name, d.name, r.name),
              'description', f.description,
              'urgent', f.urgent,
              'contactPhone', f.contact_phone,
              'assignedByName', (select ${fullName('a')} from users a where a.id = ${actorId})) as json
            from malfunctions f
            join users u on u.id = f.assigned_to
            join machines m on m.id = f.machine_id
            join locations l on l.id = m.location_id
            left join departments d on d.id = m.department_id
            left join rooms r on r.id = m.room_id
            where f.id = ${id} and f.assigned_to = ${assigneeId} and ${ASSIGNABLE}`,
      );
      return row?.json;
    },
  };
}

export type AssignedMalfunctionsRepository = ReturnType<typeof createAssignedMalfunctionsRepository>;
