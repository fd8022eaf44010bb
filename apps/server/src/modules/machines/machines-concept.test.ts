import { describe, expect, it } from 'vitest';
import type { Machine } from '@keurwijzer/shared/machines';
import { TEXT } from '@keurwijzer/shared/texts';
import { createMachine, createPlacementChain, uniqueName } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { type Json, JUNK_IDS, machinesApi } from './machines.test-helpers';

/** Concept machines (added in the field): the list of every customer's and the approval (/api/machine-concept). */
const t = useTestApp();
const { read, snapshot, listIds } = machinesApi(t);

describe('concept machines', () => {
  it('lists the concept machines of every customer, not active, inactive or archived ones', async () => {
    const a = await createPlacementChain(t.db, uniqueName('Acme'));
    const b = await createPlacementChain(t.db, uniqueName('Beta'));
    const tag = uniqueName('Concept').replace(/\W/g, '');
    const named = (n: string) => ({ name: `${tag} ${n}` });
    const conceptA = await createMachine(t.db, a, { ...named('Boor'), status: 'concept' });
    const conceptB = await createMachine(t.db, b, {
      ...named('Zaag'),
      status: 'concept',
      departmentId: b.department.id,
    });
    await createMachine(t.db, a, { ...named('Actief'), status: 'active' });
    await createMachine(t.db, a, { ...named('Inactief'), status: 'inactive' });
    await createMachine(t.db, b, { ...named('Weg'), status: 'concept', archivedAt: new Date() });

    const res = await t.admin.get(`/api/machine-concept?search=${tag}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Machine[]; meta: Json };
    expect(body.meta).toEqual({ total: 2, page: 1, itemsPerPage: 10, lastPage: 1 });
    expect(body.data.map((m) => m.id)).toEqual([conceptA.id, conceptB.id]);
    expect(body.data[0]).toMatchObject({
      status: 'concept',
      customer_id: a.customer.id,
      customer_name: a.customer.name,
    });
    expect(body.data[1]).toMatchObject({
      status: 'concept',
      customer_name: b.customer.name,
      department_name: b.department.name,
    });
    // The list is concept machines whatever the status asked for; sort and filters apply.
    const asked = await t.admin.get(`/api/machine-concept?search=${tag}&status=active&sortOrder=desc`);
    expect(asked.json().data.map((m: Machine) => m.id)).toEqual([conceptB.id, conceptA.id]);
    const located = await t.admin.get(`/api/machine-concept?search=${tag}&location_id=${b.location.id}`);
    expect(located.json().data.map((m: Machine) => m.id)).toEqual([conceptB.id]);
    expect((await t.admin.get('/api/machine-concept?sortKey=evil')).statusCode).toBe(422);
  });

  it('approves a concept machine (200 "Machine is goedgekeurd"): it becomes Active and leaves the concept list', async () => {
    const c = await createPlacementChain(t.db);
    const tag = uniqueName('Goedkeuren').replace(/\W/g, '');
    const row = await createMachine(t.db, c, { name: `${tag} Boor`, status: 'concept' });
    const concepts = async () =>
      ((await t.admin.get(`/api/machine-concept?search=${tag}`)).json().data as Machine[]).map((m) => m.id);
    expect(await concepts()).toEqual([row.id]);

    const res = await t.admin.post(`/api/machine-concept/${row.id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Machine is goedgekeurd');
    expect(res.json().data).toMatchObject({ id: row.id, status: 'active', customer_id: c.customer.id });
    expect(await concepts()).toEqual([]);
    expect((await read(c, row.id)).status).toBe('active');
    expect(await listIds(c.customer.id, 'status=active')).toEqual([row.id]);
    expect(await listIds(c.customer.id, 'status=concept')).toEqual([]);

    // A second time, or a machine that was never a concept: 409, nothing changes.
    const inactive = await createMachine(t.db, c, { status: 'inactive' });
    const before = await snapshot();
    for (const id of [row.id, inactive.id]) {
      const again = await t.admin.post(`/api/machine-concept/${id}/approve`);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toEqual({ message: 'Deze machine is geen conceptmachine.', errors: {} });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets exactly one of ten parallel approvals succeed; the others get 409', async () => {
    const c = await createPlacementChain(t.db);
    const concept = await createMachine(t.db, c, { status: 'concept' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.admin.post(`/api/machine-concept/${concept.id}/approve`)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
  });

  it('lets a super admin approve, through form data too', async () => {
    const c = await createPlacementChain(t.db);
    const row = await createMachine(t.db, c, { status: 'concept' });
    const res = await t.superAdmin.post(`/api/machine-concept/${row.id}/approve`, { body: {}, as: 'form' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('active');
  });

  it('answers 404 for approving a machine that does not exist or is no id', async () => {
    for (const id of JUNK_IDS) {
      const res = await t.admin.post(`/api/machine-concept/${id}/approve`);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
      expect(res.json()).toEqual({ message: TEXT.notFound, errors: {} });
    }
  });
});
