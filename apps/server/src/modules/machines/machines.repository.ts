import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import type { Machine } from '@keurwijzer/shared/machines';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import type { Db, Executor } from '../../db/client';
import { customers, departments, locations, rooms } from '../../db/schema/customers';
import { machineQuestionnaires, machines } from '../../db/schema/machines';
import { brandTypes, brands, machineTypes } from '../../db/schema/master-data';
import { allOf, likePattern, orderBy, pageMeta, preparedByShape, qualified, totalOf } from '../../lib/list-query';

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

/** A timestamp as `Date.toISOString()` writes it (UTC, milliseconds). */
const isoOf = (column: AnyColumn) =>
  sql`to_char(${qualified(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const MACHINE_FIELDS: Record<keyof Machine, SQL> = {
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
  archived_at: isoOf(machines.archivedAt),
  created_at: isoOf(machines.createdAt),
  updated_at: isoOf(machines.updatedAt),
};

/**
 * The machine of the current row as its API JSON text (keys are the contract's, not input).
 * `json_build_object` takes at most 100 arguments: 50 fields; beyond that, nest an object.
 */
const MACHINE_JSON = sql<string>`json_build_object(${sql.join(
  Object.entries(MACHINE_FIELDS).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
  sql`, `,
)})::text`;

/** JSON texts of machines as one JSON array text. */
const jsonArray = (texts: string[]) => `[${texts.join(',')}]`;

/** Filters, search and sort of the machines screen (the inventory export uses them too). */
export type MachineSelection = {
  search?: string;
  sortKey: 'name' | 'inventory_number' | 'manufacture_year' | 'status' | 'created_at';
  sortOrder: 'asc' | 'desc';
  archived: boolean;
  location_id?: number;
  department_id?: number;
  room_id?: number;
  machine_type_id?: number;
  brand_id?: number;
  status?: Machine['status'];
  /** Leave concept machines out (what a customer sees of its own machines). */
  hideConcept?: boolean;
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
};

/**
 * Date of the latest completed report per inspection type of these machines. Reports come with
 * the task lists (a later issue); until that table exists there is nothing to read, and the
 * inventory's report columns stay empty. This is the one place to fill them in then.
 */
async function latestReports(machineIds: number[]): Promise<Map<number, Partial<Record<InspectionType, Date>>>> {
  return new Map(machineIds.map((id) => [id, {}]));
}

/** The filters that narrow a list to equal ids or a status: each a placeholder when present. */
const FILTERS = {
  location_id: machines.locationId,
  department_id: machines.departmentId,
  room_id: machines.roomId,
  machine_type_id: machines.machineTypeId,
  brand_id: machines.brandId,
  status: machines.status,
} as const;
type FilterKey = keyof typeof FILTERS;
const FILTER_KEYS = Object.keys(FILTERS) as FilterKey[];

/**
 * Machine queries. A page is one statement: the machines with the names they refer to, their
 * questionnaires as JSON and the total as a sub-select (one round trip, no count query beside it).
 */
export function createMachinesRepository(db: Db) {
  const select = <E extends Record<string, SQL.Aliased | SQL>>(tx: Executor = db, extra?: E) =>
    tx.select({ json: MACHINE_JSON, ...(extra as E) }).from(machines);

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
      q.hideConcept ? ne(machines.status, 'concept') : undefined,
      ...FILTER_KEYS.map((k) => (q[k] ? eq(FILTERS[k], sql.placeholder(k)) : undefined)),
      // `(select lower(…))`: a generic plan would lower the pattern again for every row it reads.
      q.search ? sql`${machines.searchText} like (select lower(${sql.placeholder('search')}))` : undefined,
    );
    const order = orderBy(q.sortKey, q.sortOrder, SORT, machines.id);
    const narrowed = Boolean(q.search || q.hideConcept || FILTER_KEYS.some((k) => q[k]));
    if (!narrowed) {
      const ids = db
        .select({ id: machines.id })
        .from(machines)
        .where(where)
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
      return select(db, { total: sql<number>`(select count(*) from ${machines} where ${where})`.mapWith(Number) })
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
      .orderBy(
        ...[sql.identifier('key'), sql.identifier('id')].map((c) =>
          q.sortOrder === 'desc' ? desc(sql`${c}`) : asc(sql`${c}`),
        ),
      )
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return db
      .with(matched)
      .select({ json: MACHINE_JSON, total: sql<number>`(select count(*) from ${matched})`.mapWith(Number) })
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
      q.hideConcept ? 'no-concept' : '',
      customerId === undefined ? 'all' : 'customer',
      ...FILTER_KEYS.filter((k) => q[k]),
      q.search ? 'search' : '',
    ].join(':');
    return prepared(key, (name) => buildPage(q, customerId !== undefined, name)).execute({
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
        const latest = await latestReports(batch.map((m) => m.id));
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
      const [row] = await select(tx)
        .where(and(eq(machines.id, id), customerId === undefined ? undefined : eq(machines.customerId, customerId)))
        .limit(1);
      return row && (JSON.parse(row.json) as Machine);
    },

    /** Replaces the questionnaire per inspection type. */
    async setQuestionnaires(machineId: number, links: Partial<Record<InspectionType, number | null>>, tx: Executor) {
      await tx.delete(machineQuestionnaires).where(eq(machineQuestionnaires.machineId, machineId));
      const values = Object.entries(links)
        .filter((e): e is [InspectionType, number] => typeof e[1] === 'number')
        .map(([inspectionType, questionnaireId]) => ({ machineId, inspectionType, questionnaireId }));
      if (values.length > 0) await tx.insert(machineQuestionnaires).values(values);
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
