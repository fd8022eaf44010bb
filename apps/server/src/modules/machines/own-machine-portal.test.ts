import { sharp, solidImage } from '../../../test-support/images';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OwnMachineDetailSchema, OwnMachineSchema, type OwnMachineDetail } from '@keurwijzer/shared/portal';
import { MachineReportSchema, ReportDetailSchema, type ReportDetail } from '@keurwijzer/shared/reports';
import { TEXT } from '@keurwijzer/shared/texts';
import { eq } from 'drizzle-orm';
import { machines } from '../../db/schema/machines';
import { malfunctionPhotos, malfunctions } from '../../db/schema/malfunctions';
import type { TestClient } from '../../test/client';
import { errorsOf } from '../../test/helpers';
import { createMachine, type PlacementChain } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { makeReport } from '../completed-reports/completed-reports.test-helpers';
import { JUNK_IDS } from './machines.test-helpers';

/**
 * The customer portal's reads of one machine (portal.ts): GET /api/machines (OwnMachine),
 * GET /api/machines/:id, its images, its submitted reports, one report and its PDF. Two customers
 * (A and B), each with a customer user: A reads only its own machines in use and their submitted
 * reports; anything else answers the 404 of a missing one.
 */
const t = useTestApp();
const at = (day: number, hour = 8, minute = 0) => new Date(Date.UTC(2026, 3, day, hour, minute));

const jpeg = () => solidImage(64, 48, { r: 190, g: 21, b: 34 }).jpeg().toBuffer();

/** Uploads an image of the machine as an admin; its id. */
async function upload(chain: PlacementChain, machineId: number): Promise<number> {
  const res = await t.admin.upload(`/api/customers/${chain.customer.id}/machines/${machineId}/images`, 'image', {
    name: 'foto.jpg',
    type: 'image/jpeg',
    data: await jpeg(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { id: number } }).data.id;
}

type Setup = Awaited<ReturnType<typeof setUp>>;
let s: Setup;

async function setUp() {
  const [a, b] = [t.customerA.chain, t.customerB.chain];
  const piet = (await t.signIn('mechanic', { firstName: 'Piet', lastName: 'Portaal' })).user;
  const machine = await createMachine(t.db, a, {
    name: 'A-kolomboor',
    inventoryNumber: 'A-KB-1',
    manufactureYear: 2001,
  });
  const on = { machineId: machine.id, mechanicId: piet.id };
  const oldInspection = await makeReport(t, a, { ...on, submittedAt: at(1), plannedDate: '2026-04-01' });
  const inspection = await makeReport(t, a, { ...on, submittedAt: at(20), plannedDate: '2026-04-20' });
  const safety = await makeReport(t, a, { ...on, type: 'safety', submittedAt: at(10), plannedDate: '2026-04-10' });
  // 23:30 UTC is the next day in the Netherlands: the list shows the Dutch date.
  const maintenance = await makeReport(t, a, {
    ...on,
    type: 'maintenance',
    submittedAt: at(5, 23, 30),
    plannedDate: '2026-04-05',
  });
  const open = await makeReport(t, a, { ...on, type: 'inspection_maintenance', open: true, plannedDate: '2026-05-01' });
  const firstImage = await upload(a, machine.id);
  const secondImage = await upload(a, machine.id);

  // A machine of A without reports, images or malfunctions; archived and concept ones with a report each.
  const bare = await createMachine(t.db, a, { name: 'A-kaal', inventoryNumber: 'A-KAAL' });
  const archived = await makeReport(t, a, { machine: { name: 'A-oud', inventoryNumber: 'A-OUD' } });
  const archivedImage = await upload(a, archived.machineId);
  const concept = await makeReport(t, a, {
    machine: { name: 'A-concept', inventoryNumber: 'A-CON', status: 'concept' },
  });
  await t.db.update(machines).set({ archivedAt: new Date() }).where(eq(machines.id, archived.machineId));

  // B's machine with a submitted report, an image and a malfunction.
  const other = await makeReport(t, b, { submittedAt: at(12), machine: { name: 'B-zaag', inventoryNumber: 'B-1' } });
  const otherImage = await upload(b, other.machineId);

  const malfunction = (values: Partial<typeof malfunctions.$inferInsert> & { machineId: number; customerId: number }) =>
    t.db
      .insert(malfunctions)
      .values({ reportedBy: t.customerA.user.id, description: 'Maakt lawaai', ...values })
      .returning()
      .then((rows) => rows[0]!);
  const resolved = await malfunction({
    machineId: machine.id,
    customerId: a.customer.id,
    status: 'resolved',
    customerNote: 'Lager vervangen',
    createdAt: at(2),
    resolvedAt: at(3),
  });
  const reported = await malfunction({ machineId: machine.id, customerId: a.customer.id, createdAt: at(22) });
  const inProgress = await malfunction({
    machineId: machine.id,
    customerId: a.customer.id,
    status: 'in_progress',
    remark: 'Graag voor vrijdag',
    createdAt: at(21),
  });
  const [photo] = await t.db
    .insert(malfunctionPhotos)
    .values({
      malfunctionId: reported.id,
      fileKey: 'malfunctions/x.jpg',
      thumbKey: 'malfunctions/x.webp',
      contentType: 'image/jpeg',
      size: 10,
      width: 64,
      height: 48,
    })
    .returning();
  await malfunction({ machineId: other.machineId, customerId: b.customer.id, reportedBy: t.customerB.user.id });

  return {
    a,
    b,
    piet,
    machine,
    oldInspection,
    inspection,
    safety,
    maintenance,
    open,
    firstImage,
    secondImage,
    bare,
    archived,
    archivedImage,
    concept,
    other,
    otherImage,
    malfunctions: { resolved, reported, inProgress, photo: photo! },
  };
}

beforeAll(async () => {
  s = await setUp();
});

const machinePath = (id: number | string) => `/api/machines/${id}`;
const imagePath = (id: number | string, imageId: number | string) => `/api/machines/${id}/images/${imageId}/file`;
const reportsPath = (id: number | string) => `/api/machines/${id}/reports`;
const reportPath = (id: number | string, reportId: number | string) => `/api/machines/${id}/reports/${reportId}`;

async function ok<T>(client: TestClient, path: string, schema: z.ZodType<T>): Promise<T> {
  const res = await client.get(path);
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse((res.json() as { data: unknown }).data);
}
const A = () => t.customerA.client;

async function expectNotFound(client: TestClient, path: string) {
  const res = await client.get(path);
  expect(res.statusCode, path).toBe(404);
  expect(res.json(), path).toEqual({ message: TEXT.notFound, errors: {} });
}

describe('GET /api/machines (the portal list)', () => {
  it('gives each machine its latest submitted report date per type (Dutch day) and its open malfunctions', async () => {
    const res = await A().get('/api/machines?itemsPerPage=100');
    expect(res.statusCode, res.body).toBe(200);
    const rows = z.array(OwnMachineSchema.strict()).parse((res.json() as { data: unknown }).data);
    expect(rows.map((m) => m.name).sort()).toEqual(['A-kaal', 'A-kolomboor']);
    const machine = rows.find((m) => m.id === s.machine.id)!;
    expect(machine.latest_reports).toEqual({
      inspection: '2026-04-20',
      maintenance: '2026-04-06',
      safety: '2026-04-10',
      // Only an open report of this type: none submitted.
      inspection_maintenance: null,
    });
    // Open and In behandeling count, Opgelost does not.
    expect(machine.open_malfunctions).toBe(2);
    expect(rows.find((m) => m.id === s.bare.id)).toMatchObject({
      latest_reports: { inspection: null, maintenance: null, safety: null, inspection_maintenance: null },
      open_malfunctions: 0,
    });
    const b = await t.customerB.client.get('/api/machines');
    expect((b.json() as { data: { name: string; open_malfunctions: number }[] }).data).toEqual([
      expect.objectContaining({ name: 'B-zaag', open_malfunctions: 1 }),
    ]);
  });

  it('sends the session lookup and one statement, however many machines, reports and malfunctions', async () => {
    const few = await t.statementsOf('/api/machines?search=A-kaal', A());
    const many = await t.statementsOf('/api/machines?itemsPerPage=100', A());
    expect(many.length).toBe(few.length);
    expect(many.length).toBeLessThanOrEqual(2);
  });
});

describe('GET /api/machines/:id (the machine screen)', () => {
  it('gives the machine, its images, latest report per type and its malfunctions newest first', async () => {
    const detail: OwnMachineDetail = await ok(A(), machinePath(s.machine.id), OwnMachineDetailSchema.strict());
    expect(detail).toMatchObject({
      id: s.machine.id,
      name: 'A-kolomboor',
      inventory_number: 'A-KB-1',
      manufacture_year: 2001,
      customer_id: s.a.customer.id,
      location_name: s.a.location.name,
      status: 'active',
    });
    expect(detail.images.map((i) => i.id)).toEqual([s.firstImage, s.secondImage]);
    expect(detail.images[0]).toMatchObject({
      url: imagePath(s.machine.id, s.firstImage),
      thumb_url: `${imagePath(s.machine.id, s.firstImage)}?thumb=1`,
      width: 64,
      height: 48,
    });
    const by = `Piet ${s.piet.lastName}`;
    expect(detail.latest_reports).toEqual({
      inspection: { id: s.inspection.reportId, submitted_at: at(20).toISOString(), filled_in_by_name: by },
      safety: { id: s.safety.reportId, submitted_at: at(10).toISOString(), filled_in_by_name: by },
      maintenance: { id: s.maintenance.reportId, submitted_at: at(5, 23, 30).toISOString(), filled_in_by_name: by },
      // It has a questionnaire of this type (an open report): it applies, none submitted yet.
      inspection_maintenance: null,
    });
    expect(Object.keys(detail.latest_reports)).toEqual([
      'inspection',
      'maintenance',
      'safety',
      'inspection_maintenance',
    ]);
    const m = s.malfunctions;
    expect(detail.malfunctions.map((f) => [f.id, f.status])).toEqual([
      [m.reported.id, 'open'],
      [m.inProgress.id, 'in_progress'],
      [m.resolved.id, 'resolved'],
    ]);
    expect(detail.malfunctions[0]).toEqual({
      id: m.reported.id,
      machine_id: s.machine.id,
      machine_name: 'A-kolomboor',
      inventory_number: 'A-KB-1',
      description: 'Maakt lawaai',
      remark: null,
      status: 'open',
      customer_note: null,
      reported_by_name: expect.any(String),
      reported_at: at(22).toISOString(),
      updated_at: expect.any(String),
      resolved_at: null,
      urgent: false,
      contact_phone: null,
      respond_by: null,
      report: null,
      photos: [
        {
          id: m.photo.id,
          url: `/api/own-malfunctions/${m.reported.id}/photos/${m.photo.id}/file`,
          thumb_url: `/api/own-malfunctions/${m.reported.id}/photos/${m.photo.id}/file?thumb=1`,
          width: 64,
          height: 48,
        },
      ],
    });
    expect(detail.malfunctions[2]).toMatchObject({
      customer_note: 'Lager vervangen',
      resolved_at: at(3).toISOString(),
      photos: [],
    });
    expect(detail.malfunctions[1]!.remark).toBe('Graag voor vrijdag');
  });

  it('gives empty lists and nulls for a machine without images, reports or malfunctions', async () => {
    const detail = await ok(A(), machinePath(s.bare.id), OwnMachineDetailSchema.strict());
    expect(detail.images).toEqual([]);
    expect(detail.malfunctions).toEqual([]);
    // No questionnaire and no report: no inspection type applies, so none is listed ("Nog geen" nowhere).
    expect(detail.latest_reports).toStrictEqual({});
  });

  it('sends the session lookup and one statement, however many images, reports and malfunctions', async () => {
    const few = await t.statementsOf(machinePath(s.bare.id), A());
    const many = await t.statementsOf(machinePath(s.machine.id), A());
    expect(many.length).toBe(few.length);
    expect(many.length).toBeLessThanOrEqual(2);
  });
});

describe('GET /api/machines/:id/images/:imageId/file', () => {
  it('serves the image and its WebP thumbnail with safe headers', async () => {
    const file = await A().get(imagePath(s.machine.id, s.firstImage));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^image\/(jpeg|png|webp)/);
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="machine-\d+-\d+\.\w+"$/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const thumb = await A().get(`${imagePath(s.machine.id, s.firstImage)}?thumb=1`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
  });

  it('answers 422 for a junk thumb parameter', async () => {
    const res = await A().get(`${imagePath(s.machine.id, s.firstImage)}?thumb=ja`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(errorsOf(res))).toEqual(['thumb']);
  });
});

describe('GET /api/machines/:id/reports', () => {
  it('lists only the submitted reports, newest first, filtered by inspection type when asked', async () => {
    const rows = await ok(A(), reportsPath(s.machine.id), z.array(MachineReportSchema.strict()));
    expect(rows.map((r) => r.id)).toEqual([
      s.inspection.reportId,
      s.safety.reportId,
      s.maintenance.reportId,
      s.oldInspection.reportId,
    ]);
    expect(rows.every((r) => r.status === 'submitted')).toBe(true);
    const inspections = await ok(
      A(),
      `${reportsPath(s.machine.id)}?inspection_type=inspection`,
      z.array(MachineReportSchema),
    );
    expect(inspections.map((r) => r.id)).toEqual([s.inspection.reportId, s.oldInspection.reportId]);
    const none = await ok(
      A(),
      `${reportsPath(s.machine.id)}?inspection_type=inspection_maintenance`,
      z.array(MachineReportSchema),
    );
    expect(none).toEqual([]);
    expect(await ok(A(), reportsPath(s.bare.id), z.array(MachineReportSchema))).toEqual([]);
  });

  it('answers 422 with the errors map for an unknown inspection type', async () => {
    for (const type of ['keuring', '', 'INSPECTION']) {
      const res = await A().get(`${reportsPath(s.machine.id)}?inspection_type=${type}`);
      expect(res.statusCode, type).toBe(422);
      expect(Object.keys(errorsOf(res))).toEqual(['inspection_type']);
    }
  });

  it('sends the session lookup and one statement, however many reports', async () => {
    const few = await t.statementsOf(reportsPath(s.bare.id), A());
    const many = await t.statementsOf(reportsPath(s.machine.id), A());
    expect(many.length).toBe(few.length);
    expect(many.length).toBeLessThanOrEqual(2);
  });
});

describe('GET /api/machines/:id/reports/:reportId and its PDF', () => {
  it('gives the submitted report from the shared read model, its image a URL the customer may fetch', async () => {
    const report: ReportDetail = await ok(
      A(),
      reportPath(s.machine.id, s.inspection.reportId),
      ReportDetailSchema.strict(),
    );
    expect(report).toMatchObject({
      id: s.inspection.reportId,
      status: 'submitted',
      inspection_type: 'inspection',
      customer_id: s.a.customer.id,
      submitted_at: at(20).toISOString(),
      filled_in_by_name: `Piet ${s.piet.lastName}`,
    });
    expect(report.categories.length).toBeGreaterThan(0);
    expect(report.machine.image_url).toBe(`${imagePath(s.machine.id, s.firstImage)}?thumb=1`);
    const image = await A().get(report.machine.image_url!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    // The office's read of the same report is the same, but for the image's route.
    const office = await ok(t.admin, `/api/reports/${s.inspection.reportId}`, ReportDetailSchema);
    expect({ ...report, machine: { ...report.machine, image_url: null } }).toEqual({
      ...office,
      machine: { ...office.machine, image_url: null },
    });
  });

  it('gives a null image for a machine without images', async () => {
    const bReport = await makeReport(t, s.b, { submittedAt: at(15) });
    const read = await ok(t.customerB.client, reportPath(bReport.machineId, bReport.reportId), ReportDetailSchema);
    expect(read.machine.image_url).toBeNull();
  });

  it('gives the same PDF the office gets', async () => {
    const path = `${reportPath(s.machine.id, s.inspection.reportId)}/pdf`;
    const res = await A().get(path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="rapport-${s.inspection.reportId}-A-KB-1.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const office = await t.admin.get(`/api/reports/${s.inspection.reportId}/pdf`);
    expect(office.headers['content-disposition']).toBe(res.headers['content-disposition']);
    expect(Math.abs(office.rawPayload.length - res.rawPayload.length)).toBeLessThan(200);
  });

  it('sends the session lookup and one statement for the report, however big', async () => {
    const few = await t.statementsOf(reportPath(s.machine.id, s.safety.reportId), A());
    const many = await t.statementsOf(reportPath(s.machine.id, s.inspection.reportId), A());
    expect(many.length).toBe(few.length);
    expect(many.length).toBeLessThanOrEqual(2);
  });
});

describe('the portal: refusals', () => {
  /** Every path of the portal for this machine (and its image and report). */
  const paths = (machineId: number | string, imageId: number | string, reportId: number | string) => [
    machinePath(machineId),
    imagePath(machineId, imageId),
    `${imagePath(machineId, imageId)}?thumb=1`,
    reportsPath(machineId),
    `${reportsPath(machineId)}?inspection_type=inspection`,
    reportPath(machineId, reportId),
    `${reportPath(machineId, reportId)}/pdf`,
  ];

  it("answers A 404 for B's machine, image, reports, report and PDF, as for a missing one, by id or query", async () => {
    const o = s.other;
    for (const path of [
      ...paths(o.machineId, s.otherImage, o.reportId),
      // B's image and report under A's own machine, and A's under B's.
      imagePath(s.machine.id, s.otherImage),
      reportPath(s.machine.id, o.reportId),
      `${reportPath(s.machine.id, o.reportId)}/pdf`,
      imagePath(o.machineId, s.firstImage),
      reportPath(o.machineId, s.inspection.reportId),
      // A customer in the query changes nothing.
      `${machinePath(o.machineId)}?customer_id=${s.b.customer.id}`,
      `${reportsPath(o.machineId)}?customer_id=${s.b.customer.id}`,
    ]) {
      await expectNotFound(A(), path);
    }
    // B reads its own.
    expect((await t.customerB.client.get(machinePath(o.machineId))).statusCode).toBe(200);
    expect((await t.customerB.client.get(`${reportPath(o.machineId, o.reportId)}/pdf`)).statusCode).toBe(200);
  });

  it('answers 404 for an open report of its own machine, and for a report of another of its machines', async () => {
    for (const path of [
      reportPath(s.machine.id, s.open.reportId),
      `${reportPath(s.machine.id, s.open.reportId)}/pdf`,
      reportPath(s.bare.id, s.inspection.reportId),
      `${reportPath(s.bare.id, s.inspection.reportId)}/pdf`,
    ]) {
      await expectNotFound(A(), path);
    }
    const rows = await ok(A(), reportsPath(s.machine.id), z.array(MachineReportSchema));
    expect(rows.map((r) => r.id)).not.toContain(s.open.reportId);
  });

  it('answers 404 for archived and concept machines, their images and reports', async () => {
    for (const path of [
      ...paths(s.archived.machineId, s.archivedImage, s.archived.reportId),
      ...paths(s.concept.machineId, 1, s.concept.reportId).filter((p) => !p.includes('/images/')),
    ]) {
      await expectNotFound(A(), path);
    }
  });

  it('answers 404 for missing and junk ids', async () => {
    for (const junk of JUNK_IDS) {
      for (const path of [
        ...paths(junk, s.firstImage, s.inspection.reportId),
        imagePath(s.machine.id, junk),
        reportPath(s.machine.id, junk),
        `${reportPath(s.machine.id, junk)}/pdf`,
      ]) {
        await expectNotFound(A(), path);
      }
    }
  });

  it('is for customer users: 401 without a session, 403 to staff; a GET needs no CSRF token', async () => {
    const all = paths(s.machine.id, s.firstImage, s.inspection.reportId);
    for (const path of all) {
      const anonymous = await t.visitor.get(path);
      expect(anonymous.statusCode, path).toBe(401);
      expect(anonymous.json()).toEqual({ message: TEXT.unauthenticated, errors: {} });
      for (const client of [t.admin, t.superAdmin, t.mechanic]) {
        const res = await client.get(path);
        expect(res.statusCode, path).toBe(403);
        expect(res.json()).toEqual({ message: TEXT.forbidden, errors: {} });
      }
      expect((await A().get(path, { csrf: false })).statusCode, path).toBe(200);
    }
  });
});
