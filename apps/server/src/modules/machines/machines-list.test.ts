import { describe, expect, it } from 'vitest';
import type { Machine } from '@keurwijzer/shared/machines';
import {
  createBrand,
  createDepartment,
  createLocation,
  createMachine,
  createMachineType,
  createPlacementChain,
  createRoom,
  uniqueName,
} from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { collection, item, type Json, LONG, machinesApi } from './machines.test-helpers';

/**
 * The machines list of a customer (GET /api/customers/:customerId/machines): paging, filters,
 * search, sort, archived machines. Its statements per page are in machines-queries.test.ts.
 */
const t = useTestApp();
const { listIds } = machinesApi(t);

describe('list', () => {
  /** One customer with a spread of machines over places, types, brands and statuses. */
  async function spread() {
    const c = await createPlacementChain(t.db);
    const other = await createPlacementChain(t.db);
    const room2 = await createRoom(t.db, c.department.id);
    const department2 = await createDepartment(t.db, c.location.id);
    const location2 = await createLocation(t.db, c.customer.id);
    const type1 = await createMachineType(t.db);
    const type2 = await createMachineType(t.db);
    const brand1 = await createBrand(t.db);
    const brand2 = await createBrand(t.db);
    const tag = uniqueName('Zoek').replace(/\W/g, '');
    const m1 = await createMachine(t.db, c, {
      name: `Kolomboor ${tag}`,
      inventoryNumber: `K-${tag}-001`,
      factoryNumber: `SN-${tag}-AAA`,
      departmentId: c.department.id,
      roomId: c.room.id,
      machineTypeId: type1.id,
      brandId: brand1.id,
      manufactureYear: 2010,
    });
    const m2 = await createMachine(t.db, c, {
      name: `Lintzaag ${tag}`,
      inventoryNumber: `L-${tag}-002`,
      factoryNumber: `SN-${tag}-BBB`,
      departmentId: c.department.id,
      roomId: room2.id,
      machineTypeId: type2.id,
      brandId: brand2.id,
      manufactureYear: 1995,
    });
    const m3 = await createMachine(t.db, c, {
      name: `Compressor ${tag}`,
      inventoryNumber: `C-${tag}-003`,
      departmentId: department2.id,
      machineTypeId: type1.id,
      brandId: brand2.id,
      status: 'inactive',
      manufactureYear: 2020,
    });
    const m4 = await createMachine(t.db, c, {
      name: `Heftruck ${tag}`,
      inventoryNumber: `H-${tag}-004`,
      locationId: location2.id,
      status: 'concept',
    });
    const archived = await createMachine(t.db, c, {
      name: `Afkortzaag ${tag}`,
      inventoryNumber: `A-${tag}-005`,
      departmentId: c.department.id,
      roomId: c.room.id,
      machineTypeId: type1.id,
      brandId: brand1.id,
      archivedAt: new Date(),
    });
    // The same name, type and brand at another customer never shows up.
    const foreign = await createMachine(t.db, other, {
      name: `Kolomboor ${tag}`,
      inventoryNumber: `K-${tag}-001`,
      machineTypeId: type1.id,
      brandId: brand1.id,
    });
    return {
      c,
      other,
      room2,
      department2,
      location2,
      type1,
      type2,
      brand1,
      brand2,
      tag,
      m1,
      m2,
      m3,
      m4,
      archived,
      foreign,
    };
  }

  it('lists the machines of the customer in the path with the list meta, by name', async () => {
    const s = await spread();
    const res = await t.admin.get(collection(s.c.customer.id));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Machine[]; meta: Json };
    expect(body.meta).toEqual({ total: 4, page: 1, itemsPerPage: 10, lastPage: 1 });
    // Default sort: name ascending (Compressor, Heftruck, Kolomboor, Lintzaag).
    expect(body.data.map((m) => m.id)).toEqual([s.m3.id, s.m4.id, s.m1.id, s.m2.id]);
    expect(body.data.find((m) => m.id === s.m1.id)).toMatchObject({
      customer_name: s.c.customer.name,
      location_name: s.c.location.name,
      department_name: s.c.department.name,
      room_name: s.c.room.name,
      machine_type_name: s.type1.name,
      brand_name: s.brand1.name,
    });
    expect(res.body).not.toContain(s.other.customer.name);

    const page1 = await t.admin.get(`${collection(s.c.customer.id)}?itemsPerPage=3`);
    expect(page1.json().meta).toEqual({ total: 4, page: 1, itemsPerPage: 3, lastPage: 2 });
    const page2 = await t.admin.get(`${collection(s.c.customer.id)}?itemsPerPage=3&page=2`);
    expect(page2.json().data.map((m: Machine) => m.id)).toEqual([s.m2.id]);
    expect((await t.admin.get(`${collection(s.c.customer.id)}?page=3&itemsPerPage=3`)).json().data).toEqual([]);
  });

  it('narrows the list by location, department, room, machine type, brand and status', async () => {
    const s = await spread();
    const ids = (q: string) => listIds(s.c.customer.id, q);
    const sorted = (...rows: { id: number }[]) => rows.map((r) => r.id).sort((x, y) => x - y);
    const check = async (q: string, ...expected: { id: number }[]) =>
      expect(
        (await ids(q)).sort((x, y) => x - y),
        q,
      ).toEqual(sorted(...expected));

    await check(`location_id=${s.c.location.id}`, s.m1, s.m2, s.m3);
    await check(`location_id=${s.location2.id}`, s.m4);
    await check(`department_id=${s.c.department.id}`, s.m1, s.m2);
    await check(`department_id=${s.department2.id}`, s.m3);
    await check(`room_id=${s.c.room.id}`, s.m1);
    await check(`room_id=${s.room2.id}`, s.m2);
    await check(`machine_type_id=${s.type1.id}`, s.m1, s.m3);
    await check(`machine_type_id=${s.type2.id}`, s.m2);
    await check(`brand_id=${s.brand1.id}`, s.m1);
    await check(`brand_id=${s.brand2.id}`, s.m2, s.m3);
    await check('status=active', s.m1, s.m2);
    await check('status=inactive', s.m3);
    await check('status=concept', s.m4);
    await check(`location_id=${s.c.location.id}&brand_id=${s.brand2.id}&status=active`, s.m2);
    await check(
      `location_id=${s.c.location.id}&machine_type_id=${s.type1.id}&department_id=${s.c.department.id}`,
      s.m1,
    );
    // A place of another customer narrows to nothing, it does not show that customer's machines.
    await check(`location_id=${s.other.location.id}`);
    expect((await t.admin.get(`${collection(s.c.customer.id)}?status=concept`)).json().meta.total).toBe(1);
  });

  it('searches name, inventory number and factory number without regard to case', async () => {
    const s = await spread();
    const check = async (search: string, ...expected: { id: number }[]) =>
      expect(await listIds(s.c.customer.id, `search=${encodeURIComponent(search)}&sortKey=created_at`), search).toEqual(
        expected.map((r) => r.id),
      );
    await check('kolomboor', s.m1);
    await check(`LINTZAAG ${s.tag}`, s.m2);
    await check(`k-${s.tag}-001`, s.m1);
    await check(`-003`, s.m3);
    await check(`sn-${s.tag}-bbb`, s.m2);
    await check(`SN-${s.tag}`, s.m1, s.m2);
    await check(s.tag, s.m1, s.m2, s.m3, s.m4);
    await check('%');
    await check('_');
    await check('Afkortzaag');
    await check(`zaag ${s.tag}`, s.m2);
    // Search and filters together.
    expect(await listIds(s.c.customer.id, `search=${s.tag}&status=active&brand_id=${s.brand2.id}`)).toEqual([s.m2.id]);
  });

  it('sorts by name, inventory number, manufacture year, status and created_at, both ways', async () => {
    const c = await createPlacementChain(t.db);
    const at = (n: number) => new Date(Date.UTC(2024, 0, n));
    const bravo = await createMachine(t.db, c, {
      name: 'Bravo',
      inventoryNumber: 'C-3',
      manufactureYear: 2000,
      status: 'inactive',
      createdAt: at(1),
    });
    const alpha = await createMachine(t.db, c, {
      name: 'Alpha',
      inventoryNumber: 'B-2',
      manufactureYear: 2010,
      status: 'concept',
      createdAt: at(2),
    });
    const charlie = await createMachine(t.db, c, {
      name: 'Charlie',
      inventoryNumber: 'A-1',
      manufactureYear: 1990,
      status: 'active',
      createdAt: at(3),
    });
    const order = async (q: string) => listIds(c.customer.id, q);
    const cases: [string, { id: number }[]][] = [
      ['name', [alpha, bravo, charlie]],
      ['inventory_number', [charlie, alpha, bravo]],
      ['manufacture_year', [charlie, bravo, alpha]],
      ['status', [charlie, alpha, bravo]],
      ['created_at', [bravo, alpha, charlie]],
    ];
    for (const [key, asc] of cases) {
      expect(await order(`sortKey=${key}`), key).toEqual(asc.map((r) => r.id));
      expect(await order(`sortKey=${key}&sortOrder=asc`), key).toEqual(asc.map((r) => r.id));
      expect(await order(`sortKey=${key}&sortOrder=desc`), `${key} desc`).toEqual(asc.map((r) => r.id).reverse());
      // A search takes another way to its page (one read of the matches): the same order.
      expect(await order(`sortKey=${key}&search=-`), `${key} searched`).toEqual(asc.map((r) => r.id));
      expect(await order(`sortKey=${key}&sortOrder=desc&search=-`), `${key} desc searched`).toEqual(
        asc.map((r) => r.id).reverse(),
      );
    }
    // ...and the same pages and total.
    const page2 = await t.admin.get(`${collection(c.customer.id)}?sortKey=name&search=-&itemsPerPage=2&page=2`);
    expect(page2.json().data.map((m: Machine) => m.id)).toEqual([charlie.id]);
    expect(page2.json().meta).toEqual({ total: 3, page: 2, itemsPerPage: 2, lastPage: 2 });
    const past = await t.admin.get(`${collection(c.customer.id)}?sortKey=name&search=-&itemsPerPage=2&page=3`);
    expect(past.json()).toMatchObject({ data: [], meta: { total: 3, page: 3, lastPage: 2 } });
  });

  it('leaves archived machines out unless archived=1, which shows only those (filters apply)', async () => {
    const s = await spread();
    const all = await listIds(s.c.customer.id);
    expect(all).not.toContain(s.archived.id);
    expect(await listIds(s.c.customer.id, 'archived=1')).toEqual([s.archived.id]);
    expect(await listIds(s.c.customer.id, `archived=1&room_id=${s.c.room.id}`)).toEqual([s.archived.id]);
    expect(await listIds(s.c.customer.id, `archived=1&room_id=${s.room2.id}`)).toEqual([]);
    expect(await listIds(s.c.customer.id, `archived=1&search=afkort`)).toEqual([s.archived.id]);
    expect(await listIds(s.c.customer.id, 'archived=0')).toEqual(all);

    // Archiving through the API moves a machine from one list to the other, restoring back.
    const path = item(s.c.customer.id, s.m1.id);
    expect((await t.admin.post(`${path}/archive`)).statusCode).toBe(200);
    expect(await listIds(s.c.customer.id)).not.toContain(s.m1.id);
    expect((await listIds(s.c.customer.id, 'archived=1')).sort()).toEqual([s.archived.id, s.m1.id].sort());
    expect((await t.admin.post(`${path}/restore`)).statusCode).toBe(200);
    expect(await listIds(s.c.customer.id)).toEqual(all);
  });

  it.each([
    ['sortKey=price', 'sortKey'],
    ['sortKey=name;drop table machines', 'sortKey'],
    ['sortOrder=up', 'sortOrder'],
    ['status=kapot', 'status'],
    ['location_id=abc', 'location_id'],
    ['department_id=0', 'department_id'],
    ['room_id=-1', 'room_id'],
    ['machine_type_id=1.5', 'machine_type_id'],
    ['brand_id=99999999999', 'brand_id'],
    ['archived=ja', 'archived'],
    ['itemsPerPage=1000', 'itemsPerPage'],
    ['page=0', 'page'],
    [`search=${LONG}`, 'search'],
  ])('answers 422 for the junk list query %s', async (query, field) => {
    const c = await createPlacementChain(t.db);
    const res = await t.admin.get(`${collection(c.customer.id)}?${query}`);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(errorsOf(res))).toEqual([field]);
  });
});
