import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { brandTypes, brands, machineTypes } from '../../db/schema/master-data';
import { departments, locations, rooms } from '../../db/schema/customers';
import { questionnaires } from '../../db/schema/questionnaires';
import {
  createBrand,
  createBrandType,
  createLocation,
  createMachine,
  createMachineType,
  createPlacementChain,
  createQuestionnaire,
  uniqueName,
} from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

/**
 * docs/decisions "Machines": brands, brand types, machine types, questionnaires, locations,
 * departments and rooms that machines refer to cannot be deleted (409 with a Dutch reason),
 * archived machines included; once no machine refers to them any more they can.
 */
const t = useTestApp();

let seq = 0;
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 20);

/** A customer place and every master item a machine can refer to, and the delete path of each. */
async function world() {
  const { customer, location, department, room } = await createPlacementChain(t.db);
  // A second, empty location to move machines to.
  const spare = await createLocation(t.db, customer.id, uniqueName('Reserve'));
  const brand = await createBrand(t.db);
  const brandType = await createBrandType(t.db, brand.id);
  const machineType = await createMachineType(t.db);
  const questionnaire = (await createQuestionnaire(t.db, { inspectionType: 'safety' })).questionnaire;
  const loc = `/api/customers/${customer.id}/locations/${location!.id}`;
  const dep = `${loc}/departments/${department!.id}`;
  return {
    /** Where machines of this world stand (for createMachine). */
    place: { customer, location },
    customer: customer.id,
    location: location!.id,
    department: department!.id,
    room: room!.id,
    spare: spare!.id,
    brand: brand.id,
    brandType: brandType.id,
    machineType: machineType.id,
    questionnaire: questionnaire.id,
    names: { location: location!.name, department: department!.name, room: room!.name, spare: spare!.name },
    paths: {
      brandType: `/api/brands/${brand.id}/types/${brandType.id}`,
      brand: `/api/brands/${brand.id}`,
      machineType: `/api/machine-types/${machineType.id}`,
      questionnaire: `/api/questionnaires/${questionnaire.id}`,
      room: `${dep}/rooms/${room!.id}`,
      department: dep,
      location: loc,
    },
  };
}
type World = Awaited<ReturnType<typeof world>>;

/** A create/update body that refers to everything of `w`. */
const bodyUsingAll = (w: World, name = uniqueName('Machine'), inventoryNumber = `IU-${++seq}`) => ({
  name,
  inventory_number: inventoryNumber,
  location_id: w.location,
  department_id: w.department,
  room_id: w.room,
  machine_type_id: w.machineType,
  brand_id: w.brand,
  brand_type_id: w.brandType,
  questionnaire_safety: w.questionnaire,
});

/** A machine (through the API) that refers to everything of `w`. */
async function machineUsingAll(w: World) {
  const res = await t.admin.post(`/api/customers/${w.customer}/machines`, { body: bodyUsingAll(w) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

/** What each item is called in its 409, in the order it can be deleted (the item below first). */
const REASONS = [
  ['brandType', 'Dit type'],
  ['brand', 'Dit merk'],
  ['machineType', 'Dit machinetype'],
  ['questionnaire', 'Deze vragenlijst'],
  ['room', 'Deze ruimte'],
  ['department', 'Deze afdeling'],
  ['location', 'Deze vestiging'],
] as const;

/** Whether each row of `w` still exists. */
async function stillThere(w: World) {
  return {
    brandType: await t.db.$count(brandTypes, eq(brandTypes.id, w.brandType)),
    brand: await t.db.$count(brands, eq(brands.id, w.brand)),
    machineType: await t.db.$count(machineTypes, eq(machineTypes.id, w.machineType)),
    questionnaire: await t.db.$count(questionnaires, eq(questionnaires.id, w.questionnaire)),
    room: await t.db.$count(rooms, eq(rooms.id, w.room)),
    department: await t.db.$count(departments, eq(departments.id, w.department)),
    location: await t.db.$count(locations, eq(locations.id, w.location)),
  };
}
const ALL_THERE = {
  brandType: 1,
  brand: 1,
  machineType: 1,
  questionnaire: 1,
  room: 1,
  department: 1,
  location: 1,
};

async function expectRefused(w: World, count: string) {
  for (const [key, what] of REASONS) {
    const message = `${what} wordt gebruikt door ${count} en kan niet worden verwijderd.`;
    for (const res of [
      await t.admin.delete(w.paths[key]),
      await t.admin.post(w.paths[key], { body: { _method: 'DELETE' }, as: 'form' }),
    ]) {
      expect(res.statusCode, `${key}: ${res.body}`).toBe(409);
      expect(res.json(), key).toEqual({ message, errors: {} });
    }
  }
  expect(await stillThere(w)).toEqual(ALL_THERE);
}

describe('deleting what a machine refers to (409)', () => {
  it('refuses to delete the brand, brand type, machine type, questionnaire, location, department or room of a machine', async () => {
    const w = await world();
    await machineUsingAll(w);
    await expectRefused(w, '1 machine');
    await machineUsingAll(w);
    await expectRefused(w, '2 machines');
  });

  it('counts archived machines too: they keep their history', async () => {
    const w = await world();
    const id = await machineUsingAll(w);
    const archived = await t.admin.post(`/api/customers/${w.customer}/machines/${id}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    await expectRefused(w, '1 machine');
  });

  it('counts concept machines (added in the field) too', async () => {
    const w = await world();
    const row = await createMachine(t.db, w.place, {
      departmentId: w.department,
      roomId: w.room,
      machineTypeId: w.machineType,
      brandId: w.brand,
      brandTypeId: w.brandType,
      name: uniqueName('Concept'),
      inventoryNumber: `IU-${++seq}`,
      status: 'concept',
      archivedAt: new Date(),
    });
    const put = await t.admin.put(`/api/customers/${w.customer}/machines/${row.id}`, {
      body: bodyUsingAll(w, row.name, row.inventoryNumber),
    });
    expect(put.statusCode, put.body).toBe(200);
    await expectRefused(w, '1 machine');
  });

  it('deletes them once the machine refers to none of them any more (edited and moved away)', async () => {
    const w = await world();
    const id = await machineUsingAll(w);
    const base = `/api/customers/${w.customer}/machines/${id}`;
    const edited = await t.admin.put(base, {
      body: { name: 'Zonder verwijzingen', inventory_number: `IU-${++seq}`, location_id: w.location },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Still at the location: that one stays refused, with the machine as its reason.
    for (const key of ['brandType', 'brand', 'machineType', 'questionnaire', 'room', 'department'] as const) {
      const res = await t.admin.delete(w.paths[key]);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
    }
    const refused = await t.admin.delete(w.paths.location);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Deze vestiging wordt gebruikt door 1 machine en kan niet worden verwijderd.');
    const moved = await t.admin.post(`${base}/move`, { body: { location_id: w.spare } });
    expect(moved.statusCode, moved.body).toBe(200);
    const removed = await t.admin.delete(w.paths.location);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await stillThere(w)).toEqual({
      brandType: 0,
      brand: 0,
      machineType: 0,
      questionnaire: 0,
      room: 0,
      department: 0,
      location: 0,
    });
    // The move history keeps the names of the place that is gone.
    const moves = (await t.admin.get(`${base}/moves`)).json().data as { from: string; to: string }[];
    expect(moves.map((m) => m.to)).toEqual([w.names.location, w.names.spare]);
    expect(moves[0]!.from).toBe(`${w.names.location} > ${w.names.department} > ${w.names.room}`);
  });

  it('never answers 500 when a machine is added while its location is deleted', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const w = await world();
      // Only the location stands in the way of its delete (no departments below it).
      await t.admin.delete(w.paths.room);
      await t.admin.delete(w.paths.department);
      const [created, deleted] = await Promise.all([
        t.admin.post(`/api/customers/${w.customer}/machines`, {
          body: { name: 'Gelijktijdig', inventory_number: `IU-${++seq}`, location_id: w.location },
        }),
        t.admin.delete(w.paths.location),
      ]);
      const outcome = `${created.statusCode}/${deleted.statusCode}`;
      expect(['201/409', '422/200'], `${outcome}: ${created.body} ${deleted.body}`).toContain(outcome);
      if (outcome === '422/200') {
        expect(created.json().errors).toEqual({ location_id: ['Kies een vestiging van deze klant'] });
      }
    }
  });

  it('never answers 500 when a machine is given a brand type while that type is deleted', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const w = await world();
      const id = await machineUsingAll(w);
      const fresh = await createBrandType(t.db, w.brand);
      const [updated, deleted] = await Promise.all([
        t.admin.put(`/api/customers/${w.customer}/machines/${id}`, {
          body: {
            name: 'Gelijktijdig',
            inventory_number: `IU-${++seq}`,
            location_id: w.location,
            brand_id: w.brand,
            brand_type_id: fresh.id,
          },
        }),
        t.admin.delete(`/api/brands/${w.brand}/types/${fresh.id}`),
      ]);
      const outcome = `${updated.statusCode}/${deleted.statusCode}`;
      expect(['200/409', '422/200'], `${outcome}: ${updated.body} ${deleted.body}`).toContain(outcome);
      if (outcome === '422/200') {
        expect(updated.json().errors).toEqual({ brand_type_id: ['Kies een type van dit merk'] });
      }
    }
  });
});
