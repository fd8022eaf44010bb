import { describe, expect, it } from 'vitest';
import { TEXT } from '@keurwijzer/shared/texts';
import type { TestClient } from '../../test/client';
import { createMachine, createPlacementChain, uniqueName } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import {
  collection,
  item,
  JUNK_IDS,
  machineBody,
  machineEndpoints,
  machinesApi,
  otherEndpoints,
} from './machines.test-helpers';

/**
 * A machine of customer A is never reachable through customer B's path, and who may do what on
 * every machines endpoint (401 without a session, 403 to a mechanic and customer users, 419
 * without the CSRF token). The 409s of the items machines refer to are in machines-in-use.test.ts.
 */
const t = useTestApp();
const { create, snapshot } = machinesApi(t);

describe('a machine of customer A through customer B (404)', () => {
  it('cannot be read, edited, archived, restored, moved, or its moves and reports read through B', async () => {
    const a = await createPlacementChain(t.db, uniqueName('Acme'));
    const b = await createPlacementChain(t.db, uniqueName('Beta'));
    const machineA = await create(a, { name: uniqueName('Geheim') });
    const archivedA = await createMachine(t.db, a, { archivedAt: new Date() });
    // Some history to leak, if it leaked.
    await t.admin.post(`${item(a.customer.id, machineA.id)}/move`, {
      body: { location_id: a.location.id, department_id: a.department.id },
    });
    const before = await snapshot();
    for (const e of machineEndpoints(t.admin, {
      customer: b.customer.id,
      machine: machineA.id,
      archived: archivedA.id,
      place: b,
    })) {
      const res = await e.call();
      expect(res.statusCode, `${e.what}: ${res.body}`).toBe(404);
      expect(res.json()).toEqual({ message: TEXT.notFound, errors: {} });
    }
    // Placing it with A's own location through B's path is no way in either.
    const put = await t.admin.put(item(b.customer.id, machineA.id), { body: machineBody(a) });
    expect(put.statusCode).toBe(404);
    const move = await t.admin.post(`${item(b.customer.id, machineA.id)}/move`, {
      body: { location_id: a.location.id },
    });
    expect(move.statusCode).toBe(404);
    // Nor is B's list showing it.
    const list = await t.admin.get(`${collection(b.customer.id)}?search=${encodeURIComponent(machineA.name)}`);
    expect(list.json().meta.total).toBe(0);
    expect(await snapshot()).toEqual(before);

    // Through A's own path every endpoint answers.
    for (const e of machineEndpoints(t.admin, {
      customer: a.customer.id,
      machine: machineA.id,
      archived: archivedA.id,
      place: a,
    })) {
      const res = await e.call();
      expect(res.statusCode, `${e.what} through A: ${res.body}`).toBe(200);
    }
  });

  it('answers 404 for a machine or customer id that does not exist or is no id', async () => {
    const c = await createPlacementChain(t.db);
    const m = await create(c);
    const archived = await createMachine(t.db, c, { archivedAt: new Date() });
    const before = await snapshot();
    for (const id of JUNK_IDS) {
      const cases = [
        ...machineEndpoints(t.admin, { customer: c.customer.id, machine: id, archived: id, place: c }),
        ...machineEndpoints(t.admin, { customer: id, machine: m.id, archived: archived.id, place: c }),
      ];
      for (const e of cases) {
        const res = await e.call();
        expect(res.statusCode, `${id}, ${e.what}: ${res.body}`).toBe(404);
        expect(res.json()).toEqual({ message: TEXT.notFound, errors: {} });
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('who may do what', () => {
  /** Machines of the standard customers A and B (each with a customer user) and a concept machine. */
  async function setting() {
    const [a, b] = [t.customerA.chain, t.customerB.chain];
    const ma = await createMachine(t.db, a, { name: uniqueName('Machine A') });
    const mb = await createMachine(t.db, b, { name: uniqueName('Machine B') });
    const xa = await createMachine(t.db, a, { archivedAt: new Date() });
    const xb = await createMachine(t.db, b, { archivedAt: new Date() });
    const concept = await createMachine(t.db, a, { status: 'concept', name: uniqueName('Concept') });
    const endpointsOf = (client: TestClient, opts: { csrf?: boolean } = {}) => [
      ...machineEndpoints(client, { customer: a.customer.id, machine: ma.id, archived: xa.id, place: a }, opts),
      ...machineEndpoints(client, { customer: b.customer.id, machine: mb.id, archived: xb.id, place: b }, opts),
      ...otherEndpoints(client, a.customer.id, a, concept.id, opts),
      ...otherEndpoints(client, b.customer.id, b, concept.id, opts),
    ];
    const names = [ma.name, mb.name, concept.name, a.customer.name, b.customer.name];
    return { endpointsOf, names };
  }

  it('answers 401 without a session on every endpoint and changes nothing', async () => {
    const s = await setting();
    const before = await snapshot();
    for (const e of s.endpointsOf(t.visitor)) {
      const res = await e.call();
      expect(res.statusCode, `${e.what}: ${res.body}`).toBe(401);
      expect(res.json()).toEqual({ message: TEXT.unauthenticated, errors: {} });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 403 on every endpoint to a mechanic and changes nothing', async () => {
    const s = await setting();
    const before = await snapshot();
    for (const e of s.endpointsOf(t.mechanic)) {
      const res = await e.call();
      expect(res.statusCode, `${e.what}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ message: TEXT.forbidden, errors: {} });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 403 to the customer users of both customers, own machines or the other, and leaks nothing', async () => {
    const s = await setting();
    const before = await snapshot();
    for (const { client } of [t.customerA, t.customerB]) {
      for (const e of s.endpointsOf(client)) {
        const res = await e.call();
        expect(res.statusCode, `${e.what}: ${res.body}`).toBe(403);
        expect(res.json()).toEqual({ message: TEXT.forbidden, errors: {} });
        for (const n of s.names) expect(res.body).not.toContain(n);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 419 without the CSRF token on every change and changes nothing', async () => {
    const s = await setting();
    const before = await snapshot();
    const unsafe = s.endpointsOf(t.admin, { csrf: false }).filter((e) => !e.safe);
    expect(unsafe.length).toBeGreaterThan(10);
    for (const e of unsafe) {
      const res = await e.call();
      expect(res.statusCode, `${e.what}: ${res.body}`).toBe(419);
      expect(res.json()).toEqual({ message: TEXT.csrf, errors: {} });
    }
    expect(await snapshot()).toEqual(before);
    // The GETs need no token.
    for (const e of s.endpointsOf(t.admin, { csrf: false }).filter((x) => x.safe)) {
      expect((await e.call()).statusCode, e.what).toBe(200);
    }
  });
});
