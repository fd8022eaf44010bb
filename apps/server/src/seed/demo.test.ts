import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { INSPECTION_TYPES } from '@keurwijzer/shared/questionnaires';
import { TASKLIST_STATUSES, type Tasklist, type TasklistDetail } from '@keurwijzer/shared/tasklists';
import { TestClient } from '../test/client';
import { useTestApp } from '../test/use-test-app';
import { loadConfig } from '../config';
import { seedDemo } from './demo';

const t = useTestApp({ signIn: false });

/** The default DEMO_PASSWORD, as README and `npm start` print it. */
const DEMO_PASSWORD = loadConfig({}).demoPassword;

beforeAll(async () => {
  await seedDemo(t.db, { password: DEMO_PASSWORD, scryptLogN: 10 });
});

describe('demo seed', () => {
  it('uses the default of product-decisions.md and refuses one that breaks the password rule, before writing anything', async () => {
    expect(DEMO_PASSWORD).toBe('Demo1234!');
    for (const bad of ['demo1234!', 'Demo12345', 'Demo!']) {
      await expect(seedDemo(t.db, { password: bad, scryptLogN: 10 }), bad).rejects.toThrow(
        /DEMO_PASSWORD does not meet the password rule/,
      );
    }
  });

  it('seeds the accounts of every role and realistic master data with questionnaires of every type', async () => {
    const admin = new TestClient(t.app);
    expect((await admin.login('admin@example.com', DEMO_PASSWORD)).statusCode).toBe(200);
    for (const email of ['superadmin@example.com', 'monteur@example.com', 'klant@example.com', 'klant2@example.com']) {
      expect((await new TestClient(t.app).login(email, DEMO_PASSWORD)).statusCode, email).toBe(200);
    }
    const brands = (await admin.get('/api/brands', { query: { itemsPerPage: '100' } })).json();
    expect(brands.meta.total).toBeGreaterThanOrEqual(10);
    expect(brands.data.map((b: { name: string }) => b.name)).toEqual(
      expect.arrayContaining(['Atlas Copco', 'Makita', 'Kaeser']),
    );
    expect((await admin.get('/api/machine-types')).json().meta.total).toBe(8);
    const customers = (await admin.get('/api/customers')).json();
    expect(customers.meta.total).toBe(3);
    let machines = 0;
    for (const c of customers.data) {
      expect(c.locations_count, c.name).toBeGreaterThanOrEqual(2);
      const all = (await admin.get(`/api/customers/${c.id}/machines`)).json().meta.total;
      const archived = (await admin.get(`/api/customers/${c.id}/machines?archived=1`)).json().meta.total;
      expect(archived, c.name).toBeGreaterThan(0);
      machines += all + archived;
    }
    expect(machines).toBeGreaterThanOrEqual(140);
    expect((await admin.get('/api/machine-concept')).json().meta.total).toBeGreaterThan(0);

    const listRes = await admin.get('/api/questionnaires', { query: { itemsPerPage: '100' } });
    expect(listRes.statusCode, listRes.body).toBe(200);
    const list = listRes.json();
    const types = new Set(list.data.map((q: { inspection_type: string }) => q.inspection_type));
    for (const type of INSPECTION_TYPES) expect(types.has(type), type).toBe(true);
    for (const q of list.data.filter((q: { status: string }) => q.status === 'active')) {
      const detail = (await admin.get(`/api/questionnaires/${q.id}/detail`)).json().data;
      expect(detail.categories.length).toBeGreaterThanOrEqual(4);
      expect(detail.categories.length).toBeLessThanOrEqual(6);
      for (const c of detail.categories) expect(c.questions.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('seeds task lists in every status for every customer, submitted history and a list for today for the demo mechanic', async () => {
    const admin = new TestClient(t.app);
    await admin.login('admin@example.com', DEMO_PASSWORD);
    const customers = (await admin.get('/api/customers')).json().data as { id: number; name: string }[];
    for (const c of customers) {
      for (const status of TASKLIST_STATUSES) {
        const res = await admin.get('/api/tasklists', { query: { customer_id: String(c.id), status } });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().meta.total, `${c.name}: ${status}`).toBeGreaterThan(0);
      }
    }

    // Submitted reports: many machines, two years of dates, several mechanics, skipped categories,
    // one machine not at its place, and the machines' report year from them.
    const [facts] = (
      (await t.db.execute(sql`select
        (select count(distinct machine_id) from reports where status = 'submitted')::int as machines,
        (select count(distinct filled_in_by) from reports where status = 'submitted')::int as mechanics,
        (select (max(submitted_at) - min(submitted_at) > interval '500 days') from reports) as spread,
        (select count(*) from report_categories c join reports r on r.id = c.report_id
          where c.skipped and r.status = 'submitted')::int as skipped,
        (select count(*) from reports where not_at_location and status = 'submitted')::int as not_at_location,
        (select count(*) from machines m where m.report_year = (select extract(year from max(r.submitted_at)
          at time zone 'Europe/Amsterdam') from reports r where r.machine_id = m.id and r.status = 'submitted'))::int
          as report_years,
        (select count(*) from reports r where r.status = 'submitted' and exists(select 1 from report_questions q
          join report_categories c on c.id = q.report_category_id where q.report_id = r.id and not c.skipped
          and not exists(select 1 from report_answers a where a.report_question_id = q.id)))::int as incomplete`)) as unknown as {
        rows: Record<string, number | boolean>[];
      }
    ).rows;
    expect(facts).toMatchObject({ spread: true, not_at_location: 1, incomplete: 0 });
    expect(facts!.machines).toBeGreaterThanOrEqual(100);
    expect(facts!.mechanics).toBeGreaterThanOrEqual(4);
    expect(facts!.skipped).toBeGreaterThan(0);
    expect(facts!.report_years).toBe(facts!.machines);

    // The demo mechanic's list of today: planned, made by them, open reports with questions.
    const monteur = new TestClient(t.app);
    await monteur.login('monteur@example.com', DEMO_PASSWORD);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Amsterdam' });
    const mine = (await monteur.get('/api/tasklists', { query: { mine: '1', status: 'planned' } })).json()
      .data as Tasklist[];
    const todays = mine.find((l) => l.planned_date === today);
    expect(todays, 'a planned list of today').toBeDefined();
    const detail = (await monteur.get(`/api/tasklists/${todays!.id}`)).json().data as TasklistDetail;
    expect(detail.machines.length).toBeGreaterThanOrEqual(3);
    for (const m of detail.machines) {
      expect(m).toMatchObject({ report_status: 'open', answered_count: 0 });
      expect(m.questions_count).toBeGreaterThan(0);
    }
  });

  it('links every machine only to questionnaires of its own machine type, and every report uses one of them', async () => {
    // What fits which machine type (a compressor is never inspected with the forklift's forks and mast).
    const fits: Record<string, string[]> = {
      Compressor: ['Periodieke keuring drukapparatuur compressor', 'Onderhoud schroefcompressor'],
      Heftruck: ['Periodieke keuring heftruck', 'Onderhoud heftruck en stapelaar'],
      Stapelaar: ['Periodieke keuring heftruck', 'Onderhoud heftruck en stapelaar'],
      Kolomboormachine: ['Keuring en onderhoud werkplaatsmachine', 'NEN 3140 keuring elektrisch gereedschap'],
      Draaibank: ['Keuring en onderhoud werkplaatsmachine'],
      Zaagmachine: ['NEN 3140 keuring elektrisch gereedschap', 'Keuring en onderhoud werkplaatsmachine'],
      'Handgereedschap elektrisch': ['NEN 3140 keuring elektrisch gereedschap'],
    };
    const rows = <T>(query: ReturnType<typeof sql>) =>
      t.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
    const links = await rows<{ inventory_number: string; machine_type: string | null; questionnaire: string }>(
      sql`select m.inventory_number, mt.name as machine_type, q.name as questionnaire
          from machine_questionnaires mq join machines m on m.id = mq.machine_id
          left join machine_types mt on mt.id = m.machine_type_id join questionnaires q on q.id = mq.questionnaire_id`,
    );
    const reports = await rows<{ inventory_number: string; machine_type: string | null; questionnaire: string }>(
      sql`select m.inventory_number, mt.name as machine_type, r.questionnaire_name as questionnaire
          from reports r join machines m on m.id = r.machine_id left join machine_types mt on mt.id = m.machine_type_id`,
    );
    expect(links.length).toBeGreaterThan(100);
    expect(reports.length).toBeGreaterThan(100);
    for (const r of [...links, ...reports]) {
      expect(fits[r.machine_type ?? ''] ?? [], `${r.inventory_number} (${r.machine_type})`).toContain(r.questionnaire);
    }
    // The compressor of the issue.
    const compressor = reports.filter((r) => r.inventory_number === 'INV-01001').map((r) => r.questionnaire);
    expect(compressor.length).toBeGreaterThan(0);
    expect(compressor).not.toContain('Periodieke keuring heftruck');
  });
});
