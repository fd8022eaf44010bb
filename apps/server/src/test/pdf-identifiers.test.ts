import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { reportsApi } from '../modules/reports/reports.test-helpers';
import { plannedReport } from '../modules/tasklists/tasklists.test-helpers';
import { createLocation, createMachine, createMachines } from './factories';
import { expectWhole, pdfRawText } from './pdf-text';
import { useTestApp } from './use-test-app';

/**
 * A legal record prints every identifier and name whole: every PDF the app makes (the report, the
 * Keuringsoverzicht, the inventory list, the label sheet and the label-printer label; the office's
 * and the customer's) wraps a 40-character inventory number and a 120-character machine name
 * within its cell or label instead of cutting them off with "…". Two inventory numbers that differ
 * only at their end both print whole. Read back with pdftotext in drawing order (-raw), so the lines
 * of a wrapped text follow each other.
 */
const t = useTestApp();
const api = reportsApi(t);

const NAME = (
  'Kolomboormachine met automatische voeding en koelvloeistofsysteem, ' +
  'hal 3 achterin naast de lasrobot, revisie B uit 2019 (zie logboek)'
)
  .padEnd(120, '.')
  .slice(0, 120);
/** Two numbers that differ after their tenth character only; and one without a place to break. */
const INVENTORY = ['INV-2024-HAL3-KOLOMBOOR-REV-B-0001-00001', 'INV-2024-HAL3-KOLOMBOOR-REV-B-0001-00002'];
const UNBROKEN = 'CMPmx58ft2vdlys0a1b2c3d4e5f6g7h8i9j0kLmN';

let place: typeof t.customerA.chain;
let reportId: number;
let machineId: number;

beforeAll(() => {
  expect(NAME).toHaveLength(120);
  for (const n of [...INVENTORY, UNBROKEN]) expect(n).toHaveLength(40);
});

beforeAll(async () => {
  const chain = t.customerA.chain;
  place = { ...chain, location: await createLocation(t.db, chain.customer.id) };
  // The first machine's report runs over more than one page: its later pages' heading and every
  // page's footer carry the name too.
  const planned = await plannedReport(t, place, {
    categories: 4,
    questions: 12,
    values: { name: NAME, inventoryNumber: INVENTORY[0] },
  });
  reportId = planned.reportId;
  machineId = planned.machine.id;
  await api.answerAll(reportId);
  await api.submit(reportId);
  await createMachines(t.db, place, [
    { name: `${NAME.slice(0, 119)}2`, inventoryNumber: INVENTORY[1] },
    { name: `${NAME.slice(0, 119)}3`, inventoryNumber: UNBROKEN },
  ]);
});

function pdfOf(res: LightMyRequestResponse): Buffer {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}

/** The machines' names and numbers are whole in `text`, nothing is cut off. */
function expectAllWhole(text: string, machines: { name: string; inventory: string }[]) {
  for (const m of machines) {
    expectWhole(text, m.name, `name ${m.name.slice(-1)}`);
    expectWhole(text, m.inventory);
  }
}
const ALL = [
  { name: NAME, inventory: INVENTORY[0]! },
  { name: `${NAME.slice(0, 119)}2`, inventory: INVENTORY[1]! },
  { name: `${NAME.slice(0, 119)}3`, inventory: UNBROKEN },
];

describe('identifiers and names are printed whole', () => {
  it("in the report PDF, on every page (the heading of later pages, the footer), the office's and the portal's", async () => {
    for (const [client, url] of [
      [t.admin, `/api/reports/${reportId}/pdf`],
      [t.customerA.client, `/api/machines/${machineId}/reports/${reportId}/pdf`],
    ] as const) {
      const text = pdfRawText(pdfOf(await client.get(url)));
      const pages = text.split('\f').filter((p) => p.trim() !== '');
      expect(pages.length, url).toBeGreaterThan(1);
      for (const page of pages) expectWhole(page, NAME);
      for (const page of pages.slice(1)) expectWhole(page, INVENTORY[0]!);
      expectAllWhole(text, ALL.slice(0, 1));
    }
  });

  it('in the Keuringsoverzicht', async () => {
    for (const [client, url] of [
      [t.admin, `/api/customers/${place.customer.id}/locations/${place.location.id}/keuringsoverzicht.pdf`],
      [t.customerA.client, `/api/locations/${place.location.id}/keuringsoverzicht.pdf`],
    ] as const) {
      expectAllWhole(pdfRawText(pdfOf(await client.get(url))), ALL);
    }
  });

  it('in the inventory list PDF, its column headings too', async () => {
    for (const [client, url] of [
      [t.admin, `/api/customers/${place.customer.id}/machines/export?format=pdf&location_id=${place.location.id}`],
      [t.customerA.client, `/api/machines/export?format=pdf`],
    ] as const) {
      const text = pdfRawText(pdfOf(await client.get(url)));
      expectAllWhole(text, ALL);
      for (const heading of [
        'Plaats',
        'Inventarisnr.',
        'Fabrieksnr.',
        'Bouwjaar',
        'Onderhoud',
        'Veiligheid',
        'Keur./ond.',
      ])
        expectWhole(text, heading);
    }
  });

  it('on the label sheet and the label-printer label', async () => {
    const sheet = pdfRawText(
      pdfOf(await t.admin.get(`/api/customers/${place.customer.id}/locations/${place.location.id}/labels`)),
    );
    expectAllWhole(sheet, ALL);
    expectWhole(sheet, t.config.company.name);
    const roll = pdfRawText(
      pdfOf(
        await t.admin.get(`/api/customers/${place.customer.id}/machines/${machineId}/label`, {
          query: { layout: 'label-62mm' },
        }),
      ),
    );
    expectAllWhole(roll, ALL.slice(0, 1));
    expectWhole(roll, t.config.company.name);
  });
});

describe('rows that grow keep the page breaks and the repeated headings', () => {
  beforeAll(async () => {
    // Enough machines with long names to fill several pages of both lists.
    await createMachines(
      t.db,
      place,
      Array.from({ length: 60 }, (_, i) => ({
        name: `${NAME.slice(0, 110)} nr. ${String(i + 1).padStart(3, '0')}`,
        inventoryNumber: `${INVENTORY[0]!.slice(0, 34)}-${String(i + 1).padStart(5, '0')}-X`,
      })),
    );
    await createMachine(t.db, place, { name: 'Laatste machine', inventoryNumber: 'LAATSTE-1' });
  });

  it('the inventory list and the Keuringsoverzicht: every machine once, whole, the heading on every page', async () => {
    for (const [url, heading] of [
      [`/api/customers/${place.customer.id}/machines/export?format=pdf&location_id=${place.location.id}`, 'Bouwjaar'],
      [
        `/api/customers/${place.customer.id}/locations/${place.location.id}/keuringsoverzicht.pdf`,
        'Volgende keuring vóór',
      ],
    ] as const) {
      const text = pdfRawText(pdfOf(await t.admin.get(url)));
      const pages = text.split('\f').filter((p) => p.trim() !== '');
      expect(pages.length, url).toBeGreaterThan(2);
      for (const page of pages) expect(page, url).toContain(heading);
      for (let i = 1; i <= 60; i++) {
        const number = `${INVENTORY[0]!.slice(0, 34)}-${String(i).padStart(5, '0')}-X`;
        expectWhole(text, number);
        // Once: a row is never split over two pages, nor printed twice.
        const squeezed = text.replace(/\s+/g, '');
        expect(squeezed.split(number).length - 1, number).toBe(1);
      }
      expect(text).toContain('LAATSTE-1');
    }
  });
});
