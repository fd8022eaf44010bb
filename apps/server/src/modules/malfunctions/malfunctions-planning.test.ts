import { describe, expect, it } from 'vitest';
import { PlannedMachineSchema } from '@keurwijzer/shared/reports';
import { TasklistCandidateSchema, type TasklistCandidate } from '@keurwijzer/shared/tasklists';
import { createMalfunction, createPlacementChain } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { item, tasklistsApi } from '../tasklists/tasklists.test-helpers';

/**
 * The plan screen marks machines with an open malfunction: `open_malfunctions` (Open and In
 * behandeling) on the task list's candidates and on its planned machines.
 */
const t = useTestApp();
const api = tasklistsApi(t);

describe('open malfunctions on the plan screen', () => {
  it('counts Open and In behandeling per machine on the candidates and the planned machines, not Opgelost', async () => {
    const c = await createPlacementChain(t.db);
    const { machine: broken } = await api.machineWith(c);
    const { machine: fixed } = await api.machineWith(c);
    const { machine: fine } = await api.machineWith(c);
    const at = (m: { id: number }) => ({ id: m.id, customerId: c.customer.id });
    await createMalfunction(t.db, at(broken), { status: 'open' });
    await createMalfunction(t.db, at(broken), { status: 'in_progress' });
    await createMalfunction(t.db, at(broken), { status: 'resolved' });
    await createMalfunction(t.db, at(fixed), { status: 'resolved' });
    const list = await api.create(c);

    const res = await t.mechanic.get(`${item(list.id)}/candidates`);
    expect(res.statusCode, res.body).toBe(200);
    const candidates = (res.json().data as unknown[]).map((x) => TasklistCandidateSchema.strict().parse(x));
    const count = (m: { id: number }) => candidates.find((x: TasklistCandidate) => x.id === m.id)!.open_malfunctions;
    expect([count(broken), count(fixed), count(fine)]).toEqual([2, 0, 0]);

    const planned = await api.plan(list.id, [broken.id, fixed.id, fine.id]);
    const machines = planned.machines.map((m) => PlannedMachineSchema.strict().parse(m));
    const of = (m: { id: number }) => machines.find((x) => x.machine_id === m.id)!.open_malfunctions;
    expect([of(broken), of(fixed), of(fine)]).toEqual([2, 0, 0]);
    const read = await api.read(list.id, t.admin);
    expect(read.machines.find((x) => x.machine_id === broken.id)!.open_malfunctions).toBe(2);
  });
});
