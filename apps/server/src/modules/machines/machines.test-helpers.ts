import { expect } from 'vitest';
import { asc } from 'drizzle-orm';
import type { Machine } from '@keurwijzer/shared/machines';
import { machineMoves, machineQuestionnaires, machines } from '../../db/schema/machines';
import type { TestClient } from '../../test/client';
import { uniqueInventoryNumber, uniqueName, type PlacementChain } from '../../test/factories';
import { getData } from '../../test/helpers';
import type { TestContext } from '../../test/use-test-app';

/**
 * What the machines-*.test.ts files share: the paths, a valid body, the API calls they make over
 * and over, and every endpoint of a machine for the 401/403/404/419 tests. Machines of a customer
 * are GET/POST /api/customers/:customerId/machines, GET/PUT .../:id, archive, restore, move with
 * its history, the reports list; concept machines are /api/machine-concept.
 */
export const MISSING = 999_999;
export const JUNK_IDS = [MISSING, 0, -1, 'abc', '1.5', '99999999999'] as const;
export const LONG = 'x'.repeat(256);
export type Json = Record<string, unknown>;
export type Id = number | string;

export const collection = (customerId: Id) => `/api/customers/${customerId}/machines`;
export const item = (customerId: Id, id: Id) => `${collection(customerId)}/${id}`;

/** A valid create/update body placed at the chain's location. */
export const machineBody = (c: PlacementChain, overrides: Json = {}): Json => ({
  name: uniqueName('Machine'),
  inventory_number: uniqueInventoryNumber(),
  location_id: c.location.id,
  ...overrides,
});

/** The API calls of the machines tests, as the admin of `t` unless told. */
export function machinesApi(t: TestContext) {
  /** Creates a machine through the API (201). */
  async function create(c: PlacementChain, overrides: Json = {}, client: TestClient = t.admin): Promise<Machine> {
    const res = await client.post(collection(c.customer.id), { body: machineBody(c, overrides) });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: Machine }).data;
  }

  const read = (c: PlacementChain | number, id: number) =>
    getData<Machine>(t.admin, item(typeof c === 'number' ? c : c.customer.id, id));

  /** Every machine, move and questionnaire link: "nothing changed" is an equal snapshot. */
  const snapshot = async () => ({
    machines: await t.db.select().from(machines).orderBy(asc(machines.id)),
    moves: await t.db.select().from(machineMoves).orderBy(asc(machineMoves.id)),
    links: await t.db
      .select()
      .from(machineQuestionnaires)
      .orderBy(asc(machineQuestionnaires.machineId), asc(machineQuestionnaires.inspectionType)),
  });

  async function listIds(customerId: number, query = ''): Promise<number[]> {
    const res = await t.admin.get(`${collection(customerId)}?itemsPerPage=100&${query}`);
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    return (res.json().data as Machine[]).map((m) => m.id);
  }

  return { create, read, snapshot, listIds };
}

type Endpoint = { what: string; safe: boolean; call: () => ReturnType<TestClient['get']> };

/** Every endpoint of one machine of `customer`, each once with a valid body. */
export function machineEndpoints(
  client: TestClient,
  ids: { customer: Id; machine: Id; archived: Id; place: PlacementChain },
  opts: { csrf?: boolean } = {},
): Endpoint[] {
  const one = item(ids.customer, ids.machine);
  const body = () => machineBody(ids.place);
  return [
    { what: 'read', safe: true, call: () => client.get(one, opts) },
    { what: 'update', safe: false, call: () => client.put(one, { body: body(), ...opts }) },
    {
      what: '_method=PUT',
      safe: false,
      call: () => client.post(one, { body: { ...body(), _method: 'PUT' }, as: 'form', ...opts }),
    },
    { what: 'archive', safe: false, call: () => client.post(`${one}/archive`, opts) },
    {
      what: 'restore',
      safe: false,
      call: () => client.post(`${item(ids.customer, ids.archived)}/restore`, opts),
    },
    {
      what: 'move',
      safe: false,
      call: () =>
        client.post(`${one}/move`, {
          body: { location_id: ids.place.location.id, department_id: ids.place.department.id },
          ...opts,
        }),
    },
    { what: 'moves', safe: true, call: () => client.get(`${one}/moves`, opts) },
    { what: 'reports', safe: true, call: () => client.get(`${one}/reports`, opts) },
  ];
}

/** The endpoints of the customer's machines list and create, and the concept machines. */
export function otherEndpoints(
  client: TestClient,
  customer: Id,
  place: PlacementChain,
  concept: Id,
  opts: { csrf?: boolean } = {},
) {
  return [
    { what: 'list', safe: true, call: () => client.get(collection(customer), opts) },
    {
      what: 'create',
      safe: false,
      call: () => client.post(collection(customer), { body: machineBody(place), ...opts }),
    },
    { what: 'concept list', safe: true, call: () => client.get('/api/machine-concept', opts) },
    { what: 'approve', safe: false, call: () => client.post(`/api/machine-concept/${concept}/approve`, opts) },
  ] satisfies Endpoint[];
}
