import { and, eq, inArray, isNotNull, isNull, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DueFilter } from '@keurwijzer/shared/compliance';
import { MACHINE_FILTER_KEYS, type Machine, type MachineFilterKey } from '@keurwijzer/shared/machines';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import type { Db, Executor } from '../../db/client';
import { machines } from '../../db/schema/machines';
import { seenByCustomer } from '../../db/shared-facts';
import { PLACEHOLDER_CLOCK, clockParams, dueClock, dueFilterWhere } from '../../lib/due-state';
import { allOf, likePattern, pageMeta, preparedByShape, totalOf } from '../../lib/list-query';
import {
  MACHINE_JSON,
  OWN_MACHINE_JSON,
  inventoryRowOf,
  jsonArray,
  machineJsonWith,
  type InventoryRow,
} from './machines.presenter';

/** Filters, search and sort of the machines screen (the inventory export uses them too). */
export type MachineSelection = {
  search?: string;
  sortKey: 'name' | 'inventory_number' | 'manufacture_year' | 'status' | 'created_at' | 'next_due_date';
  sortOrder: 'asc' | 'desc';
  archived: boolean;
  location_id?: number;
  department_id?: number;
  room_id?: number;
  machine_type_id?: number;
  brand_id?: number;
  status?: Machine['status'];
  /** Only the machines in this due state (computed from machines.next_due_date / due_rejected). */
  due_state?: DueFilter;
  /** Only what the customer sees of its own machines (`seenByCustomer`: not archived, not concept). */
  customerView?: boolean;
  /** Each machine as the customer portal lists it (OwnMachine): latest report dates, open malfunctions. */
  portal?: boolean;
};
export type MachineFilters = MachineSelection & { page: number; itemsPerPage: number };

/** Rows per query of the inventory export: bounded memory whatever the customer's size. */
const EXPORT_BATCH = 1000;

const SORT = {
  name: machines.name,
  inventory_number: machines.inventoryNumber,
  manufacture_year: machines.manufactureYear,
  status: machines.status,
  created_at: machines.createdAt,
  next_due_date: machines.nextDueDate,
};
/** Machines without a due date last, whichever the direction (asc: the order of machines_customer_due_idx). */
const NULLS_LAST = new Set<MachineSelection['sortKey']>(['next_due_date']);
/** ORDER BY of a sort: the key, then the id; a due date without a date last. */
function sortOrderOf(key: SQLWrapper, tiebreaker: SQLWrapper, q: MachineSelection): SQL[] {
  const dir = q.sortOrder === 'desc' ? sql.raw('desc') : sql.raw('asc');
  const nulls = NULLS_LAST.has(q.sortKey) ? sql.raw(' nulls last') : sql.raw('');
  return [sql`${key} ${dir}${nulls}`, sql`${tiebreaker} ${dir}`];
}

/**
 * Date of the latest submitted report per inspection type (the task list's) of these machines,
 * one statement per batch of the export: one range of reports_machine_idx per machine.
 */
async function latestReports(
  db: Executor,
  machineIds: number[],
): Promise<Map<number, Partial<Record<InspectionType, Date>>>> {
  const latest = new Map(machineIds.map((id): [number, Partial<Record<InspectionType, Date>>] => [id, {}]));
  if (machineIds.length === 0) return latest;
  const result = await db.execute(
    sql`select r.machine_id, t.inspection_type, max(r.submitted_at) as submitted_at
        from reports r join tasklists t on t.id = r.tasklist_id
        where r.machine_id = any(${`{${machineIds.join(',')}}`}::int[]) and r.status = 'submitted'
        group by r.machine_id, t.inspection_type`,
  );
  const rows = (
    result as unknown as {
      rows: { machine_id: number; inspection_type: InspectionType; submitted_at: Date | string }[];
    }
  ).rows;
  for (const row of rows) latest.get(row.machine_id)![row.inspection_type] = new Date(row.submitted_at);
  return latest;
}

/** The filters that narrow a list to equal ids or a status: each a placeholder when present. */
const FILTERS = {
  location_id: machines.locationId,
  department_id: machines.departmentId,
  room_id: machines.roomId,
  machine_type_id: machines.machineTypeId,
  brand_id: machines.brandId,
  status: machines.status,
} as const satisfies Record<Exclude<MachineFilterKey, 'due_state'>, AnyColumn>;
/** The equality filters (the due state is a range over the due date: `dueFilterWhere`). */
const FILTER_KEYS = MACHINE_FILTER_KEYS.filter((k): k is keyof typeof FILTERS => k !== 'due_state');

/**
 * Reading machines. A page is one statement: the machines with the names they refer to, their
 * questionnaires as JSON and the total as a sub-select (one round trip, no count query beside it).
 */
export function machineReads(db: Db, soonDays: number) {
  const select = <E extends Record<string, SQL.Aliased | SQL>>(tx: Executor = db, extra?: E, json = MACHINE_JSON) =>
    tx.select({ json, ...(extra as E) }).from(machines);

  /**
   * The page query of one shape (sort, archived or not, one customer or all, which filters,
   * search or not), kept as a prepared statement (`preparedByShape`). The page's ids are picked
   * first, and only those rows get their names: PostgreSQL computes a select list before OFFSET
   * skips a row, so page 150 would otherwise look up names for 3,725 machines it throws away.
   *
   * The whole list (a customer's machines in use, or its archived ones): the ids come in order
   * from a sort index and the total from an index-only count. A narrowed list (a search, which
   * has no index as a LIKE on part of a word, or a filter) reads the customer's machines: the
   * matches go into a CTE that gives both the total and the page, one read instead of a count
   * and a page that would each read them all.
   */
  const prepared = preparedByShape<ReturnType<typeof buildPage>>('machines_page');
  function buildPage(q: MachineSelection, scoped: boolean, name: string) {
    const where = allOf(
      scoped ? eq(machines.customerId, sql.placeholder('customerId')) : undefined,
      q.archived ? isNotNull(machines.archivedAt) : isNull(machines.archivedAt),
      q.customerView ? seenByCustomer('machines') : undefined,
      ...FILTER_KEYS.map((k) => (q[k] ? eq(FILTERS[k], sql.placeholder(k)) : undefined)),
      q.due_state
        ? dueFilterWhere(q.due_state, machines.nextDueDate, machines.dueRejected, PLACEHOLDER_CLOCK)
        : undefined,
      // `(select lower(…))`: a generic plan would lower the pattern again for every row it reads.
      q.search ? sql`${machines.searchText} like (select lower(${sql.placeholder('search')}))` : undefined,
    );
    const order = sortOrderOf(SORT[q.sortKey], machines.id, q);
    const json = q.portal ? OWN_MACHINE_JSON : MACHINE_JSON;
    const narrowed = Boolean(q.search || q.customerView || q.due_state || FILTER_KEYS.some((k) => q[k]));
    if (!narrowed) {
      const ids = db
        .select({ id: machines.id })
        .from(machines)
        .where(where)
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
      return select(db, { total: sql<number>`(select count(*) from ${machines} where ${where})`.mapWith(Number) }, json)
        .where(inArray(machines.id, ids))
        .orderBy(...order)
        .prepare(name);
    }
    const matched = db.$with('matched').as(
      db
        .select({ id: sql<number>`${machines.id}`.as('id'), key: sql`${SORT[q.sortKey]}`.as('key') })
        .from(machines)
        .where(where),
    );
    const ids = db
      .select({ id: matched.id })
      .from(matched)
      .orderBy(...sortOrderOf(sql.identifier('key'), sql.identifier('id'), q))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return db
      .with(matched)
      .select({ json, total: sql<number>`(select count(*) from ${matched})`.mapWith(Number) })
      .from(machines)
      .where(inArray(machines.id, ids))
      .orderBy(...order)
      .prepare(name);
  }

  /** One page of machines, each row with the total of the whole selection. */
  function page(q: MachineSelection, customerId: number | undefined, limit: number, offset: number) {
    const key = [
      q.sortKey,
      q.sortOrder,
      q.archived ? 'archived' : 'active',
      q.customerView ? 'customer-view' : '',
      q.portal ? 'portal' : '',
      customerId === undefined ? 'all' : 'customer',
      ...FILTER_KEYS.filter((k) => q[k]),
      q.due_state ? `due=${q.due_state}` : '',
      q.search ? 'search' : '',
    ].join(':');
    return prepared(key, (name) => buildPage(q, customerId !== undefined, name)).execute({
      ...clockParams(dueClock(soonDays)),
      customerId,
      ...Object.fromEntries(FILTER_KEYS.map((k) => [k, q[k]])),
      search: q.search ? likePattern(q.search) : undefined,
      limit,
      offset,
    }) as Promise<{ json: string; total: number }[]>;
  }

  return {
    /** One page: the machines as one JSON array text (sent as it is, see MACHINE_JSON) and the meta. */
    async list(q: MachineFilters, customerId: number | undefined) {
      const rows = await page(q, customerId, q.itemsPerPage, (q.page - 1) * q.itemsPerPage);
      const total = await totalOf(rows, q.page, () => page(q, customerId, 1, 0));
      return { dataJson: jsonArray(rows.map((r) => r.json)), count: rows.length, meta: pageMeta(total, q) };
    },

    /**
     * The machines of the inventory export in the screen's order, a batch at a time, so a
     * customer with thousands of machines streams without holding them all.
     */
    async *inventory(q: MachineSelection, customerId: number): AsyncGenerator<InventoryRow[]> {
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const rows = await page(q, customerId, EXPORT_BATCH, offset);
        if (rows.length === 0) return;
        const batch = JSON.parse(jsonArray(rows.map((r) => r.json))) as Machine[];
        const latest = await latestReports(
          db,
          batch.map((m) => m.id),
        );
        yield batch.map((m) => inventoryRowOf(m, latest.get(m.id) ?? {}));
        if (rows.length < EXPORT_BATCH) return;
      }
    },

    async find(id: number, customerId: number | undefined, tx: Executor = db): Promise<Machine | undefined> {
      const json = sql<string>`${machineJsonWith({}, dueClock(soonDays))}::text`;
      const [row] = await select(tx, undefined, json)
        .where(and(eq(machines.id, id), customerId === undefined ? undefined : eq(machines.customerId, customerId)))
        .limit(1);
      return row && (JSON.parse(row.json) as Machine);
    },
  };
}
