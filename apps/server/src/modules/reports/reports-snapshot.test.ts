import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CompletedReportSchema, ReportDetailSchema, type ReportDetail } from '@keurwijzer/shared/reports';
import { customers, departments, locations, rooms } from '../../db/schema/customers';
import { machines } from '../../db/schema/machines';
import { brandTypes, brands, machineTypes } from '../../db/schema/master-data';
import {
  createBrand,
  createBrandType,
  createDepartment,
  createLocation,
  createMachineType,
  createPlacementChain,
  createRoom,
  uniqueName,
} from '../../test/factories';
import type { TestClient } from '../../test/client';
import { useTestApp } from '../../test/use-test-app';
import { plannedReport, tasklistsApi } from '../tasklists/tasklists.test-helpers';
import { reportPath, reportsApi } from './reports.test-helpers';

/**
 * A submitted report is a record: it shows the machine, its customer and its place as
 * they were when it was submitted. Moving the machine, renaming it, its brand, type, machine type,
 * customer or places, and archiving it afterwards change nothing of the report: not its API read,
 * not its PDF, not the completed-reports list or its xlsx, not the customer's view of it. An open
 * report keeps showing the machine as it is now.
 */
const t = useTestApp();
const api = reportsApi(t);
const lists = tasklistsApi(t);

const flat = (text: string) => text.replace(/\s+/g, '');

async function pdfText(client: TestClient, url: string) {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)));
  // Without the print time ("afgedrukt op 26-11-2026 11:52"): two prints a minute apart differ there.
  return flat(text.join('\n')).replace(/afgedruktop\d{2}-\d{2}-\d{4}\d{2}:\d{2}/g, 'afgedruktop');
}

async function completedRow(customerId: number, reportId: number) {
  const res = await t.admin.get(`/api/completed-reports?customer_id=${customerId}`);
  expect(res.statusCode, res.body).toBe(200);
  const rows = CompletedReportSchema.strict().array().parse(res.json().data);
  return rows.find((r) => r.id === reportId);
}

async function xlsxRow(customerId: number) {
  const res = await t.admin.get(`/api/completed-reports/export?customer_id=${customerId}`);
  expect(res.statusCode, res.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.getWorksheet('Afgeronde rapporten')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Everything a submitted report shows, through every read path that shows it. */
async function everyView(r: { reportId: number; machineId: number; customerId: number; portal?: TestClient }) {
  const staff = ReportDetailSchema.strict().parse((await t.admin.get(reportPath(r.reportId))).json().data);
  const portalPath = `/api/machines/${r.machineId}/reports/${r.reportId}`;
  const portal = r.portal ? await r.portal.get(portalPath) : undefined;
  if (portal) expect(portal.statusCode, portal.body).toBe(200);
  return {
    staff,
    mechanic: await api.read(r.reportId),
    pdf: await pdfText(t.admin, `${reportPath(r.reportId)}/pdf`),
    list: await completedRow(r.customerId, r.reportId),
    xlsx: await xlsxRow(r.customerId),
    portal: portal && ReportDetailSchema.parse(portal.json().data),
    portalPdf: r.portal ? await pdfText(r.portal, `${portalPath}/pdf`) : undefined,
  };
}

/** A machine with every field the report shows, in location > department > room of the customer. */
async function submittedReport() {
  const chain = await createPlacementChain(t.db, uniqueName('Klant Oud'));
  const { client } = await t.signIn('customer', { customerId: chain.customer.id });
  const brand = await createBrand(t.db, uniqueName('Merk Oud'));
  const brandType = await createBrandType(t.db, brand.id, uniqueName('Serie Oud'));
  const type = await createMachineType(t.db, uniqueName('Soort Oud'));
  const planned = await plannedReport(t, chain, {
    values: {
      name: uniqueName('Kantbank Oud'),
      inventoryNumber: uniqueName('INV-OUD'),
      departmentId: chain.department.id,
      roomId: chain.room.id,
      factoryNumber: 'FAB-OUD',
      manufacturer: 'Maker Oud',
      manufactureYear: 2011,
      machineTypeId: type.id,
      brandId: brand.id,
      brandTypeId: brandType.id,
    },
  });
  await api.answerAll(planned.reportId);
  const submitted = await api.submit(planned.reportId);
  return { ...planned, chain, portal: client, brand, brandType, type, submitted };
}

const OLD = (s: Awaited<ReturnType<typeof submittedReport>>) => ({
  name: s.machine.name,
  inventory_number: s.machine.inventoryNumber,
  factory_number: 'FAB-OUD',
  manufacturer: 'Maker Oud',
  manufacture_year: 2011,
  machine_type_name: s.type.name,
  brand_name: s.brand.name,
  brand_type_name: s.brandType.name,
  location_name: s.chain.location.name,
  department_name: s.chain.department.name,
  room_name: s.chain.room.name,
  status: 'active',
});

/** Moves the machine (through the API) and renames everything the report names (in the database). */
async function moveAndRename(s: Awaited<ReturnType<typeof submittedReport>>) {
  const l2 = await createLocation(t.db, s.chain.customer.id, uniqueName('Vestiging Nieuw'));
  const d2 = await createDepartment(t.db, l2.id, uniqueName('Afdeling Nieuw'));
  const r2 = await createRoom(t.db, d2.id, uniqueName('Ruimte Nieuw'));
  const moved = await t.admin.post(`/api/customers/${s.chain.customer.id}/machines/${s.machine.id}/move`, {
    body: { location_id: l2.id, department_id: d2.id, room_id: r2.id },
  });
  expect(moved.statusCode, moved.body).toBe(200);
  await t.db
    .update(machines)
    .set({
      name: uniqueName('Kantbank Nieuw'),
      inventoryNumber: uniqueName('INV-NIEUW'),
      factoryNumber: 'FAB-NIEUW',
      manufacturer: 'Maker Nieuw',
      manufactureYear: 2020,
      status: 'inactive',
    })
    .where(eq(machines.id, s.machine.id));
  await t.db
    .update(brands)
    .set({ name: uniqueName('Merk Nieuw') })
    .where(eq(brands.id, s.brand.id));
  await t.db
    .update(brandTypes)
    .set({ name: uniqueName('Serie Nieuw') })
    .where(eq(brandTypes.id, s.brandType.id));
  await t.db
    .update(machineTypes)
    .set({ name: uniqueName('Soort Nieuw') })
    .where(eq(machineTypes.id, s.type.id));
  await t.db
    .update(customers)
    .set({ name: uniqueName('Klant Nieuw') })
    .where(eq(customers.id, s.chain.customer.id));
  const oldPlace = { location: s.chain.location, department: s.chain.department, room: s.chain.room };
  await t.db
    .update(locations)
    .set({ name: uniqueName('Vestiging Hernoemd') })
    .where(eq(locations.id, oldPlace.location.id));
  await t.db
    .update(departments)
    .set({ name: uniqueName('Afdeling Hernoemd') })
    .where(eq(departments.id, oldPlace.department.id));
  await t.db
    .update(rooms)
    .set({ name: uniqueName('Ruimte Hernoemd') })
    .where(eq(rooms.id, oldPlace.room.id));
  const [customer] = await t.db.select().from(customers).where(eq(customers.id, s.chain.customer.id));
  return { l2, d2, r2, customerName: customer!.name };
}

describe('a submitted report keeps the machine as it was inspected', () => {
  it('shows the same machine, customer and place after a move, renames and archiving, on every read path', async () => {
    const s = await submittedReport();
    const ids = { reportId: s.reportId, machineId: s.machine.id, customerId: s.chain.customer.id, portal: s.portal };
    const before = await everyView(ids);
    const header = { customer_name: s.chain.customer.name, location_name: s.chain.location.name };
    expect(before.staff).toMatchObject({ status: 'submitted', ...header, machine: OLD(s) });
    expect(s.submitted).toMatchObject({ ...header, machine: OLD(s) });
    expect(before.list).toMatchObject({
      ...header,
      machine_name: s.machine.name,
      inventory_number: s.machine.inventoryNumber,
    });
    const place = `${s.chain.location.name} > ${s.chain.department.name} > ${s.chain.room.name}`;
    for (const pdf of [before.pdf, before.portalPdf!]) {
      for (const text of [s.machine.name, s.machine.inventoryNumber, 'FAB-OUD', s.type.name, s.brand.name, place]) {
        expect(pdf).toContain(flat(text));
      }
    }
    const xlsxBefore = before.xlsx.find((row) => row[2] === s.machine.name);
    expect(xlsxBefore?.slice(0, 4)).toEqual([
      s.chain.customer.name,
      s.chain.location.name,
      s.machine.name,
      s.machine.inventoryNumber,
    ]);

    const listBefore = await lists.read(s.list.id);
    expect(listBefore.machines[0]).toMatchObject({
      name: s.machine.name,
      inventory_number: s.machine.inventoryNumber,
      department_name: s.chain.department.name,
      room_name: s.chain.room.name,
      machine_type_name: s.type.name,
    });

    const moved = await moveAndRename(s);
    const after = await everyView(ids);
    // The task list's rows of its submitted reports too (the list's own names are the list's, live).
    expect((await lists.read(s.list.id)).machines).toEqual(listBefore.machines);
    expect(after.staff).toEqual(before.staff);
    expect(after.mechanic).toEqual(before.mechanic);
    expect(after.portal).toEqual(before.portal);
    expect(after.list).toEqual(before.list);
    expect(after.xlsx).toEqual(before.xlsx);
    expect(after.pdf).toEqual(before.pdf);
    expect(after.portalPdf).toEqual(before.portalPdf);
    for (const text of [moved.l2.name, moved.d2.name, moved.r2.name, 'FAB-NIEUW', moved.customerName]) {
      expect(after.pdf).not.toContain(flat(text));
    }
    // Searched and sorted by the names it shows.
    const found = await t.admin.get(`/api/completed-reports?search=${encodeURIComponent(s.machine.name)}`);
    expect(found.json().data.map((r: { id: number }) => r.id)).toEqual([s.reportId]);
    const byNewName = await t.admin.get(`/api/completed-reports?search=${encodeURIComponent(moved.customerName)}`);
    expect(byNewName.json().data).toEqual([]);
    for (const sortKey of ['customer', 'location', 'machine']) {
      const sorted = await t.admin.get(`/api/completed-reports?customer_id=${s.chain.customer.id}&sortKey=${sortKey}`);
      expect(sorted.statusCode, sorted.body).toBe(200);
      expect(sorted.json().data).toEqual([before.list]);
    }

    const archived = await t.admin.post(`/api/customers/${s.chain.customer.id}/machines/${s.machine.id}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    // The customer no longer reads a report of an archived machine (its portal's rule); the office does, unchanged.
    const archivedViews = await everyView({ ...ids, portal: undefined });
    expect(archivedViews.staff).toEqual(before.staff);
    expect(archivedViews.list).toEqual(before.list);
    expect(archivedViews.xlsx).toEqual(before.xlsx);
    expect(archivedViews.pdf).toEqual(before.pdf);
    expect((await lists.read(s.list.id)).machines).toEqual(listBefore.machines);
  });

  it('an open report shows the machine as it is now, and is frozen only when it is submitted', async () => {
    const s = await submittedReport();
    const moved = await moveAndRename(s);
    // A new list at the machine's new location: its open report reads the machine live.
    // (An inactive machine cannot be planned.)
    await t.db.update(machines).set({ status: 'active' }).where(eq(machines.id, s.machine.id));
    const list = await lists.create(s.chain, { location_id: moved.l2.id });
    const planned = await lists.plan(list.id, [s.machine.id]);
    const reportId = planned.machines[0]!.report_id;
    const [now] = await t.db.select().from(machines).where(eq(machines.id, s.machine.id));
    const open: ReportDetail = await api.read(reportId);
    expect(open).toMatchObject({
      status: 'open',
      customer_name: moved.customerName,
      location_name: moved.l2.name,
      machine: {
        name: now!.name,
        factory_number: 'FAB-NIEUW',
        location_name: moved.l2.name,
        department_name: moved.d2.name,
        room_name: moved.r2.name,
        status: 'active',
      },
    });
    await t.db.update(machines).set({ name: 'Vlak voor indienen' }).where(eq(machines.id, s.machine.id));
    expect((await api.read(reportId)).machine.name).toBe('Vlak voor indienen');
    await api.answerAll(reportId);
    const submitted = await api.submit(reportId);
    expect(submitted.machine.name).toBe('Vlak voor indienen');
    await t.db.update(machines).set({ name: 'Na indienen' }).where(eq(machines.id, s.machine.id));
    expect((await api.read(reportId)).machine).toEqual(submitted.machine);
    // The first report still shows the machine of its own submit.
    expect((await api.read(s.reportId)).machine).toMatchObject(OLD(s));
  });
});
