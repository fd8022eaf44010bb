import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import {
  CompletedReportSchema,
  CompletedReportListQuerySchema,
  type CompletedReport,
} from '@keurwijzer/shared/reports';
import { LIMIT_TEXT, TEXT } from '@keurwijzer/shared/texts';
import { reports } from '../../db/schema/tasklists';
import {
  createLocation,
  createMachines,
  createPlacementChain,
  uniqueName,
  type PlacementChain,
} from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { createCompletedReportsRepository } from './completed-reports.repository';
import { makeReport, reportRows } from './completed-reports.test-helpers';

/**
 * GET /api/completed-reports and its xlsx export: the submitted reports of every customer for
 * the office (reports.view), search, filters, sort, paging, the total, and who may see them.
 */
const t = useTestApp();
const C = '/api/completed-reports';

async function page(query: string, client = t.admin) {
  const res = await client.get(`${C}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: unknown[]; meta: { total: number; lastPage: number; page: number } };
  return { rows: body.data.map((x) => CompletedReportSchema.strict().parse(x)), meta: body.meta };
}
const ids = (rows: CompletedReport[]) => rows.map((r) => r.id);

/**
 * A customer with a second location and four reports: three submitted (different days, types,
 * mechanics, flags, skipped categories) and one open.
 */
async function customerWithReports(name = uniqueName('Rapportklant')) {
  const c = await createPlacementChain(t.db, name);
  const hal = await createLocation(t.db, c.customer.id, uniqueName('Hal'));
  const piet = (await t.signIn('mechanic', { firstName: 'Piet', preposition: 'van', lastName: uniqueName('Dijk') }))
    .user;
  const anna = (await t.signIn('mechanic', { firstName: 'Anna', lastName: uniqueName('Bakker') })).user;
  const day = (d: number) => new Date(Date.UTC(2026, 2, d, 9, 30));
  const oldest = await makeReport(t, c, {
    submittedAt: day(1),
    mechanicId: piet.id,
    machine: { name: uniqueName('Kolomboor'), inventoryNumber: uniqueName('KB') },
  });
  const middle = await makeReport(
    t,
    { customer: c.customer, location: hal },
    {
      type: 'safety',
      submittedAt: day(2),
      mechanicId: anna.id,
      notAtLocation: true,
      skip: 2,
      machine: { name: uniqueName('Lintzaag'), inventoryNumber: uniqueName('LZ') },
    },
  );
  const newest = await makeReport(t, c, {
    type: 'maintenance',
    submittedAt: day(3),
    mechanicId: piet.id,
    skip: 1,
    machine: { name: uniqueName('Afkortzaag'), inventoryNumber: uniqueName('AZ') },
  });
  const open = await makeReport(t, c, { open: true });
  return { c, hal, piet, anna, oldest, middle, newest, open };
}

describe('GET /api/completed-reports', () => {
  it('lists the submitted reports newest first with their names and flags, never an open one', async () => {
    const s = await customerWithReports();
    const { rows, meta } = await page(`customer_id=${s.c.customer.id}`);
    expect(ids(rows)).toEqual([s.newest.reportId, s.middle.reportId, s.oldest.reportId]);
    expect(meta.total).toBe(3);
    const middle = rows[1]!;
    expect(middle).toMatchObject({
      customer_id: s.c.customer.id,
      customer_name: s.c.customer.name,
      location_name: s.hal.name,
      machine_id: s.middle.machineId,
      inspection_type: 'safety',
      submitted_at: '2026-03-02T09:30:00.000Z',
      filled_in_by: s.anna.id,
      filled_in_by_name: `Anna ${s.anna.lastName}`,
      not_at_location: true,
      skipped_count: 2,
    });
    expect(middle.machine_name).toMatch(/^Lintzaag/);
    expect(rows[0]!.filled_in_by_name).toBe(`Piet van ${s.piet.lastName}`);
    expect(rows[0]!.skipped_count).toBe(1);
    expect(rows[2]!.not_at_location).toBe(false);
    expect(ids(rows)).not.toContain(s.open.reportId);
  });

  it('filters by customer, type, mechanic and flag, searches, sorts and pages', async () => {
    const s = await customerWithReports();
    const only = `customer_id=${s.c.customer.id}`;
    const list = async (q: string) => ids((await page(`${only}&${q}`)).rows);
    expect(await list('inspection_type=safety')).toEqual([s.middle.reportId]);
    expect(await list(`mechanic_id=${s.piet.id}`)).toEqual([s.newest.reportId, s.oldest.reportId]);
    expect(await list('not_at_location=1')).toEqual([s.middle.reportId]);
    expect(await list('not_at_location=0')).toEqual([s.newest.reportId, s.oldest.reportId]);
    expect(await list('sortOrder=asc')).toEqual([s.oldest.reportId, s.middle.reportId, s.newest.reportId]);
    // Search over customer, location, machine, inventory number and mechanic.
    const [oldest] = (await page(`${only}&sortOrder=asc&itemsPerPage=1`)).rows;
    for (const [term, expected] of [
      [s.c.customer.name, [s.newest.reportId, s.middle.reportId, s.oldest.reportId]],
      [s.hal.name, [s.middle.reportId]],
      [oldest!.machine_name, [s.oldest.reportId]],
      [oldest!.inventory_number.toLowerCase(), [s.oldest.reportId]],
      [s.anna.lastName, [s.middle.reportId]],
      [`Piet van ${s.piet.lastName}`, [s.newest.reportId, s.oldest.reportId]],
    ] as const) {
      expect(ids((await page(`search=${encodeURIComponent(term)}`)).rows), term).toEqual(expected);
    }
    expect(await list('search=bestaat-nergens')).toEqual([]);
    // Sorts by a name, both ways.
    expect(await list('sortKey=machine&sortOrder=asc')).toEqual([
      s.newest.reportId, // Afkortzaag
      s.oldest.reportId, // Kolomboor
      s.middle.reportId, // Lintzaag
    ]);
    // Anna before Piet; Piet's two in id order (the oldest was made first).
    expect(await list('sortKey=mechanic&sortOrder=asc')).toEqual([
      s.middle.reportId,
      s.oldest.reportId,
      s.newest.reportId,
    ]);
    expect((await list('sortKey=location&sortOrder=asc'))[0]).toBe(s.middle.reportId); // Hal before Vestiging
    expect(await list('sortKey=inspection_type&sortOrder=asc')).toEqual([
      s.oldest.reportId, // inspection
      s.newest.reportId, // maintenance
      s.middle.reportId, // safety
    ]);
    expect((await list('sortKey=customer')).length).toBe(3);
    // Paging: the total on every page, and past the last page.
    const second = await page(`${only}&itemsPerPage=2&page=2`);
    expect(ids(second.rows)).toEqual([s.oldest.reportId]);
    expect(second.meta).toMatchObject({ total: 3, lastPage: 2, page: 2 });
    const beyond = await page(`${only}&itemsPerPage=2&page=5`);
    expect(beyond.rows).toEqual([]);
    expect(beyond.meta.total).toBe(3);
    const searchedBeyond = await page(`search=${encodeURIComponent(s.hal.name)}&page=3`);
    expect(searchedBeyond.meta.total).toBe(1);
  });

  it("keeps customers apart: A's filter never shows B's reports", async () => {
    const a = await customerWithReports(uniqueName('Klant A'));
    const b = await customerWithReports(uniqueName('Klant B'));
    const { rows } = await page(`customer_id=${a.c.customer.id}&itemsPerPage=100`);
    expect(rows.every((r) => r.customer_id === a.c.customer.id)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(b.c.customer.name);
    const searched = await page(`search=${encodeURIComponent(b.c.customer.name)}`);
    expect(searched.rows.every((r) => r.customer_id === b.c.customer.id)).toBe(true);
    expect(searched.meta.total).toBe(3);
  });

  it('answers 422 with the errors map for junk in the query', async () => {
    for (const [query, field] of [
      ['sortKey=price', 'sortKey'],
      ['sortOrder=up', 'sortOrder'],
      ['customer_id=abc', 'customer_id'],
      ['mechanic_id=-1', 'mechanic_id'],
      ['inspection_type=apk', 'inspection_type'],
      ['not_at_location=misschien', 'not_at_location'],
      ['verdict=fout', 'verdict'],
      ['page=0', 'page'],
      ['itemsPerPage=500', 'itemsPerPage'],
      ['search=a%00b', 'search'],
    ] as const) {
      for (const url of [C, `${C}/export`]) {
        if (url.endsWith('export') && (field === 'page' || field === 'itemsPerPage')) continue;
        const res = await t.admin.get(`${url}?${query}`);
        expect(res.statusCode, `${url}?${query}`).toBe(422);
        expect(Object.keys(errorsOf(res)), query).toContain(field);
      }
    }
  });

  it('sends the session lookup and one statement, however many rows (and one more past the last page)', async () => {
    await customerWithReports();
    await customerWithReports();
    for (const query of ['', 'search=a', 'sortKey=customer', 'inspection_type=safety&mechanic_id=1']) {
      const statements = await t.expectConstantStatements(
        `${C}?itemsPerPage=1&${query}`,
        `${C}?itemsPerPage=50&${query}`,
        2,
      );
      expect(
        statements.filter((s) => /reports/.test(s)),
        query,
      ).toHaveLength(1);
    }
  });
});

describe('the total', () => {
  it("counts a filtered list; the whole list beyond the cap is PostgreSQL's estimate of the index", async () => {
    const s = await customerWithReports();
    const repo = createCompletedReportsRepository(t.db, { countCap: 2 });
    const q = (extra: Record<string, string> = {}) =>
      CompletedReportListQuerySchema.parse({ itemsPerPage: '1', ...extra });
    const submitted = async () =>
      (
        (await t.db.execute(sql`select count(*)::int as n from reports where status = 'submitted'`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    const n = await submitted();
    const mine = { customer_id: String(s.c.customer.id) };
    expect((await repo.list(q({ ...mine, inspection_type: 'safety' }))).meta.total).toBe(1);
    expect((await repo.list(q(mine))).meta.total).toBe(3);
    expect((await repo.list(q({ search: s.c.customer.name }))).meta.total).toBe(3);
    // After ANALYZE the statistics hold the real number of entries of the partial index.
    await t.db.execute(sql`analyze reports`);
    expect((await repo.list(q())).meta.total).toBe(n);
    // A report submitted since is counted in a filtered list at once, in the whole list's
    // estimate only after the next ANALYZE (autovacuum); past the last page too.
    await makeReport(t, s.c, { submittedAt: new Date() });
    expect(await submitted()).toBe(n + 1);
    expect((await repo.list(q(mine))).meta.total).toBe(4);
    expect((await repo.list(q())).meta.total).toBe(n);
    expect((await repo.list(q({ page: '999999' }))).meta.total).toBe(n);
    await t.db.execute(sql`analyze reports`);
    expect((await repo.list(q())).meta.total).toBe(n + 1);
    // With the default cap these few reports are counted, never estimated.
    expect((await page('itemsPerPage=1')).meta.total).toBe(n + 1);
  });
});

describe('the total of a customer or an inspection type', () => {
  it("is exact at once: the lists' kept submitted counts, matching a count of the reports", async () => {
    const s = await customerWithReports();
    const repo = createCompletedReportsRepository(t.db);
    const total = async (extra: Record<string, string>) =>
      (await repo.list(CompletedReportListQuerySchema.parse({ itemsPerPage: '1', ...extra }))).meta.total;
    // Counted over the reports and their task lists (not over the reports' copies).
    const counted = async (where: SQL) =>
      (
        (await t.db.execute(
          sql`select count(*)::int as n from reports r join tasklists t on t.id = r.tasklist_id
            where r.status = 'submitted' and ${where}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    const safety = { inspection_type: 'safety' };
    const mine = { customer_id: String(s.c.customer.id) };
    const before = await counted(sql`t.inspection_type = 'safety'`);
    expect(before).toBeGreaterThan(0);
    expect(await total(safety)).toBe(before);
    expect(await total(mine)).toBe(await counted(sql`t.customer_id = ${s.c.customer.id}`));
    // A submitted report counts at once, an open one not at all; the page shows the new one first.
    const made = await makeReport(t, s.c, { type: 'safety', submittedAt: new Date() });
    await makeReport(t, s.c, { type: 'safety', open: true });
    expect(await counted(sql`t.inspection_type = 'safety'`)).toBe(before + 1);
    expect(await total(safety)).toBe(before + 1);
    expect(await total({ ...mine, ...safety })).toBe(2);
    const page = JSON.parse(
      (await repo.list(CompletedReportListQuerySchema.parse({ itemsPerPage: '1', ...safety, ...mine }))).dataJson,
    ) as { id: number }[];
    expect(page.map((r) => r.id)).toEqual([made.reportId]);
  });
});

async function readSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Afgeronde rapporten');
  expect(sheet, 'sheet "Afgeronde rapporten"').toBeDefined();
  const rows: unknown[][] = [];
  sheet!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { workbook, sheet: sheet!, rows };
}

const HEADERS = [
  'Klant',
  'Vestiging',
  'Machine',
  'Inventarisnummer',
  'Type',
  'Vragenlijst',
  'Ingediend op',
  'Monteur',
  'Niet op aangegeven plaats',
  'Overgeslagen categorieën',
  'Oordeel',
];

describe('GET /api/completed-reports/export', () => {
  it('writes the filtered, sorted list as xlsx with Dutch labels, a date-time cell and escaped formulas', async () => {
    const s = await customerWithReports();
    const formula = await makeReport(t, s.c, {
      submittedAt: new Date(Date.UTC(2026, 0, 15, 23, 30)),
      machine: { name: '=HYPERLINK("http://evil.example","klik")', inventoryNumber: uniqueName('+X') },
    });
    const res = await t.admin.get(`${C}/export?customer_id=${s.c.customer.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="afgeronde-rapporten-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const { rows } = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual(HEADERS);
    expect(rows).toHaveLength(5);
    const [, newest, middle, oldest, last] = rows;
    expect(newest![0]).toBe(s.c.customer.name);
    expect(newest![4]).toBe('Onderhoud');
    expect(middle![1]).toBe(s.hal.name);
    expect(middle![4]).toBe('Veiligheid');
    // 2 March 2026 09:30 UTC is 10:30 in Amsterdam: the cell shows Dutch time.
    expect(middle![6]).toEqual(new Date(Date.UTC(2026, 2, 2, 10, 30)));
    expect(middle![7]).toBe(`Anna ${s.anna.lastName}`);
    expect(middle![8]).toBe('Ja');
    expect(middle![9]).toBe(s.middle.skippedNames.join(', '));
    expect(oldest![8]).toBe('Nee');
    expect(oldest![9]).toBeUndefined();
    expect(oldest![4]).toBe('Keuring');
    // Oldest last; its formula-like texts start with an apostrophe.
    expect(last![2]).toBe('\'=HYPERLINK("http://evil.example","klik")');
    expect(String(last![3])).toMatch(/^'\+X/);
    expect(last![6]).toEqual(new Date(Date.UTC(2026, 0, 16, 0, 30)));
    expect(formula.reportId).toBeGreaterThan(0);
    // The date-time cell has a date-time format.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Afgeronde rapporten')!.getCell('G2').numFmt).toBe('dd-mm-yyyy hh:mm');
  });

  it('applies search, filters and sort, and holds only the customer filtered on', async () => {
    const a = await customerWithReports(uniqueName('Klant A'));
    const b = await customerWithReports(uniqueName('Klant B'));
    const names = async (query: string) => {
      const res = await t.admin.get(`${C}/export?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (await readSheet(res.rawPayload)).rows.slice(1);
    };
    const onlyA = await names(`customer_id=${a.c.customer.id}`);
    expect(onlyA.map((r) => r[0])).toEqual([a.c.customer.name, a.c.customer.name, a.c.customer.name]);
    expect(JSON.stringify(onlyA)).not.toContain(b.c.customer.name);
    expect((await names(`customer_id=${a.c.customer.id}&inspection_type=safety`)).map((r) => r[4])).toEqual([
      'Veiligheid',
    ]);
    expect((await names(`search=${encodeURIComponent(b.anna.lastName)}`)).map((r) => r[0])).toEqual([
      b.c.customer.name,
    ]);
    const sorted = await names(`customer_id=${a.c.customer.id}&sortKey=machine&sortOrder=desc`);
    expect(sorted.map((r) => String(r[2]).split(' ')[0])).toEqual(['Lintzaag', 'Kolomboor', 'Afkortzaag']);
    expect(await names('search=bestaat-nergens')).toEqual([]);
  });

  it('runs two exports of one user at once; a third answers 429 until one has finished', async () => {
    // Enough reports that a download nobody reads stays open (it streams only as fast as it is read).
    const c = await createPlacementChain(t.db, uniqueName('Veel rapporten'));
    const made = await makeReport(t, c);
    const many = await createMachines(
      t.db,
      c,
      Array.from({ length: 1500 }, (_, i) => ({ name: `Machine ${i}`, inventoryNumber: `VR-${c.customer.id}-${i}` })),
    );
    await t.db.insert(reports).values(
      many.map((m) => ({
        tasklistId: made.tasklistId,
        customerId: c.customer.id,
        inspectionType: 'inspection' as const,
        machineId: m.id,
        questionnaireName: 'Vragenlijst',
        status: 'submitted' as const,
        submittedAt: new Date(),
        // Written straight in: what the report_verdict trigger of a submit leaves behind.
        verdict: 'approved' as const,
        derivedVerdict: 'approved' as const,
      })),
    );
    const started = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${C}/export`,
        headers: t.superAdmin.authHeaders(),
        payloadAsStream: true,
      });
      expect(res.statusCode).toBe(200);
      return res.stream() as Readable;
    };
    const first = await started();
    const second = await started();
    const third = await t.superAdmin.get(`${C}/export`);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: LIMIT_TEXT.tooManyExports, errors: {} });
    expect((await t.admin.get(`${C}/export`)).statusCode).toBe(200);
    for await (const chunk of first) void chunk;
    for await (const chunk of second) void chunk;
    expect((await t.superAdmin.get(`${C}/export`)).statusCode).toBe(200);
  });
});

describe('who may see completed reports', () => {
  const urls = [`${C}`, `${C}?search=a`, `${C}/export`];

  it('lets admins and super admins through, without a CSRF token (GETs)', async () => {
    for (const client of [t.admin, t.superAdmin]) {
      for (const url of urls) {
        const res = await client.get(url, { csrf: false });
        expect(res.statusCode, url).toBe(200);
      }
    }
  });

  it('answers 401 without a session and 403 to mechanics and the customer users of both customers', async () => {
    const a = await makeReport(t, t.customerA.chain as PlacementChain);
    const b = await makeReport(t, t.customerB.chain as PlacementChain);
    const before = await reportRows(t);
    for (const url of urls) {
      const anonymous = await t.visitor.get(url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toEqual({ message: TEXT.unauthenticated, errors: {} });
      for (const client of [t.mechanic, t.customerA.client, t.customerB.client]) {
        const res = await client.get(url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toEqual({ message: TEXT.forbidden, errors: {} });
        expect(res.body).not.toContain(t.customerA.chain.customer.name);
        expect(res.body).not.toContain(t.customerB.chain.customer.name);
      }
    }
    expect(await reportRows(t)).toEqual(before);
    expect(a.reportId).not.toBe(b.reportId);
  });

  it('has no item routes: an unknown path under it is a 404', async () => {
    expect((await t.admin.get(`${C}/999999`)).statusCode).toBe(404);
  });
});
