import { describe, expect, it } from 'vitest';
import { addMonths } from '@keurwijzer/shared/compliance';
import { dutchToday } from '@keurwijzer/shared/format';
import { inspectionIntervals } from '../../db/schema/compliance';
import {
  createLocation,
  createMachine,
  createMachineType,
  createPlacementChain,
  uniqueName,
} from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import type { PlacementChain } from '../../test/factories';
import type { TestContext } from '../../test/use-test-app';
import { reportsApi, submitPath } from '../reports/reports.test-helpers';
import { plannedReport } from '../tasklists/tasklists.test-helpers';
import { pdfText } from './certificates.test-helpers';

/**
 * The Keuringsoverzicht PDF of a customer location: the office's
 * (GET /api/customers/:customerId/locations/:locationId/keuringsoverzicht.pdf) and a customer
 * user's for its own locations (GET /api/locations/:locationId/keuringsoverzicht.pdf), read back
 * with pdftotext.
 */
const t = useTestApp();

/**
 * A machine at `place` (of machine type `machineTypeId`, with a questionnaire of `type` of one
 * category with two questions "Goed"/"Slecht"), planned on a new list and submitted through the
 * API: `reject` answers the second question "Slecht" (Afkeur), else every question "Goed".
 */
export async function inspectedMachine(
  t: TestContext,
  place: PlacementChain,
  opts: { machineTypeId: number; name: string; type?: InspectionType; reject?: boolean; submit?: boolean },
) {
  const api = reportsApi(t);
  const planned = await plannedReport(t, place, {
    type: opts.type,
    categories: 1,
    questions: 2,
    values: { machineTypeId: opts.machineTypeId, name: opts.name },
  });
  if (opts.submit === false) return planned;
  const report = await api.read(planned.reportId);
  const [q1, q2] = report.categories[0]!.questions;
  await api.answer(planned.reportId, q1!.id, { option: 1 });
  await api.answer(planned.reportId, q2!.id, { option: opts.reject ? 2 : 1 });
  // With a body: the submit takes the mechanic's verdict (none here: the derived one).
  const res = await t.mechanic.post(submitPath(planned.reportId), { body: {} });
  expect(res.statusCode, res.body).toBe(200);
  return planned;
}

const office = (customerId: number | string, locationId: number | string) =>
  `/api/customers/${customerId}/locations/${locationId}/keuringsoverzicht.pdf`;
const own = (locationId: number | string) => `/api/locations/${locationId}/keuringsoverzicht.pdf`;
const dutch = (day: string) => day.split('-').reverse().join('-');

/** Customer A's location with an approved, a rejected, a never inspected and some left-out machines. */
let fixture: Promise<Awaited<ReturnType<typeof build>>> | undefined;
async function build() {
  const place = t.customerA.chain;
  const type = await createMachineType(t.db);
  await t.db.insert(inspectionIntervals).values([
    { machineTypeId: type.id, inspectionType: 'inspection', months: 12 },
    { machineTypeId: type.id, inspectionType: 'safety', months: 6 },
  ]);
  const good = await inspectedMachine(t, place, { machineTypeId: type.id, name: 'Kolomboormachine' });
  const bad = await inspectedMachine(t, place, { machineTypeId: type.id, name: 'Lintzaag', reject: true });
  const never = await createMachine(t.db, place, { machineTypeId: type.id, name: 'Draaibank' });
  await createMachine(t.db, place, { name: 'Oude pers', archivedAt: new Date() });
  await createMachine(t.db, place, { name: 'Conceptmachine', status: 'concept' });
  await createMachine(t.db, place, { name: 'Stilgezette frees', status: 'inactive' });
  const elsewhere = await createLocation(t.db, place.customer.id, uniqueName('Hal'));
  await createMachine(t.db, { customer: place.customer, location: elsewhere }, { name: 'Elders' });
  return { place, type, good, bad, never, elsewhere };
}
const setup = () => (fixture ??= build());

describe('Keuringsoverzicht PDF', () => {
  it('lists every machine in use of the location with its last inspection, verdict, due date and state', async () => {
    const { place } = await setup();
    const res = await t.admin.get(office(place.customer.id, place.location.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="keuringsoverzicht-[a-z0-9_-]+-[a-z0-9_-]+-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const text = pdfText(res.rawPayload);
    const today = dutchToday();
    // The inspection company, the customer, the location and the date.
    expect(text).toContain(t.config.company.name);
    expect(text).toContain(t.config.company.address);
    expect(text).toContain('Keuringsoverzicht');
    expect(text).toContain(place.customer.name);
    expect(text).toContain(place.location.name);
    expect(text).toContain(`Stand van ${dutch(today)}`);
    expect(text).toContain('Volgende keuring vóór');

    const lines = text.split('\n');
    const lineOf = (s: string) => lines.find((l) => l.includes(s)) ?? '';
    // Approved today: the next inspection in 12 months, in order.
    const good = lineOf('Kolomboormachine');
    expect(good).toMatch(/Keuring\s+\S+\s+Goedgekeurd\s+/);
    expect(good).toContain(dutch(today));
    expect(good).toContain(dutch(addMonths(today, 12)));
    expect(good).toContain('In orde');
    // Rejected: Afgekeurd until a passing report.
    const bad = lineOf('Lintzaag');
    expect(bad).toMatch(/Keuring\s+\S+\s+Afgekeurd\s+\S+\s+Afgekeurd/);
    // Never inspected: due at once.
    const never = lineOf('Draaibank');
    expect(never).toContain('Nog nooit');
    expect(never).toContain('Verlopen');
    // The safety interval is a second line of each machine: never inspected for safety.
    expect(lines.filter((l) => /^\s+Veiligheid\s+Nog nooit/.test(l))).toHaveLength(3);
    // Archived, concept, inactive and other locations' machines are not on it.
    for (const name of ['Oude pers', 'Conceptmachine', 'Stilgezette frees', 'Elders']) expect(text).not.toContain(name);
    expect(text).toMatch(/3 machines · Afgekeurd: 1 · Verlopen: 2/);
  });

  it('a customer user downloads the same overview of its own location', async () => {
    const { place } = await setup();
    const res = await t.customerA.client.get(own(place.location.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Kolomboormachine');
    expect(text).toContain(place.location.name);
  });

  it('a location without machines says so', async () => {
    const c = await createPlacementChain(t.db);
    const res = await t.admin.get(office(c.customer.id, c.location.id));
    expect(res.statusCode).toBe(200);
    expect(pdfText(res.rawPayload)).toContain('Geen machines in gebruik op deze vestiging.');
  });

  it("answers 404 for another customer's location, for a customer user the same as a missing one", async () => {
    const { place } = await setup();
    const b = t.customerB.chain;
    // Customer B never gets customer A's location, nor is A's location found under B.
    expect((await t.customerB.client.get(own(place.location.id))).statusCode).toBe(404);
    expect((await t.customerB.client.get(own(999_999))).statusCode).toBe(404);
    expect((await t.admin.get(office(b.customer.id, place.location.id))).statusCode).toBe(404);
    expect((await t.admin.get(office(999_999, place.location.id))).statusCode).toBe(404);
    expect((await t.admin.get(office(place.customer.id, 999_999))).statusCode).toBe(404);
    // B's own location is fine.
    expect((await t.customerB.client.get(own(b.location.id))).statusCode).toBe(200);
  });

  it('answers 401 without a session and 403 to a role without the permission', async () => {
    const { place } = await setup();
    expect((await t.visitor.get(office(place.customer.id, place.location.id))).statusCode).toBe(401);
    expect((await t.visitor.get(own(place.location.id))).statusCode).toBe(401);
    // The office route is the office's; the customer route is a customer user's.
    expect((await t.customerA.client.get(office(place.customer.id, place.location.id))).statusCode).toBe(403);
    expect((await t.mechanic.get(office(place.customer.id, place.location.id))).statusCode).toBe(403);
    expect((await t.admin.get(own(place.location.id))).statusCode).toBe(403);
    expect((await t.mechanic.get(own(place.location.id))).statusCode).toBe(403);
  });

  it('is a GET: no CSRF token needed (nothing changes); a junk path id is 404 (docs/architecture.md)', async () => {
    const { place } = await setup();
    const res = await t.customerA.client.get(own(place.location.id), { csrf: false });
    expect(res.statusCode).toBe(200);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await t.admin.get(office(bad, place.location.id))).statusCode, bad).toBe(404);
      expect((await t.admin.get(office(place.customer.id, bad))).statusCode, bad).toBe(404);
      expect((await t.customerA.client.get(own(bad))).statusCode, bad).toBe(404);
    }
  });
});
