import { describe, expect, it } from 'vitest';
import type { Machine } from '@keurwijzer/shared/machines';
import { createMachine, createPlacementChain } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { item, machinesApi } from './machines.test-helpers';

/** Archiving and restoring a machine (POST .../machines/:id/archive and /restore), also in parallel. */
const t = useTestApp();
const { create, read, snapshot } = machinesApi(t);

describe('archive and restore', () => {
  it('archives (200 "Machine is gearchiveerd"), 409 a second time; restores ("Machine is hersteld"), 409 a second time', async () => {
    const c = await createPlacementChain(t.db);
    const m = await create(c);
    const path = item(c.customer.id, m.id);

    const archived = await t.admin.post(`${path}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().message).toBe('Machine is gearchiveerd');
    const data = archived.json().data as Machine;
    expect(data).toMatchObject({ id: m.id, status: 'active', name: m.name });
    expect(new Date(data.archived_at!).toISOString()).toBe(data.archived_at);
    // Still readable (its reports stay reachable), and archived a second time is a conflict.
    expect((await read(c, m.id)).archived_at).toBe(data.archived_at);
    const before = await snapshot();
    for (const res of [
      await t.admin.post(`${path}/archive`),
      await t.admin.post(`${path}/archive`, { body: {}, as: 'form' }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ message: 'Deze machine is al gearchiveerd.', errors: {} });
    }
    expect(await snapshot()).toEqual(before);
    expect((await t.admin.get(`${path}/reports`)).statusCode).toBe(200);

    const restored = await t.admin.post(`${path}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ message: 'Machine is hersteld', data: { id: m.id, archived_at: null } });
    const again = await t.admin.post(`${path}/restore`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Deze machine is niet gearchiveerd.', errors: {} });
    expect((await read(c, m.id)).archived_at).toBeNull();
  });

  it('keeps the status of a concept or inactive machine through archive and restore', async () => {
    const c = await createPlacementChain(t.db);
    for (const status of ['concept', 'inactive'] as const) {
      const row = await createMachine(t.db, c, { status });
      const path = item(c.customer.id, row.id);
      expect((await t.admin.post(`${path}/archive`)).json().data.status).toBe(status);
      expect((await t.admin.post(`${path}/restore`)).json().data.status).toBe(status);
    }
  });

  it('lets exactly one of ten parallel archives (and restores) succeed; the others get 409, never a 500', async () => {
    const c = await createPlacementChain(t.db);
    const m = await create(c);
    const path = item(c.customer.id, m.id);
    for (const action of ['archive', 'restore']) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => t.admin.post(`${path}/${action}`)));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    }
    expect((await read(c, m.id)).archived_at).toBeNull();
  });
});
