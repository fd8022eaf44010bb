import { and, eq, getTableColumns, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Machine } from '@keurwijzer/shared/machines';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import type { Db, Executor } from '../../db/client';
import { customers, departments, locations, rooms } from '../../db/schema/customers';
import { machineQuestionnaires, machines } from '../../db/schema/machines';
import { brandTypes, brands, machineTypes } from '../../db/schema/master-data';
import { allOf, orderBy, paginate, searchCondition } from '../../lib/list-query';
import { iso } from '../../lib/presenters';

const columns = {
  ...getTableColumns(machines),
  customerName: customers.name,
  locationName: locations.name,
  departmentName: departments.name,
  roomName: rooms.name,
  machineTypeName: machineTypes.name,
  brandName: brands.name,
  brandTypeName: brandTypes.name,
};
type Row = typeof machines.$inferSelect & {
  customerName: string;
  locationName: string;
  departmentName: string | null;
  roomName: string | null;
  machineTypeName: string | null;
  brandName: string | null;
  brandTypeName: string | null;
};

export type MachineFilters = {
  page: number;
  itemsPerPage: number;
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
};

const SORT = {
  name: machines.name,
  inventory_number: machines.inventoryNumber,
  manufacture_year: machines.manufactureYear,
  status: machines.status,
  created_at: machines.createdAt,
};

function present(row: Row, questionnaires: Partial<Record<InspectionType, number>>): Machine {
  return {
    id: row.id,
    customer_id: row.customerId,
    customer_name: row.customerName,
    location_id: row.locationId,
    location_name: row.locationName,
    department_id: row.departmentId,
    department_name: row.departmentName,
    room_id: row.roomId,
    room_name: row.roomName,
    name: row.name,
    inventory_number: row.inventoryNumber,
    factory_number: row.factoryNumber,
    manufacturer: row.manufacturer,
    manufacture_year: row.manufactureYear,
    machine_type_id: row.machineTypeId,
    machine_type_name: row.machineTypeName,
    brand_id: row.brandId,
    brand_name: row.brandName,
    brand_type_id: row.brandTypeId,
    brand_type_name: row.brandTypeName,
    status: row.status,
    price_cents: row.priceCents,
    report_year: row.reportYear,
    questionnaires,
    archived_at: row.archivedAt ? iso(row.archivedAt) : null,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** Machine queries: one query for a page (names joined), one for the page's questionnaires. */
export function createMachinesRepository(db: Db) {
  const select = (tx: Executor = db) =>
    tx
      .select(columns)
      .from(machines)
      .innerJoin(customers, eq(customers.id, machines.customerId))
      .innerJoin(locations, eq(locations.id, machines.locationId))
      .leftJoin(departments, eq(departments.id, machines.departmentId))
      .leftJoin(rooms, eq(rooms.id, machines.roomId))
      .leftJoin(machineTypes, eq(machineTypes.id, machines.machineTypeId))
      .leftJoin(brands, eq(brands.id, machines.brandId))
      .leftJoin(brandTypes, eq(brandTypes.id, machines.brandTypeId));

  async function withQuestionnaires(rows: Row[], tx: Executor = db): Promise<Machine[]> {
    if (rows.length === 0) return [];
    const links = await tx
      .select()
      .from(machineQuestionnaires)
      .where(
        inArray(
          machineQuestionnaires.machineId,
          rows.map((r) => r.id),
        ),
      );
    const byMachine = new Map<number, Partial<Record<InspectionType, number>>>();
    for (const l of links)
      byMachine.set(l.machineId, { ...byMachine.get(l.machineId), [l.inspectionType]: l.questionnaireId });
    return rows.map((r) => present(r, byMachine.get(r.id) ?? {}));
  }

  return {
    /** Filters of the machines screen; `scope` limits to one customer (undefined: all customers). */
    where(q: MachineFilters, customerId: number | undefined): SQL | undefined {
      return allOf(
        customerId === undefined ? undefined : eq(machines.customerId, customerId),
        q.archived ? isNotNull(machines.archivedAt) : isNull(machines.archivedAt),
        q.location_id ? eq(machines.locationId, q.location_id) : undefined,
        q.department_id ? eq(machines.departmentId, q.department_id) : undefined,
        q.room_id ? eq(machines.roomId, q.room_id) : undefined,
        q.machine_type_id ? eq(machines.machineTypeId, q.machine_type_id) : undefined,
        q.brand_id ? eq(machines.brandId, q.brand_id) : undefined,
        q.status ? eq(machines.status, q.status) : undefined,
        searchCondition(q.search, [machines.name, machines.inventoryNumber, machines.factoryNumber]),
      );
    },

    async list(q: MachineFilters, customerId: number | undefined) {
      const where = this.where(q, customerId);
      return paginate(
        q,
        () => db.$count(machines, where),
        async (limit, offset) =>
          withQuestionnaires(
            (await select()
              .where(where)
              .orderBy(...orderBy(q.sortKey, q.sortOrder, SORT, machines.id))
              .limit(limit)
              .offset(offset)) as Row[],
          ),
      );
    },

    async find(id: number, customerId: number | undefined, tx: Executor = db): Promise<Machine | undefined> {
      const rows = (await select(tx)
        .where(and(eq(machines.id, id), customerId === undefined ? undefined : eq(machines.customerId, customerId)))
        .limit(1)) as Row[];
      return (await withQuestionnaires(rows, tx))[0];
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
