import type { Db } from '../db/client';
import { departments, locations, rooms } from '../db/schema/customers';
import { createCustomer } from './factories';
import { uniqueName } from './master-data';

/** A location of a customer, with a fixed address. */
export async function createLocation(db: Db, customerId: number, name = uniqueName('Vestiging')) {
  const [row] = await db
    .insert(locations)
    .values({ customerId, name, street: 'Dorpsstraat', houseNumber: '1', postcode: '1234 AB', city: 'Utrecht' })
    .returning();
  return row!;
}

export async function createDepartment(db: Db, locationId: number, name = uniqueName('Afdeling')) {
  const [row] = await db.insert(departments).values({ locationId, name }).returning();
  return row!;
}

export async function createRoom(db: Db, departmentId: number, name = uniqueName('Ruimte')) {
  const [row] = await db.insert(rooms).values({ departmentId, name }).returning();
  return row!;
}

/** A customer with one location, department and room. */
export async function createPlacementChain(db: Db, name = uniqueName('Klant')) {
  const customer = await createCustomer(db, { name });
  const location = await createLocation(db, customer.id);
  const department = await createDepartment(db, location.id);
  const room = await createRoom(db, department.id);
  return { customer, location, department, room };
}
export type PlacementChain = Awaited<ReturnType<typeof createPlacementChain>>;
