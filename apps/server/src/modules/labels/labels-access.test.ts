import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dutchToday } from '@keurwijzer/shared/format';
import { LABEL_TEXT, LabelPlanResultSchema, LabelTargetSchema } from '@keurwijzer/shared/labels';
import { TASKLIST_TEXT } from '@keurwijzer/shared/tasklists';
import { TEXT } from '@keurwijzer/shared/texts';
import { machineLabels } from '../../db/schema/labels';
import { machines } from '../../db/schema/machines';
import { reports, tasklists } from '../../db/schema/tasklists';
import type { TestClient } from '../../test/client';
import { createMachine } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { tasklistsApi } from '../tasklists/tasklists.test-helpers';
import { newLabelToken } from './labels.service';
import { giveCode } from './labels.test-helpers';

/**
 * A scanned label opened by a logged-in user: where each role goes (the office, the
 * mechanic with the open report on one of their lists, the machine's own customer; another
 * customer's user learns nothing: the 404 of an unknown code), planning the machine on today's
 * list, "Nieuwe code", and who may print labels.
 */
const t = useTestApp();
const api = tasklistsApi(t);

const target = async (client: TestClient, code: string) => {
  const res = await client.get(`/api/labels/${code}`);
  expect(res.statusCode, res.body).toBe(200);
  return LabelTargetSchema.strict().parse(res.json().data);
};

describe('GET /api/labels/:token', () => {
  it('sends admins and super admins to the office, the machine customer user to its machine screen', async () => {
    const chain = t.customerA.chain;
    const machine = await createMachine(t.db, chain);
    const code = await giveCode(t, machine.id);
    const where = { machine_id: machine.id, customer_id: chain.customer.id, location_id: chain.location.id };
    expect(await target(t.admin, code)).toEqual({ ...where, target: 'office', open_report_id: null });
    expect(await target(t.superAdmin, code)).toEqual({ ...where, target: 'office', open_report_id: null });
    expect(await target(t.customerA.client, code)).toEqual({ ...where, target: 'customer', open_report_id: null });
  });

  it("answers another customer's user exactly as an unknown code", async () => {
    const machine = await createMachine(t.db, t.customerA.chain);
    const code = await giveCode(t, machine.id);
    const foreign = await t.customerB.client.get(`/api/labels/${code}`);
    const unknown = await t.customerB.client.get(`/api/labels/${newLabelToken()}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect(foreign.json()).toEqual({ message: LABEL_TEXT.invalidCode, errors: {} });
    // A concept machine is not on its customer's screens either.
    const concept = await createMachine(t.db, t.customerA.chain, { status: 'concept' });
    expect((await t.customerA.client.get(`/api/labels/${await giveCode(t, concept.id)}`)).statusCode).toBe(404);
  });

  it('sends a mechanic to the open report of the machine on one of their lists, else offers none', async () => {
    const chain = t.customerA.chain;
    const { machine } = await api.machineWith(chain);
    const code = await giveCode(t, machine.id);
    expect(await target(t.mechanic, code)).toMatchObject({ target: 'mechanic', open_report_id: null });
    // On another mechanic's list: not theirs.
    const other = await t.signIn('mechanic');
    const othersList = await api.create(chain, {}, other.client);
    await api.plan(othersList.id, [machine.id], other.client);
    expect(await target(t.mechanic, code)).toMatchObject({ target: 'mechanic', open_report_id: null });
    const [othersReport] = await t.db.select().from(reports).where(eq(reports.tasklistId, othersList.id));
    expect(await target(other.client, code)).toMatchObject({ open_report_id: othersReport!.id });
    // On the mechanic's own list.
    const mine = await api.create(chain);
    await api.plan(mine.id, [machine.id]);
    const [report] = await t.db.select().from(reports).where(eq(reports.tasklistId, mine.id));
    expect(await target(t.mechanic, code)).toEqual({
      machine_id: machine.id,
      customer_id: chain.customer.id,
      location_id: chain.location.id,
      target: 'mechanic',
      open_report_id: report!.id,
    });
    // Submitted: no longer open.
    await t.db.update(reports).set({ status: 'submitted', submittedAt: new Date() }).where(eq(reports.id, report!.id));
    expect(await target(t.mechanic, code)).toMatchObject({ open_report_id: null });
  });

  it('needs a session (401); an unknown, renewed or archived code is 404', async () => {
    const machine = await createMachine(t.db, t.customerA.chain);
    const code = await giveCode(t, machine.id);
    const anonymous = await t.visitor.get(`/api/labels/${code}`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(TEXT.unauthenticated);
    for (const bad of [newLabelToken(), 'x', '999999']) {
      expect((await t.admin.get(`/api/labels/${bad}`)).statusCode, bad).toBe(404);
    }
    await t.db.update(machines).set({ archivedAt: new Date() }).where(eq(machines.id, machine.id));
    expect((await t.admin.get(`/api/labels/${code}`)).statusCode).toBe(404);
  });
});

describe('POST /api/labels/:token/plan', () => {
  it("puts the machine on the mechanic's list of today at its location, made when there is none; 409 the second time", async () => {
    const chain = t.customerA.chain;
    const { machine } = await api.machineWith(chain);
    const code = await giveCode(t, machine.id);
    const res = await t.mechanic.post(`/api/labels/${code}/plan`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(LABEL_TEXT.planned);
    const { report_id } = LabelPlanResultSchema.strict().parse(res.json().data);
    const [report] = await t.db.select().from(reports).where(eq(reports.id, report_id));
    expect(report).toMatchObject({ machineId: machine.id, status: 'open', inspectionType: 'inspection' });
    const [list] = await t.db.select().from(tasklists).where(eq(tasklists.id, report!.tasklistId));
    expect(list).toMatchObject({
      customerId: chain.customer.id,
      locationId: chain.location.id,
      plannedDate: dutchToday(),
      inspectionType: 'inspection',
    });
    // The scan now leads to that report.
    expect(await target(t.mechanic, code)).toMatchObject({ open_report_id: report_id });
    const again = await t.mechanic.post(`/api/labels/${code}/plan`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(LABEL_TEXT.alreadyPlanned);

    // A second machine of the location joins the same list of today.
    const { machine: second } = await api.machineWith(chain);
    const next = await t.mechanic.post(`/api/labels/${await giveCode(t, second.id)}/plan`);
    expect(next.statusCode, next.body).toBe(201);
    const [secondReport] = await t.db.select().from(reports).where(eq(reports.id, next.json().data.report_id));
    expect(secondReport!.tasklistId).toBe(list!.id);
  });

  it('plans once when two scans come at once', async () => {
    const { machine } = await api.machineWith(t.customerA.chain);
    const code = await giveCode(t, machine.id);
    const answers = await Promise.all([
      t.admin.post(`/api/labels/${code}/plan`),
      t.admin.post(`/api/labels/${code}/plan`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(reports).where(eq(reports.machineId, machine.id))).toHaveLength(1);
  });

  it('refuses a machine that cannot be planned (422) and one already open on any list (409)', async () => {
    const chain = t.customerA.chain;
    const bare = await createMachine(t.db, chain);
    const none = await t.mechanic.post(`/api/labels/${await giveCode(t, bare.id)}/plan`);
    expect(none.statusCode, none.body).toBe(422);
    expect(none.json().errors.machine).toEqual([TASKLIST_TEXT.noQuestionnaire]);
    const { machine: inactive } = await api.machineWith(chain, { values: { status: 'inactive' } });
    const refused = await t.mechanic.post(`/api/labels/${await giveCode(t, inactive.id)}/plan`);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.machine).toEqual([TASKLIST_TEXT.machineInactive]);
    // Nothing left behind: no empty list of today for either.
    const lists = await t.db
      .select()
      .from(tasklists)
      .where(and(eq(tasklists.locationId, chain.location.id), eq(tasklists.plannedCount, 0)));
    expect(lists).toHaveLength(0);

    const { machine } = await api.machineWith(chain);
    const other = await t.signIn('mechanic');
    const list = await api.create(chain, {}, other.client);
    await api.plan(list.id, [machine.id], other.client);
    const busy = await t.mechanic.post(`/api/labels/${await giveCode(t, machine.id)}/plan`);
    expect(busy.statusCode).toBe(409);
  });

  it('is for mechanics and admins: 403 for a customer user, 401 without a session, 419 without the CSRF token', async () => {
    const { machine } = await api.machineWith(t.customerA.chain);
    const code = await giveCode(t, machine.id);
    expect((await t.customerA.client.post(`/api/labels/${code}/plan`)).statusCode).toBe(403);
    expect((await t.visitor.post(`/api/labels/${code}/plan`)).statusCode).toBe(401);
    const noCsrf = await t.mechanic.post(`/api/labels/${code}/plan`, { csrf: false });
    expect(noCsrf.statusCode).toBe(419);
    expect(await t.db.select().from(reports).where(eq(reports.machineId, machine.id))).toHaveLength(0);
  });
});

describe('label PDFs and "Nieuwe code" (the office)', () => {
  it('are for admins: 403 for a mechanic and a customer user, 401 without a session, 419 without CSRF', async () => {
    const chain = t.customerA.chain;
    const machine = await createMachine(t.db, chain);
    const sheet = `/api/customers/${chain.customer.id}/locations/${chain.location.id}/labels`;
    const single = `/api/customers/${chain.customer.id}/machines/${machine.id}/label`;
    const renew = `${single}/renew`;
    for (const client of [t.mechanic, t.customerA.client]) {
      expect((await client.get(sheet)).statusCode).toBe(403);
      expect((await client.get(single)).statusCode).toBe(403);
      expect((await client.post(renew)).statusCode).toBe(403);
    }
    expect((await t.visitor.get(sheet)).statusCode).toBe(401);
    expect((await t.visitor.get(single)).statusCode).toBe(401);
    expect((await t.visitor.post(renew)).statusCode).toBe(401);
    expect((await t.admin.post(renew, { csrf: false })).statusCode).toBe(419);
    expect(await t.db.select().from(machineLabels).where(eq(machineLabels.machineId, machine.id))).toHaveLength(0);
  });

  it('answer 404 for a location or machine of another customer, and 422 for an unknown layout', async () => {
    const a = t.customerA.chain;
    const b = t.customerB.chain;
    const machine = await createMachine(t.db, a);
    expect((await t.admin.get(`/api/customers/${b.customer.id}/locations/${a.location.id}/labels`)).statusCode).toBe(
      404,
    );
    expect((await t.admin.get(`/api/customers/${b.customer.id}/machines/${machine.id}/label`)).statusCode).toBe(404);
    expect((await t.admin.post(`/api/customers/${b.customer.id}/machines/${machine.id}/label/renew`)).statusCode).toBe(
      404,
    );
    const bad = await t.admin.get(`/api/customers/${a.customer.id}/machines/${machine.id}/label`, {
      query: { layout: 'a5' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.layout).toEqual(['Ongeldige keuze']);
    const badSheet = await t.admin.get(`/api/customers/${a.customer.id}/locations/${a.location.id}/labels`, {
      query: { layout: '3x8' },
    });
    expect(badSheet.statusCode).toBe(422);
    expect(badSheet.json().errors.layout).toEqual(['Ongeldige keuze']);
    // An archived machine has no label.
    await t.db.update(machines).set({ archivedAt: new Date() }).where(eq(machines.id, machine.id));
    expect((await t.admin.get(`/api/customers/${a.customer.id}/machines/${machine.id}/label`)).statusCode).toBe(404);
  });

  it('keeps the code across prints and replaces it on "Nieuwe code"', async () => {
    const chain = t.customerA.chain;
    const machine = await createMachine(t.db, chain);
    const single = `/api/customers/${chain.customer.id}/machines/${machine.id}/label`;
    const first = await t.admin.get(single);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toMatch(/^attachment; filename="label-[a-z0-9_-]+-a4-3x8\.pdf"$/);
    const [stored] = await t.db.select().from(machineLabels).where(eq(machineLabels.machineId, machine.id));
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await t.admin.get(single)).statusCode).toBe(200);
    const [again] = await t.db.select().from(machineLabels).where(eq(machineLabels.machineId, machine.id));
    expect(again!.tokenHash).toBe(stored!.tokenHash);
    const renewed = await t.admin.post(`${single}/renew`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toEqual({ data: { renewed: true }, message: LABEL_TEXT.renewed });
    const [after] = await t.db.select().from(machineLabels).where(eq(machineLabels.machineId, machine.id));
    expect(after!.tokenHash).not.toBe(stored!.tokenHash);
  });
});
