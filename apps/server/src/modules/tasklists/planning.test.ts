import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { INVENTORY_NUMBER_TAKEN, type Machine } from '@keurwijzer/shared/machines';
import {
  CONCEPT_MACHINE_CREATED,
  PlanningDepartmentSchema,
  PlanningOptionSchema,
  TasklistDetailSchema,
  type PlanningDepartment,
} from '@keurwijzer/shared/tasklists';
import { TEXT } from '@keurwijzer/shared/texts';
import { MSG } from '@keurwijzer/shared/validation';
import { customers } from '../../db/schema/customers';
import { machineQuestionnaires, machines } from '../../db/schema/machines';
import { reports } from '../../db/schema/tasklists';
import type { TestClient } from '../../test/client';
import {
  createCustomer,
  createDepartment,
  createLocation,
  createMachine,
  createMachineType,
  createPlacementChain,
  createQuestionnaire,
  createRoom,
  uniqueName,
  type PlacementChain,
} from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { CONCEPT_TEXT } from './planning.service';
import { JUNK_IDS, item, tasklistsApi, type Id, type Json } from './tasklists.test-helpers';

/**
 * The mechanic's planning endpoints: the options of the task list forms (customers, their
 * locations, machine types, a list's places and questionnaires) and the concept machine added on
 * site and planned at once.
 */
const t = useTestApp();
const api = tasklistsApi(t);

async function data<T>(client: TestClient, url: string): Promise<T> {
  const res = await client.get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return (res.json() as { data: T }).data;
}
const options = async (url: string, client = t.mechanic) =>
  (await data<unknown[]>(client, url)).map((o) => PlanningOptionSchema.strict().parse(o));

/** A task list at a location with two departments (one with two rooms), and questionnaires around it. */
async function listWithPlaces(chain?: PlacementChain) {
  const c = chain ?? (await createPlacementChain(t.db, uniqueName('Planklant')));
  const zagerij = await createDepartment(t.db, c.location.id, uniqueName('Zagerij'));
  const hoek = await createRoom(t.db, zagerij.id, uniqueName('Hoek'));
  const bank = await createRoom(t.db, zagerij.id, uniqueName('Bank'));
  // Another location of the same customer: its places are not the list's.
  const elders = await createLocation(t.db, c.customer.id, uniqueName('Elders'));
  const eldersDept = await createDepartment(t.db, elders.id, uniqueName('Elders afdeling'));
  const eldersRoom = await createRoom(t.db, eldersDept.id, uniqueName('Elders ruimte'));
  const list = await api.create(c, { inspection_type: 'safety' });
  const usable = await createQuestionnaire(t.db, { inspectionType: 'safety', categories: 2, questions: 2 });
  const concept = await createQuestionnaire(t.db, {
    inspectionType: 'safety',
    status: 'concept',
    categories: 1,
    questions: 1,
  });
  const empty = await createQuestionnaire(t.db, { inspectionType: 'safety' });
  const otherType = await createQuestionnaire(t.db, { inspectionType: 'inspection', categories: 1, questions: 1 });
  return { c, zagerij, hoek, bank, elders, eldersDept, eldersRoom, list, usable, concept, empty, otherType };
}

const conceptBody = (s: Awaited<ReturnType<typeof listWithPlaces>>, overrides: Json = {}): Json => ({
  name: 'Gevonden kolomboor',
  inventory_number: uniqueName('CONC'),
  machine_type_id: '',
  department_id: s.zagerij.id,
  room_id: s.hoek.id,
  questionnaire_id: s.usable.questionnaire.id,
  ...overrides,
});
const conceptUrl = (id: Id) => `${item(id)}/concept-machines`;

/** The machines, machine questionnaires and reports as stored ("nothing changed"). */
const stored = async () => ({
  machines: await t.db.select().from(machines).orderBy(asc(machines.id)),
  links: await t.db.select().from(machineQuestionnaires),
  reports: await t.db.select().from(reports).orderBy(asc(reports.id)),
});

describe('GET /api/planning/customers', () => {
  it('lists the customers in use by name, searched on name, at most 50', async () => {
    const tag = uniqueName('Zoek').replace(/\W/g, '');
    const b = await createCustomer(t.db, { name: `${tag} Bakkerij` });
    const a = await createCustomer(t.db, { name: `${tag} aannemer` });
    await createCustomer(t.db, { name: `${tag} Weg`, archivedAt: new Date() });
    const found = await options(`/api/planning/customers?search=${tag}`);
    expect(found).toEqual([
      { id: a.id, name: a.name },
      { id: b.id, name: b.name },
    ]);
    for (let i = 0; i < 55; i++) await createCustomer(t.db, { name: `${tag} Veel ${String(i).padStart(2, '0')}` });
    expect(await options(`/api/planning/customers?search=${tag}`)).toHaveLength(50);
    expect((await options('/api/planning/customers')).length).toBeLessThanOrEqual(50);
    expect(await options('/api/planning/customers?search=bestaat-nergens-xyz')).toEqual([]);
    // A search for "%" is a search for the character, not everything.
    expect(await options('/api/planning/customers?search=%25')).toEqual([]);
  });

  it('answers 422 with the errors map for a search that is too long or holds NUL', async () => {
    for (const search of ['x'.repeat(256), 'a%00b']) {
      const res = await t.mechanic.get(`/api/planning/customers?search=${search}`);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(errorsOf(res))).toEqual(['search']);
    }
  });
});

describe('GET /api/planning/customers/:id/locations', () => {
  it("lists the customer's locations by name, none of another customer", async () => {
    const a = await createPlacementChain(t.db, uniqueName('Klant A'));
    const b = await createPlacementChain(t.db, uniqueName('Klant B'));
    const zuid = await createLocation(t.db, a.customer.id, 'aa Zuid');
    const found = await options(`/api/planning/customers/${a.customer.id}/locations`);
    expect(found).toEqual([
      { id: zuid.id, name: 'aa Zuid' },
      { id: a.location.id, name: a.location.name },
    ]);
    expect(JSON.stringify(found)).not.toContain(b.location.name);
    expect(await options(`/api/planning/customers/${(await createCustomer(t.db)).id}/locations`)).toEqual([]);
  });

  it('answers 404 for a customer that is archived, does not exist or is no id', async () => {
    const archived = await createCustomer(t.db, { archivedAt: new Date() });
    await createLocation(t.db, archived.id);
    for (const id of [archived.id, ...JUNK_IDS]) {
      const res = await t.mechanic.get(`/api/planning/customers/${id}/locations`);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual({ message: TEXT.notFound, errors: {} });
    }
  });
});

describe('GET /api/planning/machine-types', () => {
  it('lists every machine type by name', async () => {
    const z = await createMachineType(t.db, uniqueName('zz Zaag'));
    const a = await createMachineType(t.db, uniqueName('AA Boor'));
    const found = await options('/api/planning/machine-types');
    expect(found).toContainEqual({ id: z.id, name: z.name });
    const ids = found.map((o) => o.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(z.id));
  });
});

describe('GET /api/tasklists/:id/places', () => {
  it("lists the departments of the list's location with their rooms, by name, nothing of elsewhere", async () => {
    const s = await listWithPlaces();
    const empty = await createDepartment(t.db, s.c.location.id, uniqueName('aa Leeg'));
    const places = (await data<unknown[]>(t.mechanic, `${item(s.list.id)}/places`)).map((p) =>
      PlanningDepartmentSchema.strict().parse(p),
    );
    const byId = (id: number) => places.find((p) => p.id === id);
    expect(places.map((p) => p.id)).toEqual(
      [empty, s.c.department, s.zagerij]
        .map((d) => ({ id: d.id, name: d.name.toLowerCase() }))
        .sort((x, y) => (x.name < y.name ? -1 : 1))
        .map((d) => d.id),
    );
    expect(byId(empty.id)!.rooms).toEqual([]);
    expect(byId(s.zagerij.id)!.rooms).toEqual([
      { id: s.bank.id, name: s.bank.name },
      { id: s.hoek.id, name: s.hoek.name },
    ]);
    expect(byId(s.c.department.id)!.rooms).toEqual([{ id: s.c.room.id, name: s.c.room.name }]);
    expect(JSON.stringify(places)).not.toContain(s.eldersDept.name);
    expect(JSON.stringify(places)).not.toContain(s.eldersRoom.name);
  });

  it("keeps customers apart: a list of A shows none of B's places", async () => {
    const a = await listWithPlaces(t.customerA.chain);
    const b = await listWithPlaces(t.customerB.chain);
    const places = await data<PlanningDepartment[]>(t.admin, `${item(a.list.id)}/places`);
    const text = JSON.stringify(places);
    for (const name of [b.zagerij.name, b.hoek.name, t.customerB.chain.department.name])
      expect(text).not.toContain(name);
  });
});

describe('GET /api/tasklists/:id/questionnaires', () => {
  it("lists the active questionnaires of the list's type that have questions", async () => {
    const s = await listWithPlaces();
    const found = await options(`${item(s.list.id)}/questionnaires`);
    const ids = found.map((o) => o.id);
    expect(ids).toContain(s.usable.questionnaire.id);
    for (const q of [s.concept, s.empty, s.otherType]) expect(ids).not.toContain(q.questionnaire.id);
    expect(found.find((o) => o.id === s.usable.questionnaire.id)!.name).toBe(s.usable.questionnaire.name);
  });
});

describe('POST /api/tasklists/:id/concept-machines', () => {
  it('creates a concept machine at the list\'s place with its questionnaire and plans it (201 "Conceptmachine is aangemaakt en ingepland")', async () => {
    const s = await listWithPlaces();
    const type = await createMachineType(t.db);
    const body = conceptBody(s, { machine_type_id: type.id });
    const res = await t.mechanic.post(conceptUrl(s.list.id), { body, as: 'form' });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as { data: unknown; message: string };
    expect(answer.message).toBe(CONCEPT_MACHINE_CREATED);
    const detail = TasklistDetailSchema.strict().parse(answer.data);
    expect(detail.machines).toHaveLength(1);
    const planned = detail.machines[0]!;
    expect(planned).toMatchObject({
      name: 'Gevonden kolomboor',
      inventory_number: body.inventory_number,
      department_name: s.zagerij.name,
      room_name: s.hoek.name,
      machine_type_name: type.name,
      questionnaire_name: s.usable.questionnaire.name,
      report_status: 'open',
      questions_count: 4,
      answered_count: 0,
    });
    const [machine] = await t.db.select().from(machines).where(eq(machines.id, planned.machine_id));
    expect(machine).toMatchObject({
      customerId: s.c.customer.id,
      locationId: s.c.location.id,
      departmentId: s.zagerij.id,
      roomId: s.hoek.id,
      machineTypeId: type.id,
      status: 'concept',
    });
    expect(machine!.createdBy).not.toBeNull();
    const links = await t.db
      .select()
      .from(machineQuestionnaires)
      .where(eq(machineQuestionnaires.machineId, machine!.id));
    expect(links).toEqual([
      { machineId: machine!.id, inspectionType: 'safety', questionnaireId: s.usable.questionnaire.id },
    ]);
    // The office finds it among the concept machines to approve.
    const concepts = await t.admin.get(
      `/api/machine-concept?search=${encodeURIComponent(String(body.inventory_number))}`,
    );
    expect((concepts.json() as { data: Machine[] }).data.map((m) => m.id)).toEqual([machine!.id]);
    // The plan screen lists it as planned.
    expect(
      (await data<{ id: number; report_id: number | null }[]>(t.mechanic, `${item(s.list.id)}/candidates`)).find(
        (m) => m.id === machine!.id,
      )?.report_id,
    ).toBe(planned.report_id);
  });

  it('takes JSON, without department, room or machine type', async () => {
    const s = await listWithPlaces();
    const res = await t.admin.post(conceptUrl(s.list.id), {
      body: conceptBody(s, { department_id: null, room_id: null, machine_type_id: null }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const planned = (res.json() as { data: { machines: { department_name: string | null }[] } }).data.machines[0]!;
    expect(planned.department_name).toBeNull();
  });

  it('answers 422 with the errors map and changes nothing for a wrong body or reference', async () => {
    const s = await listWithPlaces();
    const other = await createPlacementChain(t.db);
    const taken = await createMachine(t.db, s.c, { inventoryNumber: uniqueName('Bezet') });
    // Another customer's inventory number is free (unique within a customer).
    const elsewhere = await createMachine(t.db, other, { inventoryNumber: uniqueName('Vrij') });
    const before = await stored();
    const cases: [Json, string, string][] = [
      [{ name: '' }, 'name', MSG.required],
      [{ name: 'x'.repeat(256) }, 'name', MSG.maxText],
      [{ inventory_number: '  ' }, 'inventory_number', MSG.required],
      [{ questionnaire_id: '' }, 'questionnaire_id', MSG.required],
      [{ questionnaire_id: 'abc' }, 'questionnaire_id', MSG.invalidNumber],
      [{ department_id: 'x' }, 'department_id', MSG.invalidNumber],
      [{ department_id: s.eldersDept.id, room_id: '' }, 'department_id', CONCEPT_TEXT.department],
      [{ department_id: other.department.id, room_id: '' }, 'department_id', CONCEPT_TEXT.department],
      [{ room_id: s.eldersRoom.id }, 'room_id', CONCEPT_TEXT.room],
      [{ room_id: s.c.room.id }, 'room_id', CONCEPT_TEXT.room],
      [{ department_id: '', room_id: s.hoek.id }, 'department_id', CONCEPT_TEXT.roomWithoutDepartment],
      [{ machine_type_id: 999_999 }, 'machine_type_id', CONCEPT_TEXT.machineType],
      [{ questionnaire_id: 999_999 }, 'questionnaire_id', CONCEPT_TEXT.questionnaire],
      [{ questionnaire_id: s.otherType.questionnaire.id }, 'questionnaire_id', CONCEPT_TEXT.questionnaire],
      [{ questionnaire_id: s.concept.questionnaire.id }, 'questionnaire_id', CONCEPT_TEXT.questionnaire],
      [{ questionnaire_id: s.empty.questionnaire.id }, 'questionnaire_id', CONCEPT_TEXT.emptyQuestionnaire],
      [{ inventory_number: taken.inventoryNumber }, 'inventory_number', INVENTORY_NUMBER_TAKEN],
      [{ inventory_number: taken.inventoryNumber.toLowerCase() }, 'inventory_number', INVENTORY_NUMBER_TAKEN],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await t.mechanic.post(conceptUrl(s.list.id), { body: conceptBody(s, overrides), as: 'form' });
      expect(res.statusCode, `${JSON.stringify(overrides)}: ${res.body}`).toBe(422);
      expect(errorsOf(res), JSON.stringify(overrides)).toEqual({ [field]: [message] });
    }
    const missing = await t.mechanic.post(conceptUrl(s.list.id), { body: {} });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(errorsOf(missing)).sort()).toEqual(['inventory_number', 'name', 'questionnaire_id']);
    expect(await stored()).toEqual(before);
    const ok = await t.mechanic.post(conceptUrl(s.list.id), {
      body: conceptBody(s, { inventory_number: elsewhere.inventoryNumber }),
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('locks the task list and sends a constant number of statements', async () => {
    const s = await listWithPlaces();
    const { result, statements } = await t.queries.record(() =>
      t.mechanic.post(conceptUrl(s.list.id), { body: conceptBody(s) }),
    );
    expect(result.statusCode, result.body).toBe(201);
    expect(statements.some((q) => /from "tasklists".*for no key update/is.test(q))).toBe(true);
    const again = await t.queries.record(() =>
      t.mechanic.post(conceptUrl(s.list.id), { body: conceptBody(s, { room_id: s.bank.id }) }),
    );
    expect(again.result.statusCode).toBe(201);
    expect(again.statements.length).toBe(statements.length);
    expect(statements.length).toBeLessThanOrEqual(12);
  });
});

describe('statements per read', () => {
  it('answers each list with the session lookup and one statement, however many rows', async () => {
    const small = await listWithPlaces();
    const big = await listWithPlaces();
    for (let i = 0; i < 5; i++) {
      const d = await createDepartment(t.db, big.c.location.id);
      for (let j = 0; j < 3; j++) await createRoom(t.db, d.id);
      await createLocation(t.db, big.c.customer.id);
    }
    await t.expectConstantStatements(`${item(small.list.id)}/places`, `${item(big.list.id)}/places`, 2);
    await t.expectConstantStatements(`${item(small.list.id)}/questionnaires`, `${item(big.list.id)}/questionnaires`, 2);
    await t.expectConstantStatements(
      `/api/planning/customers/${small.c.customer.id}/locations`,
      `/api/planning/customers/${big.c.customer.id}/locations`,
      2,
    );
    await t.expectConstantStatements('/api/planning/customers?search=zzzz-none', '/api/planning/customers', 2);
    expect((await t.statementsOf('/api/planning/machine-types')).length).toBeLessThanOrEqual(2);
  });
});

describe('who may use the planning endpoints', () => {
  /** Every planning endpoint for a task list `list` and customer `customer`. */
  const endpoints = (client: TestClient, ids: { list: Id; customer: Id; body: Json }, csrf = true) => [
    { what: 'customers', safe: true, call: () => client.get('/api/planning/customers?search=a') },
    { what: 'locations', safe: true, call: () => client.get(`/api/planning/customers/${ids.customer}/locations`) },
    { what: 'machine types', safe: true, call: () => client.get('/api/planning/machine-types') },
    { what: 'places', safe: true, call: () => client.get(`${item(ids.list)}/places`) },
    { what: 'questionnaires', safe: true, call: () => client.get(`${item(ids.list)}/questionnaires`) },
    { what: 'concept', safe: false, call: () => client.post(conceptUrl(ids.list), { body: ids.body, csrf }) },
  ];
  const settings = async () =>
    Promise.all(
      [t.customerA.chain, t.customerB.chain].map(async (chain) => {
        const s = await listWithPlaces(chain);
        return { list: s.list.id, customer: chain.customer.id, body: conceptBody(s), secret: s.zagerij.name };
      }),
    );

  it('answers 401 without a session and 403 to the customer users of both customers, and changes nothing', async () => {
    const made = await settings();
    const before = await stored();
    for (const s of made) {
      for (const e of endpoints(t.visitor, s)) {
        const res = await e.call();
        expect(res.statusCode, e.what).toBe(401);
        expect(res.json()).toEqual({ message: TEXT.unauthenticated, errors: {} });
      }
      for (const { client } of [t.customerA, t.customerB]) {
        for (const e of endpoints(client, s)) {
          const res = await e.call();
          expect(res.statusCode, e.what).toBe(403);
          expect(res.json()).toEqual({ message: TEXT.forbidden, errors: {} });
          for (const m of made) expect(res.body).not.toContain(m.secret);
        }
      }
    }
    expect(await stored()).toEqual(before);
  });

  it('answers 419 to a change without the CSRF token (GETs need none) and changes nothing', async () => {
    const [s] = await settings();
    const before = await stored();
    for (const client of [t.mechanic, t.admin]) {
      for (const e of endpoints(client, s!, false)) {
        const res = await e.call();
        if (e.safe) {
          expect(res.statusCode, e.what).toBe(200);
          continue;
        }
        expect(res.statusCode, e.what).toBe(419);
        expect(res.json()).toEqual({ message: TEXT.csrf, errors: {} });
      }
    }
    expect(await stored()).toEqual(before);
  });

  it('lets mechanics, admins and super admins through', async () => {
    for (const client of [t.mechanic, t.admin, t.superAdmin]) {
      const [s] = await settings();
      for (const e of endpoints(client, s!)) {
        const res = await e.call();
        expect(res.statusCode, `${e.what}: ${res.body}`).toBeLessThan(300);
      }
    }
  });

  it('answers 404 for a task list or customer that does not exist or is no id, and changes nothing', async () => {
    const [s] = await settings();
    const before = await stored();
    for (const id of JUNK_IDS) {
      const cases = [
        ...endpoints(t.mechanic, { ...s!, list: id }).filter((e) =>
          ['places', 'questionnaires', 'concept'].includes(e.what),
        ),
        ...endpoints(t.mechanic, { ...s!, customer: id }).filter((e) => e.what === 'locations'),
      ];
      for (const e of cases) {
        const res = await e.call();
        expect(res.statusCode, `${id} ${e.what}: ${res.body}`).toBe(404);
      }
    }
    expect(await stored()).toEqual(before);
    // An archived customer's locations are not offered either.
    await t.db
      .update(customers)
      .set({ archivedAt: new Date() })
      .where(eq(customers.id, Number(s!.customer)));
    const archived = await t.mechanic.get(`/api/planning/customers/${s!.customer}/locations`);
    expect(archived.statusCode).toBe(404);
    await t.db
      .update(customers)
      .set({ archivedAt: null })
      .where(eq(customers.id, Number(s!.customer)));
  });
});
