import { describe, expect, it } from 'vitest';
import { INSPECTION_TYPES } from '@keurwijzer/shared/questionnaires';
import { machineMoves, machineQuestionnaires } from '../../db/schema/machines';
import {
  createBrand,
  createBrandType,
  createMachines,
  createMachineType,
  createPlacementChain,
  createQuestionnaire,
  uniqueName,
} from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

/**
 * "No query per row": the statements of one request, counted through the database's query hook
 * (test/build-test-app QueryLog). A page of 25 machines, each with its place, type, brand, brand
 * type and four questionnaires, costs what a page of one costs.
 */
const t = useTestApp();

/** Session, customer check, count, page, the page's questionnaires. */
const MAX_STATEMENTS = 5;

async function expectConstant(small: string, big: string, rows: [number, number]) {
  await t.expectConstantStatements(small, big, MAX_STATEMENTS);
  expect((await t.admin.get(small)).json().data).toHaveLength(rows[0]);
  expect((await t.admin.get(big)).json().data).toHaveLength(rows[1]);
}

/** A customer with `n` fully referenced machines (bulk inserts: a handful of statements). */
async function customerWith(n: number, status: 'active' | 'concept' = 'active') {
  const { customer, location, department, room } = await createPlacementChain(t.db);
  const brand = await createBrand(t.db);
  const brandType = await createBrandType(t.db, brand.id);
  const machineType = await createMachineType(t.db);
  const qs = await Promise.all(
    INSPECTION_TYPES.map(async (inspectionType) => ({
      inspectionType,
      id: (await createQuestionnaire(t.db, { inspectionType })).questionnaire.id,
    })),
  );
  const tag = uniqueName('Rij').replace(/\W/g, '');
  const rows = await createMachines(
    t.db,
    { customer, location },
    Array.from({ length: n }, (_, i) => ({
      departmentId: department.id,
      roomId: room.id,
      machineTypeId: machineType.id,
      brandId: brand.id,
      brandTypeId: brandType.id,
      name: `${tag} machine ${String(i).padStart(2, '0')}`,
      inventoryNumber: `${tag}-${i}`,
      factoryNumber: `F-${i}`,
      manufactureYear: 2000 + (i % 20),
      priceCents: 1000 * i,
      status,
    })),
  );
  await t.db
    .insert(machineQuestionnaires)
    .values(
      rows.flatMap((r) =>
        qs.map((q) => ({ machineId: r.id, inspectionType: q.inspectionType, questionnaireId: q.id })),
      ),
    );
  await t.db
    .insert(machineMoves)
    .values(rows.flatMap((r) => [1, 2, 3].map((k) => ({ machineId: r.id, fromPlace: `A${k}`, toPlace: `B${k}` }))));
  return { customer: customer.id, location: location.id, brand: brand.id, machineType: machineType.id, tag, rows };
}

describe('queries per request', () => {
  it('GET /api/customers/:id/machines: a page of 25 machines costs what a page of 1 costs', async () => {
    const one = await customerWith(1);
    const many = await customerWith(30);
    const page = await t.admin.get(`/api/customers/${many.customer}/machines?itemsPerPage=25`);
    expect(page.json().meta.total).toBe(30);
    expect(page.json().data[0]).toMatchObject({
      brand_type_name: expect.any(String),
      room_name: expect.any(String),
      questionnaires: { inspection: expect.any(Number), inspection_maintenance: expect.any(Number) },
    });
    await expectConstant(
      `/api/customers/${one.customer}/machines?itemsPerPage=25`,
      `/api/customers/${many.customer}/machines?itemsPerPage=25`,
      [1, 25],
    );
    // With search, filters and another sort as the screen sends them.
    const filters = (c: typeof one) =>
      `location_id=${c.location}&brand_id=${c.brand}&machine_type_id=${c.machineType}&status=active` +
      `&search=${c.tag}&sortKey=manufacture_year&sortOrder=desc&itemsPerPage=25`;
    await expectConstant(
      `/api/customers/${one.customer}/machines?${filters(one)}`,
      `/api/customers/${many.customer}/machines?${filters(many)}`,
      [1, 25],
    );
  });

  it('GET /api/machine-concept: 25 concept machines cost what 1 costs', async () => {
    const one = await customerWith(1, 'concept');
    const many = await customerWith(25, 'concept');
    await expectConstant(
      `/api/machine-concept?search=${one.tag}&itemsPerPage=25`,
      `/api/machine-concept?search=${many.tag}&itemsPerPage=25`,
      [1, 25],
    );
  });

  it('GET one machine and its moves cost a constant number whatever the history', async () => {
    const one = await customerWith(1);
    const many = await customerWith(2);
    const [a, b] = [one.rows[0]!.id, many.rows[0]!.id];
    await t.db
      .insert(machineMoves)
      .values(Array.from({ length: 40 }, (_, k) => ({ machineId: b, fromPlace: `X${k}`, toPlace: `Y${k}` })));
    const read = async (c: typeof one, id: number, rest = '') =>
      t.statementsOf(`/api/customers/${c.customer}/machines/${id}${rest}`);
    expect((await read(many, b)).length).toBe((await read(one, a)).length);
    expect((await read(many, b, '/moves')).length).toBe((await read(one, a, '/moves')).length);
    expect((await t.admin.get(`/api/customers/${many.customer}/machines/${b}/moves`)).json().data).toHaveLength(43);
  });
});
