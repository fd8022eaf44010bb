import { and, eq, inArray, isNotNull, isNull, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { DUE_SOON_DAYS, type DueFilter } from '@keurwijzer/shared/compliance';
import {
  MACHINE_FILTER_KEYS,
  type Machine,
  type MachineFilterKey,
  type MachineStatus,
} from '@keurwijzer/shared/machines';
import { INSPECTION_TYPES, type InspectionType } from '@keurwijzer/shared/questionnaires';
import type { Db, Executor } from '../../db/client';
import { customers, departments, locations, rooms } from '../../db/schema/customers';
import { machineMoves, machineQuestionnaires, machines } from '../../db/schema/machines';
import { questionnaires } from '../../db/schema/questionnaires';
import { users } from '../../db/schema/users';
import { brandTypes, brands, machineTypes } from '../../db/schema/master-data';
import { seenByCustomer } from '../../db/shared-facts';
import { isoOf, jsonObject } from '../../db/sql-json';
import {
  PLACEHOLDER_CLOCK,
  clockParams,
  dueClock,
  dueFilterWhere,
  dueStateSql,
  type DueClock,
} from '../../lib/due-state';
import { iso } from '../../lib/presenters';
import { OWN_MACHINE_LIST_FIELDS } from './own-machine.presenter';
import { allOf, likePattern, pageMeta, preparedByShape, qualified, totalOf } from '../../lib/list-query';

/*
 * A machine leaves the database as its API JSON, built by PostgreSQL (`json_build_object`): a
 * page of 25 is then 25 strings for Node to join, instead of 35 columns a row to parse, map,
 * present, validate and serialize again (that was ~0.35 ms of Node per page, as much as the whole
 * query). `MACHINE_JSON` is the one presenter of a machine: typed against `Machine`, so a field
 * added to the contract does not compile until it is added here; the API tests parse every
 * machine they get with `MachineSchema.strict()`.
 *
 * Names of what a machine refers to come from scalar sub-selects, not joins: with seven joins
 * PostgreSQL spends ~18 ms planning each page (every join order is considered), with sub-selects
 * ~1.5 ms, and each runs once per row of the page by primary key. Outer columns are qualified
 * (`qualified`), since Drizzle leaves them bare in a one-table select.
 */
const nameOf = (table: AnyPgTable & { id: AnyColumn; name: AnyColumn }, ref: AnyColumn) =>
  sql`(select ${table.name} from ${table} where ${table.id} = ${qualified(ref)})`;

/** A machine's JSON fields; its due state is computed against `clock` (see lib/due-state.ts). */
const machineFields = (clock: DueClock): Record<keyof Machine, SQL> => ({
  id: qualified(machines.id),
  customer_id: qualified(machines.customerId),
  customer_name: nameOf(customers, machines.customerId),
  location_id: qualified(machines.locationId),
  location_name: nameOf(locations, machines.locationId),
  department_id: qualified(machines.departmentId),
  department_name: nameOf(departments, machines.departmentId),
  room_id: qualified(machines.roomId),
  room_name: nameOf(rooms, machines.roomId),
  name: qualified(machines.name),
  inventory_number: qualified(machines.inventoryNumber),
  factory_number: qualified(machines.factoryNumber),
  manufacturer: qualified(machines.manufacturer),
  manufacture_year: qualified(machines.manufactureYear),
  machine_type_id: qualified(machines.machineTypeId),
  machine_type_name: nameOf(machineTypes, machines.machineTypeId),
  brand_id: qualified(machines.brandId),
  brand_name: nameOf(brands, machines.brandId),
  brand_type_id: qualified(machines.brandTypeId),
  brand_type_name: nameOf(brandTypes, machines.brandTypeId),
  status: qualified(machines.status),
  price_cents: qualified(machines.priceCents),
  report_year: qualified(machines.reportYear),
  // The questionnaire per inspection type as one object, so a machine is one row.
  questionnaires: sql`coalesce((
    select json_object_agg(${machineQuestionnaires.inspectionType}, ${machineQuestionnaires.questionnaireId})
    from ${machineQuestionnaires} where ${machineQuestionnaires.machineId} = ${qualified(machines.id)}), '{}')`,
  archived_at: isoOf(qualified(machines.archivedAt)),
  created_at: isoOf(qualified(machines.createdAt)),
  updated_at: isoOf(qualified(machines.updatedAt)),
  // Kept on the row by refresh_machine_due (migration 0022); the state from today's day.
  next_due_date: sql`to_char(${qualified(machines.nextDueDate)}, 'YYYY-MM-DD')`,
  due_state: dueStateSql(qualified(machines.nextDueDate), qualified(machines.dueRejected), clock),
});

/**
 * The machine of the current row as its API JSON with more fields (the customer portal's list
 * and machine screen): one `json_build_object`, so the extra fields cost no second statement.
 */
export function machineJsonWith<T = Machine>(extra: Record<string, SQL>, clock: DueClock = PLACEHOLDER_CLOCK) {
  return jsonObject<T>({ ...machineFields(clock), ...extra });
}
/**
 * The same as text, cast only here at the edge: list pages are sent as the text they are. With
 * the placeholder clock: for prepared statements, executed with `clockParams`.
 */
const MACHINE_JSON = sql<string>`${machineJsonWith({})}::text`;
/** A machine of the customer portal's list (OwnMachine): with its latest report dates and open malfunctions. */
const OWN_MACHINE_JSON = sql<string>`${machineJsonWith(OWN_MACHINE_LIST_FIELDS)}::text`;

/**
 * The status after an edit: Actief / Niet actief as sent, the current one when none is sent; a
 * concept machine stays Concept (only approval makes it Actief). Decided in the UPDATE itself, so
 * an approval running at the same time is never undone.
 */
export const statusAfterEdit = (status: MachineStatus | undefined) =>
  sql<MachineStatus>`case when ${machines.status} = 'concept' then 'concept' else coalesce(${status ?? null}::text, ${machines.status}) end`;

/** JSON texts of machines as one JSON array text. */
const jsonArray = (texts: string[]) => `[${texts.join(',')}]`;

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

/** A machine as the inventory list shows it: names instead of ids. */
export type InventoryRow = {
  id: number;
  locationName: string;
  departmentName: string | null;
  roomName: string | null;
  name: string;
  machineTypeName: string | null;
  brandName: string | null;
  brandTypeName: string | null;
  inventoryNumber: string;
  factoryNumber: string | null;
  manufactureYear: number | null;
  status: Machine['status'];
  archived: boolean;
  priceCents: number | null;
  /** Date of the latest completed report per inspection type. */
  latestReports: Partial<Record<InspectionType, Date>>;
};

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
 * Machine queries. A page is one statement: the machines with the names they refer to, their
 * questionnaires as JSON and the total as a sub-select (one round trip, no count query beside it).
 */
export function createMachinesRepository(db: Db, options: { dueSoonDays?: number } = {}) {
  const soonDays = options.dueSoonDays ?? DUE_SOON_DAYS;
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
        yield batch.map((m) => ({
          id: m.id,
          locationName: m.location_name,
          departmentName: m.department_name,
          roomName: m.room_name,
          name: m.name,
          machineTypeName: m.machine_type_name,
          brandName: m.brand_name,
          brandTypeName: m.brand_type_name,
          inventoryNumber: m.inventory_number,
          factoryNumber: m.factory_number,
          manufactureYear: m.manufacture_year,
          status: m.status,
          archived: m.archived_at !== null,
          priceCents: m.price_cents,
          latestReports: latest.get(m.id) ?? {},
        }));
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

    /**
     * Locks the machine of this customer (FOR NO KEY UPDATE: rows referring to it, such as an
     * uploaded image, can still be added) until the transaction ends; false when it
     * is not there. Edits and moves of one machine take it first, so they run one after the
     * other and each compares with (and records in the history) the place the one before left.
     */
    lock: async (id: number, customerId: number, tx: Executor): Promise<boolean> =>
      (
        await tx
          .select({ id: machines.id })
          .from(machines)
          .where(and(eq(machines.id, id), eq(machines.customerId, customerId)))
          .for('no key update')
      ).length > 0,

    /** Replaces the questionnaire per inspection type. */
    async setQuestionnaires(machineId: number, links: Partial<Record<InspectionType, number | null>>, tx: Executor) {
      await tx.delete(machineQuestionnaires).where(eq(machineQuestionnaires.machineId, machineId));
      const values = Object.entries(links)
        .filter((e): e is [InspectionType, number] => typeof e[1] === 'number')
        .map(([inspectionType, questionnaireId]) => ({ machineId, inspectionType, questionnaireId }));
      if (values.length > 0) await tx.insert(machineQuestionnaires).values(values);
    },

    async customerExists(customerId: number, tx: Executor = db): Promise<boolean> {
      return (await tx.$count(customers, eq(customers.id, customerId))) > 0;
    },

    /**
     * Whether each thing a machine refers to exists where it must (one statement): the location
     * at this customer, the department at that location, the room in that department, the brand
     * type of that brand, each questionnaire of its inspection type. null: nothing was chosen.
     */
    async references(customerId: number, r: MachineReferences, tx: Executor): Promise<ReferenceChecks> {
      const check = (id: number | null | undefined, query: SQL) =>
        id == null ? sql<boolean | null>`null::boolean` : sql<boolean | null>`exists(${query})`;
      const q = r.questionnaires;
      const [row] = await tx
        .select({
          location: check(
            r.location_id,
            sql`select 1 from ${locations} where ${locations.id} = ${r.location_id} and ${locations.customerId} = ${customerId}`,
          ),
          department: check(
            r.department_id,
            sql`select 1 from ${departments} where ${departments.id} = ${r.department_id} and ${departments.locationId} = ${r.location_id}`,
          ),
          room: check(
            r.room_id,
            sql`select 1 from ${rooms} where ${rooms.id} = ${r.room_id} and ${rooms.departmentId} = ${r.department_id}`,
          ),
          machineType: check(
            r.machine_type_id,
            sql`select 1 from ${machineTypes} where ${machineTypes.id} = ${r.machine_type_id}`,
          ),
          brand: check(r.brand_id, sql`select 1 from ${brands} where ${brands.id} = ${r.brand_id}`),
          brandType: check(
            r.brand_type_id,
            sql`select 1 from ${brandTypes} where ${brandTypes.id} = ${r.brand_type_id} and ${brandTypes.brandId} = ${r.brand_id ?? null}`,
          ),
          questionnaires: jsonObject<Record<InspectionType, boolean | null>>(
            Object.fromEntries(
              INSPECTION_TYPES.map((t) => [
                t,
                check(
                  q[t],
                  sql`select 1 from ${questionnaires} where ${questionnaires.id} = ${q[t] ?? null} and ${questionnaires.inspectionType} = ${t}`,
                ),
              ]),
            ),
          ),
        })
        .from(sql`(select 1) as one`);
      return row!;
    },

    async insert(values: typeof machines.$inferInsert, tx: Executor): Promise<number> {
      const [row] = await tx.insert(machines).values(values).returning({ id: machines.id });
      return row!.id;
    },

    async update(id: number, values: PgUpdateSetSource<typeof machines>, tx: Executor = db): Promise<void> {
      await tx
        .update(machines)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(machines.id, id));
    },

    /**
     * Archives or restores in one conditional statement; false when the machine of this customer
     * was not in the other state (or does not exist).
     */
    async setArchived(customerId: number, id: number, archived: boolean): Promise<boolean> {
      const changed = await db
        .update(machines)
        .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
        .where(
          and(
            eq(machines.id, id),
            eq(machines.customerId, customerId),
            archived ? isNull(machines.archivedAt) : isNotNull(machines.archivedAt),
          ),
        )
        .returning({ id: machines.id });
      return changed.length > 0;
    },

    /** Concept -> Active in one conditional statement; false when it was no concept machine. */
    async approve(id: number): Promise<boolean> {
      const changed = await db
        .update(machines)
        .set({ status: 'active', updatedAt: new Date() })
        .where(and(eq(machines.id, id), eq(machines.status, 'concept')))
        .returning({ id: machines.id });
      return changed.length > 0;
    },

    async addMove(move: typeof machineMoves.$inferInsert, tx: Executor): Promise<void> {
      await tx.insert(machineMoves).values(move);
    },

    /** The move history of a machine, oldest first, with who moved it. */
    async moves(machineId: number) {
      const rows = await db
        .select({
          id: machineMoves.id,
          from: machineMoves.fromPlace,
          to: machineMoves.toPlace,
          at: machineMoves.movedAt,
          first: users.firstName,
          prep: users.preposition,
          last: users.lastName,
        })
        .from(machineMoves)
        .leftJoin(users, eq(users.id, machineMoves.movedBy))
        .where(eq(machineMoves.machineId, machineId))
        .orderBy(machineMoves.movedAt);
      return rows.map((r) => ({
        id: r.id,
        from: r.from,
        to: r.to,
        moved_by: r.first ? [r.first, r.prep, r.last].filter(Boolean).join(' ') : null,
        moved_at: iso(r.at),
      }));
    },

    /** "Vestiging > Afdeling > Ruimte" of a placement, for the move history. */
    async placeName(
      p: { locationId: number; departmentId: number | null; roomId: number | null },
      tx: Executor,
    ): Promise<string> {
      const [l] = await tx.select({ n: locations.name }).from(locations).where(eq(locations.id, p.locationId));
      const [d] = p.departmentId
        ? await tx.select({ n: departments.name }).from(departments).where(eq(departments.id, p.departmentId))
        : [];
      const [r] = p.roomId ? await tx.select({ n: rooms.name }).from(rooms).where(eq(rooms.id, p.roomId)) : [];
      return [l?.n, d?.n, r?.n].filter(Boolean).join(' > ');
    },
  };
}

export type MachinesRepository = ReturnType<typeof createMachinesRepository>;

/** What a machine refers to, as its input names them. */
export type MachineReferences = {
  location_id: number;
  department_id: number | null;
  room_id: number | null;
  machine_type_id?: number | null;
  brand_id?: number | null;
  brand_type_id?: number | null;
  questionnaires: Partial<Record<InspectionType, number | null>>;
};
/** Per reference: true (exists where it must), false (it does not), null (none chosen). */
export type ReferenceChecks = {
  location: boolean | null;
  department: boolean | null;
  room: boolean | null;
  machineType: boolean | null;
  brand: boolean | null;
  brandType: boolean | null;
  questionnaires: Record<InspectionType, boolean | null>;
};
