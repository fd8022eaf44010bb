import { describe, expect, it } from 'vitest';
import { TEXT } from '@keurwijzer/shared/texts';
import { createDepartment, createLocation, createPlacementChain } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { item, type Json, machineBody, machinesApi, MISSING } from './machines.test-helpers';

/**
 * Moving a machine (POST .../machines/:id/move) and its history (GET .../moves). A machine's
 * reports are machine-reports.test.ts's.
 */
const t = useTestApp();
const { create, read, snapshot } = machinesApi(t);

describe('move and history', () => {
  it('moves within the customer ("Machine is verplaatst") and lists the moves in order with who and when', async () => {
    const c = await createPlacementChain(t.db);
    const location2 = await createLocation(t.db, c.customer.id, 'Magazijn Zuid');
    const department2 = await createDepartment(t.db, location2.id, 'Expeditie');
    const anna = await t.signIn('admin', { firstName: 'Anna', preposition: 'van', lastName: 'Dijk' });
    const bert = await t.signIn('super_admin', { firstName: 'Bert', preposition: null, lastName: 'Jansen' });
    const m = await create(c);
    const path = item(c.customer.id, m.id);
    expect((await t.admin.get(`${path}/moves`)).json()).toEqual({ data: [] });

    const start = Date.now();
    const first = await anna.client.post(`${path}/move`, {
      body: { location_id: c.location.id, department_id: c.department.id, room_id: c.room.id },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Machine is verplaatst');
    expect(first.json().data).toMatchObject({
      id: m.id,
      location_id: c.location.id,
      department_id: c.department.id,
      department_name: c.department.name,
      room_id: c.room.id,
      room_name: c.room.name,
    });
    const second = await bert.client.post(`${path}/move`, {
      body: { location_id: location2.id, department_id: department2.id },
      as: 'form',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({
      location_name: 'Magazijn Zuid',
      department_name: 'Expeditie',
      room_id: null,
      room_name: null,
    });
    const third = await anna.client.post(`${path}/move`, {
      body: { location_id: location2.id, department_id: '', room_id: '' },
      as: 'multipart',
    });
    expect(third.statusCode, third.body).toBe(200);
    const end = Date.now();

    const res = await t.admin.get(`${path}/moves`);
    expect(res.statusCode, res.body).toBe(200);
    const moves = res.json().data as { id: number; from: string; to: string; moved_by: string; moved_at: string }[];
    const home = `${c.location.name} > ${c.department.name} > ${c.room.name}`;
    expect(moves.map(({ from, to, moved_by }) => ({ from, to, moved_by }))).toEqual([
      { from: c.location.name, to: home, moved_by: 'Anna van Dijk' },
      { from: home, to: 'Magazijn Zuid > Expeditie', moved_by: 'Bert Jansen' },
      { from: 'Magazijn Zuid > Expeditie', to: 'Magazijn Zuid', moved_by: 'Anna van Dijk' },
    ]);
    const times = moves.map((x) => Date.parse(x.moved_at));
    for (const [i, time] of times.entries()) {
      expect(new Date(time).toISOString()).toBe(moves[i]!.moved_at);
      expect(time).toBeGreaterThanOrEqual(start - 1000);
      expect(time).toBeLessThanOrEqual(end + 1000);
      if (i > 0) expect(time).toBeGreaterThanOrEqual(times[i - 1]!);
    }
    expect(new Set(moves.map((x) => x.id)).size).toBe(3);
    expect((await read(c, m.id)).location_id).toBe(location2.id);
  });

  it('keeps the place names as they were when a place is renamed later', async () => {
    const c = await createPlacementChain(t.db);
    const m = await create(c);
    const path = item(c.customer.id, m.id);
    await t.admin.post(`${path}/move`, { body: { location_id: c.location.id, department_id: c.department.id } });
    const renamed = await t.admin.put(
      `/api/customers/${c.customer.id}/locations/${c.location.id}/departments/${c.department.id}`,
      { body: { name: 'Nieuwe naam' } },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await read(c, m.id)).department_name).toBe('Nieuwe naam');
    const [move] = (await t.admin.get(`${path}/moves`)).json().data;
    expect(move.to).toBe(`${c.location.name} > ${c.department.name}`);
  });

  it('records a change of place made in the edit form; an edit without one records nothing', async () => {
    const c = await createPlacementChain(t.db);
    const m = await create(c);
    const path = item(c.customer.id, m.id);
    expect((await t.admin.put(path, { body: machineBody(c, { name: 'Zelfde plek' }) })).statusCode).toBe(200);
    expect((await t.admin.get(`${path}/moves`)).json().data).toEqual([]);
    const moved = await t.admin.put(path, {
      body: machineBody(c, { department_id: c.department.id, room_id: c.room.id }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const moves = (await t.admin.get(`${path}/moves`)).json().data;
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({
      from: c.location.name,
      to: `${c.location.name} > ${c.department.name} > ${c.room.name}`,
      moved_by: expect.any(String),
    });
  });

  it('answers 422 for the same place, a place of another customer or a broken chain, and changes nothing', async () => {
    const a = await createPlacementChain(t.db);
    const b = await createPlacementChain(t.db);
    const location2 = await createLocation(t.db, a.customer.id);
    const department2 = await createDepartment(t.db, location2.id);
    const m = await create(a, { department_id: a.department.id });
    const path = `${item(a.customer.id, m.id)}/move`;
    const cases: [Json, Record<string, string[]>][] = [
      [
        { location_id: a.location.id, department_id: a.department.id },
        { location_id: ['De machine staat al op deze plaats'] },
      ],
      [{ location_id: b.location.id }, { location_id: ['Kies een vestiging van deze klant'] }],
      [{ location_id: MISSING }, { location_id: ['Kies een vestiging van deze klant'] }],
      [
        { location_id: location2.id, department_id: a.department.id },
        { department_id: ['Kies een afdeling van deze vestiging'] },
      ],
      [
        { location_id: a.location.id, department_id: b.department.id },
        { department_id: ['Kies een afdeling van deze vestiging'] },
      ],
      [
        { location_id: location2.id, department_id: department2.id, room_id: a.room.id },
        { room_id: ['Kies een ruimte van deze afdeling'] },
      ],
      [
        { location_id: a.location.id, room_id: a.room.id },
        { department_id: ['Kies eerst de afdeling van deze ruimte'] },
      ],
      [{}, { location_id: ['Verplicht'] }],
      [{ location_id: '' }, { location_id: ['Verplicht'] }],
      [
        { location_id: 'abc', department_id: 'x' },
        { location_id: ['Ongeldig getal'], department_id: ['Ongeldig getal'] },
      ],
    ];
    const before = await snapshot();
    for (const [body, errors] of cases) {
      const res = await t.admin.post(path, { body });
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(422);
      expect(res.json(), JSON.stringify(body)).toEqual({ message: TEXT.validation, errors });
    }
    expect(await snapshot()).toEqual(before);
  });
});
