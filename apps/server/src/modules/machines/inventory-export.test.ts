import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import {
  createBrand,
  createBrandType,
  createDepartment,
  createLocation,
  createMachine,
  createMachines,
  createMachineType,
  createPlacementChain,
  createRoom,
  uniqueName,
} from '../../test/factories';
import { addMonths } from '@keurwijzer/shared/compliance';
import { dutchToday } from '@keurwijzer/shared/format';
import { inspectionIntervals } from '../../db/schema/compliance';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { makeReport } from '../completed-reports/completed-reports.test-helpers';
import { pdfText } from '../certificates/certificates.test-helpers';

/**
 * GET /api/customers/:customerId/machines/export?format=xlsx|pdf: the inventory list, read back
 * with a real xlsx reader (exceljs' parser) and a real PDF text extractor (pdf.js via unpdf).
 */
const t = useTestApp();

const HEADERS = [
  'Vestiging',
  'Afdeling',
  'Ruimte',
  'Naam',
  'Machinetype',
  'Merk',
  'Merktype',
  'Inventarisnummer',
  'Fabrieksnummer',
  'Bouwjaar',
  'Status',
  'Prijs',
  'Laatste keuring',
  'Laatste onderhoud',
  'Laatste veiligheid',
  'Laatste keuring/onderhoud',
  'Keuring vóór',
  'Status keuring',
  'Onderhoud vóór',
  'Status onderhoud',
  'Veiligheid vóór',
  'Status veiligheid',
];

const url = (customerId: number | string, query = 'format=xlsx') =>
  `/api/customers/${customerId}/machines/export?${query}`;

/** A customer with two locations and machines of every kind. */
async function customerWithMachines() {
  const c = await createPlacementChain(t.db, uniqueName('Metaalwerken'));
  const hal = await createLocation(t.db, c.customer.id, 'Hal 2');
  const dept = await createDepartment(t.db, hal.id, 'Zagerij');
  const room = await createRoom(t.db, dept.id, 'Hoek');
  const brand = await createBrand(t.db);
  const brandType = await createBrandType(t.db, brand.id);
  const type = await createMachineType(t.db);
  const rows = await createMachines(t.db, c, [
    {
      departmentId: c.department.id,
      roomId: c.room.id,
      name: 'Accuboormachine',
      inventoryNumber: 'INV-001',
      factoryNumber: 'SN-77',
      manufactureYear: 2019,
      machineTypeId: type.id,
      brandId: brand.id,
      brandTypeId: brandType.id,
      priceCents: 123456,
    },
    // A text a spreadsheet would run as a formula.
    { name: '=HYPERLINK("http://evil.example","klik")', inventoryNumber: 'INV-002', status: 'concept' },
    {
      locationId: hal.id,
      departmentId: dept.id,
      roomId: room.id,
      name: 'Lintzaag',
      inventoryNumber: 'INV-003',
      status: 'inactive',
    },
    { name: 'Oude pers', inventoryNumber: 'INV-004', archivedAt: new Date() },
  ]);
  return { ...c, hal, brand, brandType, type, rows };
}

async function readSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Inventaris');
  expect(sheet, 'sheet "Inventaris"').toBeDefined();
  const rows: unknown[][] = [];
  sheet!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { workbook, sheet: sheet!, rows };
}

describe('inventory export as xlsx', () => {
  it('has a header row and one row per active machine with every field, in the screen sort', async () => {
    const c = await customerWithMachines();
    const res = await t.admin.get(url(c.customer.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="inventaris-${c.customer.customerNumber}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"$`),
    );
    expect(res.headers['cache-control']).toContain('no-store');

    const { rows, workbook } = await readSheet(res.rawPayload);
    expect(workbook.title).toBe(`Inventarislijst ${c.customer.name}`);
    expect(rows[0]).toEqual(HEADERS);
    // Sorted by name; the archived machine is left out as on the screen.
    expect(rows.slice(1).map((r) => r[3])).toEqual([
      '\'=HYPERLINK("http://evil.example","klik")',
      'Accuboormachine',
      'Lintzaag',
    ]);
    const [formula, full, moved] = rows.slice(1);
    expect(full!.slice(0, 12)).toEqual([
      c.location.name,
      c.department.name,
      c.room.name,
      'Accuboormachine',
      c.type.name,
      c.brand.name,
      c.brandType.name,
      'INV-001',
      'SN-77',
      2019,
      'Actief',
      1234.56,
    ]);
    expect(formula![10]).toBe('Concept');
    expect(moved!.slice(0, 3)).toEqual(['Hal 2', 'Zagerij', 'Hoek']);
    expect(moved![10]).toBe('Niet actief');
  });

  it('applies the filters, search, sort and archived toggle of the machines screen', async () => {
    const c = await customerWithMachines();
    const names = async (query: string) => {
      const res = await t.admin.get(url(c.customer.id, `format=xlsx&${query}`));
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      return (await readSheet(res.rawPayload)).rows.slice(1).map((r) => r[3]);
    };
    expect(await names(`location_id=${c.hal.id}`)).toEqual(['Lintzaag']);
    expect(await names('status=active')).toEqual(['Accuboormachine']);
    expect(await names('search=INV-003')).toEqual(['Lintzaag']);
    expect(await names('search=SN-77')).toEqual(['Accuboormachine']);
    expect(await names('archived=1')).toEqual(['Oude pers']);
    expect(await names('sortKey=inventory_number&sortOrder=desc')).toEqual([
      'Lintzaag',
      '\'=HYPERLINK("http://evil.example","klik")',
      'Accuboormachine',
    ]);
    expect(await names('search=bestaat-niet')).toEqual([]);
  });

  it('holds only machines of the customer in the path', async () => {
    const a = await customerWithMachines();
    const b = await createPlacementChain(t.db, uniqueName('Ander bedrijf'));
    await createMachine(t.db, b, { name: 'Vreemde machine', inventoryNumber: 'X' });
    const { rows } = await readSheet((await t.admin.get(url(a.customer.id))).rawPayload);
    expect(rows.flat()).not.toContain('Vreemde machine');
    // A location of customer B as filter of customer A: nothing, and B's place name is not printed.
    const res = await t.admin.get(url(a.customer.id, `format=xlsx&location_id=${b.location.id}`));
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.rows).toHaveLength(1);
    expect(sheet.workbook.description).not.toContain(b.location.name);
  });

  it('streams thousands of machines in batches', async () => {
    const c = await createPlacementChain(t.db, uniqueName('Groot bedrijf'));
    await createMachines(
      t.db,
      c,
      Array.from({ length: 2_500 }, (_, i) => ({
        name: `Machine ${String(i).padStart(5, '0')}`,
        inventoryNumber: `G-${i}`,
      })),
    );
    const { rows } = await readSheet((await t.admin.get(url(c.customer.id))).rawPayload);
    expect(rows).toHaveLength(2_501);
    expect(rows[2_500]![3]).toBe('Machine 02499');
  });
});

describe('inventory export as PDF', () => {
  it('prints the company header, the customer and the machines', async () => {
    const c = await customerWithMachines();
    const res = await t.admin.get(url(c.customer.id, `format=pdf&location_id=${c.location.id}`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="inventaris-.+\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain(t.config.company.name);
    expect(text).toContain('Inventarislijst');
    expect(text).toContain(c.customer.name);
    expect(text).toContain(`Vestiging: ${c.location.name}`);
    expect(text).toContain('Accuboormachine');
    expect(text).toContain('€ 1.234,56');
    expect(text).toContain('2 machines');
    expect(text).not.toContain('Lintzaag');
  });

  it('runs over several pages with the table header on each', async () => {
    const c = await createPlacementChain(t.db, uniqueName('Veel machines'));
    await createMachines(
      t.db,
      c,
      Array.from({ length: 120 }, (_, i) => ({ name: `Pers ${i}`, inventoryNumber: `P-${i}` })),
    );
    const res = await t.admin.get(url(c.customer.id, 'format=pdf'));
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    expect(pdf.numPages).toBeGreaterThan(2);
    const { text } = await extractText(pdf);
    for (const page of text) expect(page).toContain('Inventarisnr.');
    expect(text.at(-1)).toContain('120 machines');
    expect(text.at(-1)).toContain(`Pagina ${pdf.numPages}`);
  });

  it('says so when there are no machines', async () => {
    const c = await createPlacementChain(t.db, uniqueName('Leeg'));
    const res = await t.admin.get(url(c.customer.id, 'format=pdf'));
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true });
    expect(text).toContain('Geen machines gevonden.');
  });
});

describe('inventory export: the latest reports', () => {
  /**
   * A machine with submitted inspection reports (the later one counts), a safety report whose
   * moment is already the next day in Dutch time, and an open maintenance report (not counted).
   */
  async function machineWithReports() {
    const c = await createPlacementChain(t.db, uniqueName('Rapportbedrijf'));
    const machine = await createMachine(t.db, c, { name: 'Gekeurde pers', inventoryNumber: 'R-1' });
    const on = { machineId: machine.id };
    await makeReport(t, c, { ...on, submittedAt: new Date('2025-11-02T10:00:00Z') });
    await makeReport(t, c, { ...on, submittedAt: new Date('2026-03-15T10:00:00Z') });
    await makeReport(t, c, { ...on, type: 'safety', submittedAt: new Date('2026-01-09T23:30:00Z') });
    await makeReport(t, c, { ...on, type: 'maintenance', open: true });
    await createMachine(t.db, c, { name: 'Nieuwe pers', inventoryNumber: 'R-2' });
    return c;
  }

  it('fills the Laatste columns of the xlsx from the submitted reports', async () => {
    const c = await machineWithReports();
    const { rows } = await readSheet((await t.admin.get(url(c.customer.id))).rawPayload);
    const [checked, fresh] = rows.slice(1);
    expect(checked![3]).toBe('Gekeurde pers');
    // Keuring, onderhoud (open only: empty), veiligheid (the next day in Dutch time), keuring/onderhoud (none).
    expect(checked!.slice(12, 16)).toEqual([
      new Date(Date.UTC(2026, 2, 15)),
      undefined,
      new Date(Date.UTC(2026, 0, 10)),
      undefined,
    ]);
    expect(fresh![3]).toBe('Nieuwe pers');
    expect(fresh!.slice(12, 16)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('prints the dates of the latest reports in the PDF', async () => {
    const c = await machineWithReports();
    const res = await t.admin.get(url(c.customer.id, 'format=pdf'));
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true });
    expect(text).toContain('15-03-2026');
    expect(text).toContain('10-01-2026');
    expect(text).not.toContain('02-11-2025');
  });
});

describe('inventory export: refusals', () => {
  it('answers 422 with the errors map for a missing or unknown format and junk filters', async () => {
    const c = await createPlacementChain(t.db);
    for (const [query, field] of [
      ['', 'format'],
      ['format=csv', 'format'],
      ['format=xlsx&status=kapot', 'status'],
      ['format=xlsx&location_id=abc', 'location_id'],
      ['format=xlsx&sortKey=price', 'sortKey'],
      ['format=xlsx&search=a%00b', 'search'],
    ] as const) {
      const res = await t.admin.get(url(c.customer.id, query));
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(errorsOf(res)), query).toContain(field);
    }
  });

  it('answers 404 for a customer that does not exist or a junk id', async () => {
    for (const id of [999_999, 0, 'abc']) {
      const res = await t.admin.get(url(id));
      expect(res.statusCode, String(id)).toBe(404);
    }
  });

  it('is for admins and super admins only: 401 without a session, 403 for other roles', async () => {
    const c = await createPlacementChain(t.db);
    expect((await t.superAdmin.get(url(c.customer.id))).statusCode).toBe(200);
    expect((await t.visitor.get(url(c.customer.id))).statusCode).toBe(401);
    expect((await t.mechanic.get(url(c.customer.id))).statusCode).toBe(403);
    expect((await t.customerA.client.get(url(c.customer.id))).statusCode).toBe(403);
  });
});

describe('inventory export: next due date and state per due type', () => {
  /** A machine type with a keuring (12 months) and a safety (6 months) interval; no maintenance. */
  async function dueMachines() {
    const c = await createPlacementChain(t.db, uniqueName('Termijnbedrijf'));
    const type = await createMachineType(t.db);
    await t.db.insert(inspectionIntervals).values([
      { machineTypeId: type.id, inspectionType: 'inspection', months: 12 },
      { machineTypeId: type.id, inspectionType: 'safety', months: 6 },
    ]);
    const approved = await createMachine(t.db, c, {
      name: 'A gekeurd',
      inventoryNumber: 'D-1',
      machineTypeId: type.id,
    });
    await makeReport(t, c, { machineId: approved.id });
    await createMachine(t.db, c, { name: 'B nooit gekeurd', inventoryNumber: 'D-2', machineTypeId: type.id });
    await createMachine(t.db, c, { name: 'C zonder type', inventoryNumber: 'D-3' });
    return c;
  }

  it('writes the day before which and the state of every due type in the xlsx', async () => {
    const c = await dueMachines();
    const { rows } = await readSheet((await t.admin.get(url(c.customer.id))).rawPayload);
    const today = dutchToday();
    const day = (d: string) => new Date(`${d}T00:00:00Z`);
    const due = (r: unknown[]) => r.slice(16);
    expect(rows[0]!.slice(16)).toEqual(HEADERS.slice(16));
    // Approved today (a report without answers): in order for a year; never for safety: due at once.
    expect(due(rows[1]!)).toEqual([
      day(addMonths(today, 12)),
      'In orde',
      undefined,
      'Geen interval',
      expect.any(Date),
      'Verlopen',
    ]);
    expect(due(rows[2]!)).toEqual([
      expect.any(Date),
      'Verlopen',
      undefined,
      'Geen interval',
      expect.any(Date),
      'Verlopen',
    ]);
    expect(due(rows[3]!)).toEqual([undefined, 'Geen interval', undefined, 'Geen interval', undefined, 'Geen interval']);
  });

  it('prints them in the PDF under "Volgende keuring vóór"', async () => {
    const c = await dueMachines();
    const res = await t.admin.get(url(c.customer.id, 'format=pdf'));
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Volgende keuring vóór');
    expect(text).toContain(`Status volgende keuring per ${dutchToday().split('-').reverse().join('-')}`);
    const lines = text.split('\n');
    const i = lines.findIndex((l) => l.includes('A gekeurd'));
    expect(lines[i]).toContain(addMonths(dutchToday(), 12).split('-').reverse().join('-'));
    expect(lines[i + 1]).toMatch(/In orde\s+—?\s*Verlopen/);
    const never = lines.findIndex((l) => l.includes('B nooit gekeurd'));
    expect(lines[never + 1]).toMatch(/Verlopen\s+Verlopen/);
  });
});
