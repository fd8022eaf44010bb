import { and, eq, sql } from 'drizzle-orm';
import type { LocationInput } from '@keurwijzer/shared/customers';
import type { NamedInput } from '@keurwijzer/shared/master-data';
import type { Db } from '../../db/client';
import { customers, departments, locations, rooms } from '../../db/schema/customers';
import { machines } from '../../db/schema/machines';
import { tasklists } from '../../db/schema/tasklists';
import { createCrudRepository } from '../../lib/crud';
import { countReferences, machinesUsing } from '../../lib/in-use';
import { qualified } from '../../lib/list-query';
import { plural, presentNamed } from '../../lib/presenters';

const departmentsCount = sql<number>`(select count(*)::int from ${departments} where ${qualified(departments.locationId)} = ${qualified(locations.id)})`;
const roomsCount = sql<number>`(select count(*)::int from ${rooms} where ${qualified(rooms.departmentId)} = ${qualified(departments.id)})`;

/**
 * Locations of a customer, departments of a location and rooms of a department: the generic
 * CRUD of each (scoped by its parent; nothing is deleted that still has something below it or
 * machines placed there) and whether a parent exists below its own parent.
 */
export function createLocationsRepository(db: Db) {
  return {
    locations: createCrudRepository({
      db,
      table: locations,
      select: {
        id: locations.id,
        customerId: locations.customerId,
        name: locations.name,
        street: locations.street,
        houseNumber: locations.houseNumber,
        addition: locations.addition,
        postcode: locations.postcode,
        city: locations.city,
        createdAt: locations.createdAt,
        updatedAt: locations.updatedAt,
        departmentsCount: departmentsCount.as('departments_count'),
      },
      present: (r: typeof locations.$inferSelect & { departmentsCount: number }) => ({
        ...presentNamed(r),
        customer_id: r.customerId,
        street: r.street,
        house_number: r.houseNumber,
        addition: r.addition,
        postcode: r.postcode,
        city: r.city,
        departments_count: r.departmentsCount,
      }),
      values: (i: LocationInput) => ({
        name: i.name,
        street: i.street,
        houseNumber: i.house_number,
        addition: i.addition,
        postcode: i.postcode,
        city: i.city,
      }),
      sortColumns: {
        name: locations.name,
        city: locations.city,
        postcode: locations.postcode,
        created_at: locations.createdAt,
      },
      searchColumns: [locations.name, locations.city, locations.street, locations.postcode],
      scopeColumn: locations.customerId,
      unique: {
        column: locations.name,
        field: 'name',
        message: 'Deze klant heeft al een vestiging met deze naam',
        constraint: 'locations_name_unique',
      },
      inUse: async (id, tx) => {
        const used = await machinesUsing(tx, machines.locationId, id, 'deze vestiging');
        if (used) return used;
        // A task list without machines still names the location (its history).
        const lists = await countReferences(tx, tasklists.locationId, id);
        if (lists > 0)
          return `Deze vestiging heeft ${plural(lists, 'takenlijst', 'takenlijsten')} en kan niet worden verwijderd.`;
        const n = await countReferences(tx, departments.locationId, id);
        return n > 0
          ? `Deze vestiging heeft ${plural(n, 'afdeling', 'afdelingen')} en kan niet worden verwijderd.`
          : null;
      },
    }),

    departments: createCrudRepository({
      db,
      table: departments,
      select: {
        id: departments.id,
        locationId: departments.locationId,
        name: departments.name,
        createdAt: departments.createdAt,
        updatedAt: departments.updatedAt,
        roomsCount: roomsCount.as('rooms_count'),
      },
      present: (r: typeof departments.$inferSelect & { roomsCount: number }) => ({
        ...presentNamed(r),
        location_id: r.locationId,
        rooms_count: r.roomsCount,
      }),
      values: (i: NamedInput) => ({ name: i.name }),
      sortColumns: { name: departments.name, created_at: departments.createdAt },
      searchColumns: [departments.name],
      scopeColumn: departments.locationId,
      unique: {
        column: departments.name,
        field: 'name',
        message: 'Deze vestiging heeft al een afdeling met deze naam',
        constraint: 'departments_name_unique',
      },
      inUse: async (id, tx) => {
        const used = await machinesUsing(tx, machines.departmentId, id, 'deze afdeling');
        if (used) return used;
        const n = await countReferences(tx, rooms.departmentId, id);
        return n > 0 ? `Deze afdeling heeft ${plural(n, 'ruimte', 'ruimtes')} en kan niet worden verwijderd.` : null;
      },
    }),

    rooms: createCrudRepository({
      db,
      table: rooms,
      select: {
        id: rooms.id,
        departmentId: rooms.departmentId,
        name: rooms.name,
        createdAt: rooms.createdAt,
        updatedAt: rooms.updatedAt,
      },
      present: (r: typeof rooms.$inferSelect) => ({ ...presentNamed(r), department_id: r.departmentId }),
      values: (i: NamedInput) => ({ name: i.name }),
      sortColumns: { name: rooms.name, created_at: rooms.createdAt },
      searchColumns: [rooms.name],
      scopeColumn: rooms.departmentId,
      unique: {
        column: rooms.name,
        field: 'name',
        message: 'Deze afdeling heeft al een ruimte met deze naam',
        constraint: 'rooms_name_unique',
      },
      inUse: (id, tx) => machinesUsing(tx, machines.roomId, id, 'deze ruimte'),
    }),

    customerExists: async (customerId: number): Promise<boolean> =>
      (await db.$count(customers, eq(customers.id, customerId))) > 0,

    /** Whether the location exists and belongs to the customer. */
    locationExists: async (customerId: number, locationId: number): Promise<boolean> =>
      (await db.$count(locations, and(eq(locations.id, locationId), eq(locations.customerId, customerId)))) > 0,

    /** Whether the department exists and belongs to the location. */
    departmentExists: async (locationId: number, departmentId: number): Promise<boolean> =>
      (await db.$count(departments, and(eq(departments.id, departmentId), eq(departments.locationId, locationId)))) > 0,
  };
}

export type LocationsRepository = ReturnType<typeof createLocationsRepository>;
