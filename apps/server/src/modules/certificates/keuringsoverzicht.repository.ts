import { sql } from 'drizzle-orm';
import type { DueState, DueType, Verdict } from '@keurwijzer/shared/compliance';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-json';
import { dueStateSql, type DueClock } from '../../lib/due-state';
import { isCurrentVersion } from '../../db/shared-facts';

/*
 * The "Keuringsoverzicht" of one customer location: every machine in use there (not archived,
 * status Actief: concept machines are not approved yet, inactive ones are out of use) with, per
 * due type, its last inspection day, verdict, next due date and state. The due rows come from
 * `machine_due` (kept by triggers); the state is computed by PostgreSQL (lib/due-state.ts) in the
 * statement that reads them. A type without an interval still shows its last report (state
 * "Geen interval"); a type without either is left out. A machine is one JSON text built by
 * PostgreSQL; machines are read a batch at a time (a location can hold thousands).
 */

/** One due type of a machine on the overview. */
export type OverviewDue = {
  inspection_type: DueType;
  /** The Dutch day of the last submitted report of the type; null: never inspected. */
  last_date: string | null;
  last_verdict: Verdict | null;
  /** "Volgende keuring vóór"; null without an interval. */
  due_date: string | null;
  state: DueState;
};

/** One machine on the overview. */
export type OverviewMachine = {
  id: number;
  name: string;
  inventory_number: string;
  machine_type_name: string | null;
  department_name: string | null;
  room_name: string | null;
  /** In the order of DUE_TYPES; only the types with an interval or a report. */
  due: OverviewDue[];
};

/** The location the overview is of, with its customer. */
export type OverviewLocation = {
  id: number;
  name: string;
  address: string;
  customer_id: number;
  customer_name: string;
  customer_number: string;
};

/** Machines per statement: bounded memory whatever the location's size. */
const BATCH = 500;

export function createKeuringsoverzichtRepository(db: Db) {
  return {
    /** The location of this customer (undefined when there is none: another customer's is not found). */
    async location(customerId: number, locationId: number): Promise<OverviewLocation | undefined> {
      const [row] = await rowsOf<OverviewLocation>(
        db,
        sql`select l.id, l.name,
            concat_ws(', ', concat_ws(' ', l.street, l.house_number, l.addition), concat_ws(' ', l.postcode, l.city)) as address,
            c.id as customer_id, c.name as customer_name, c.customer_number
          from locations l join customers c on c.id = l.customer_id
          where l.id = ${locationId} and l.customer_id = ${customerId}`,
      );
      return row;
    },

    /** The location's machines in use, by department, room and name, a batch at a time. */
    async *machines(customerId: number, locationId: number, clock: DueClock): AsyncGenerator<OverviewMachine[]> {
      const state = dueStateSql(sql`md.due_date`, sql`coalesce(md.rejected, false)`, clock);
      // The last report of a type without a due row (no interval): one range of reports_machine_idx.
      const due = sql`(select coalesce(json_agg(json_build_object(
            'inspection_type', t.type, 'last_date', case when md.machine_id is null then lr.day else md.last_date end,
            'last_verdict', case when md.machine_id is null then lr.verdict else md.last_verdict end,
            'due_date', md.due_date, 'state', ${state}) order by t.ord), '[]'::json)
        from (values ('inspection', 1), ('maintenance', 2), ('safety', 3)) as t(type, ord)
        left join machine_due md on md.machine_id = m.id and md.inspection_type = t.type
        left join lateral (
          select (r.submitted_at at time zone 'Europe/Amsterdam')::date as day, r.verdict
          from reports r
          where md.machine_id is null and r.machine_id = m.id and r.status = 'submitted' and ${isCurrentVersion('r')}
            and (r.inspection_type = t.type
              or (r.inspection_type = 'inspection_maintenance' and t.type in ('inspection', 'maintenance')))
          order by r.submitted_at desc, r.id desc limit 1
        ) lr on true
        where md.machine_id is not null or lr.day is not null)`;
      for (let offset = 0; ; offset += BATCH) {
        const rows = await rowsOf<{ json: string }>(
          db,
          sql`select json_build_object('id', m.id, 'name', m.name, 'inventory_number', m.inventory_number,
                'machine_type_name', mt.name, 'department_name', d.name, 'room_name', rm.name,
                'due', ${due})::text as json
              from machines m
              left join machine_types mt on mt.id = m.machine_type_id
              left join departments d on d.id = m.department_id
              left join rooms rm on rm.id = m.room_id
              where m.location_id = ${locationId} and m.customer_id = ${customerId}
                and m.archived_at is null and m.status = 'active'
              order by lower(d.name) nulls first, lower(rm.name) nulls first, lower(m.name), m.id
              limit ${BATCH} offset ${offset}`,
        );
        if (rows.length === 0) return;
        yield JSON.parse(`[${rows.map((r) => r.json).join(',')}]`) as OverviewMachine[];
        if (rows.length < BATCH) return;
      }
    },
  };
}

export type KeuringsoverzichtRepository = ReturnType<typeof createKeuringsoverzichtRepository>;
