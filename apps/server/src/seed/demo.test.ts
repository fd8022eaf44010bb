import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Malfunction } from '@keurwijzer/shared/malfunctions';
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
    // The customer's own administrator reaches the users of its customer; a plain customer user does not.
    const beheer = new TestClient(t.app);
    expect((await beheer.login('klantbeheer@example.com', DEMO_PASSWORD)).statusCode).toBe(200);
    const colleagues = await beheer.get('/api/own-users');
    expect(colleagues.statusCode).toBe(200);
    expect(colleagues.json().data.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining(['klant@example.com', 'klantbeheer@example.com']),
    );
    const plain = new TestClient(t.app);
    await plain.login('klant@example.com', DEMO_PASSWORD);
    expect((await plain.get('/api/own-users')).statusCode).toBe(403);
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
      Kolomboormachine: ['Keuring en onderhoud werkplaatsmachine', 'Veiligheidsinspectie werkplaatsmachine'],
      Draaibank: ['Keuring en onderhoud werkplaatsmachine', 'Veiligheidsinspectie werkplaatsmachine'],
      Zaagmachine: ['NEN 3140 Arbeidsmiddelen', 'Veiligheidsinspectie werkplaatsmachine'],
      'Handgereedschap elektrisch': ['NEN 3140 Arbeidsmiddelen'],
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

  it('seeds a NEN 3140 questionnaire with judged options and measurements with units and limits', async () => {
    const rows = <T>(query: ReturnType<typeof sql>) =>
      t.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
    const [nen] = await rows<{ id: number; inspection_type: string; status: string }>(
      sql`select id, inspection_type, status from questionnaires where name = 'NEN 3140 Arbeidsmiddelen'`,
    );
    expect(nen).toMatchObject({ inspection_type: 'inspection', status: 'active' });
    const questions = await rows<{
      category: string;
      name: string;
      kind: string;
      options: string[];
      judgements: string[];
      unit: string | null;
      min: string | null;
      max: string | null;
    }>(
      sql`select c.name as category, q.name, q.kind, q.answer_options as options, q.answer_judgements as judgements,
            q.unit, q.min_value::text as min, q.max_value::text as max
          from questionnaire_categories qc join categories c on c.id = qc.category_id
          join questionnaire_questions qq on qq.questionnaire_category_id = qc.id
          join questions q on q.id = qq.question_id
          where qc.questionnaire_id = ${nen!.id} order by qc.position, qq.position`,
    );
    const measurements = questions
      .filter((q) => q.kind === 'measurement')
      .map((q) => `${q.category}: ${q.name} ${q.min ? `>= ${q.min}` : `<= ${q.max}`} ${q.unit}`);
    expect(measurements).toEqual([
      'Metingen klasse I: Beschermingsleidingweerstand <= 0.30 Ohm',
      'Metingen klasse I: Isolatieweerstand klasse I (500 V DC) >= 1.0 MOhm',
      'Metingen klasse I: Vervangende lekstroom klasse I <= 3.5 mA',
      'Metingen klasse II: Isolatieweerstand klasse II (500 V DC) >= 2.0 MOhm',
      'Metingen klasse II: Vervangende lekstroom klasse II <= 0.5 mA',
      'Aardlekschakelaar: Aardlekschakelaar uitschakeltijd bij 30 mA <= 300 ms',
    ]);
    const visual = questions.filter((q) => q.category === 'Visuele inspectie');
    expect(visual.length).toBeGreaterThanOrEqual(3);
    expect(visual[0]).toMatchObject({
      options: ['Goed', 'Matig', 'Slecht', 'n.v.t.'],
      judgements: ['good', 'remark', 'reject', 'na'],
    });
    // No Ω anywhere (the PDF fonts have none).
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from questions where name like '%Ω%'`))[0]!.n).toBe(
      0,
    );
  });

  it('seeds intervals with one customer and one machine override, and machines in every due state', async () => {
    const rows = <T>(query: ReturnType<typeof sql>) =>
      t.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
    const [facts] = await rows<Record<string, number>>(
      sql`select
        (select count(*) from inspection_intervals)::int as type_intervals,
        (select count(*) from customer_intervals)::int as customer_intervals,
        (select count(*) from machine_intervals)::int as machine_intervals,
        (select count(*) from machine_due where interval_source = 'customer')::int as by_customer,
        (select count(*) from machine_due where interval_source = 'machine')::int as by_machine,
        (select count(distinct machine_id) from machine_due where rejected)::int as rejected,
        (select count(distinct machine_id) from machine_due where not rejected and due_date <= current_date)::int as overdue,
        (select count(distinct machine_id) from machine_due
          where not rejected and due_date > current_date and due_date <= current_date + 30)::int as due_soon,
        (select count(*) from machines m where m.archived_at is null and m.status <> 'inactive'
          and m.next_due_date > current_date + 30 and not m.due_rejected)::int as up_to_date,
        (select count(distinct machine_id) from machine_due where last_report_id is null)::int as never,
        (select count(*) from followups f join machines m on m.id = f.machine_id
          where f.status = 'open' and m.due_rejected)::int as open_followups,
        (select count(*) from followups where status = 'done')::int as closed_followups,
        (select count(*) from reports where status = 'submitted' and verdict is null)::int as without_verdict`,
    );
    expect(facts).toMatchObject({ customer_intervals: 1, machine_intervals: 1, by_machine: 1, without_verdict: 0 });
    expect(facts!.type_intervals).toBeGreaterThanOrEqual(10);
    expect(facts!.by_customer).toBeGreaterThan(0);
    for (const state of [
      'rejected',
      'overdue',
      'due_soon',
      'up_to_date',
      'never',
      'open_followups',
      'closed_followups',
    ])
      expect(facts![state], state).toBeGreaterThan(0);
    // Every verdict occurs.
    const verdicts = await rows<{ verdict: string }>(
      sql`select distinct verdict from reports where status = 'submitted' order by verdict`,
    );
    expect(verdicts.map((v) => v.verdict)).toEqual(['approved', 'approved_with_remarks', 'rejected']);
  });

  it("plans a NEN 3140 keuring for today at the demo location on the demo mechanic's list, with its measurements", async () => {
    const monteur = new TestClient(t.app);
    await monteur.login('monteur@example.com', DEMO_PASSWORD);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Amsterdam' });
    const mine = (await monteur.get('/api/tasklists', { query: { mine: '1', status: 'planned' } })).json()
      .data as (Tasklist & { location_name?: string })[];
    const found: { reportId: number }[] = [];
    for (const list of mine.filter((l) => l.planned_date === today && l.inspection_type === 'inspection')) {
      const detail = (await monteur.get(`/api/tasklists/${list.id}`)).json().data as TasklistDetail;
      for (const m of detail.machines) {
        const report = (await monteur.get(`/api/reports/${m.report_id}`)).json().data as {
          questionnaire_name: string;
          categories: { name: string; questions: { kind: string; unit: string | null }[] }[];
        };
        if (report.questionnaire_name !== 'NEN 3140 Arbeidsmiddelen') continue;
        expect(report.categories.map((c) => c.name)).toContain('Metingen klasse II');
        expect(report.categories.flatMap((c) => c.questions).filter((q) => q.kind === 'measurement')).toHaveLength(6);
        found.push({ reportId: m.report_id });
      }
    }
    expect(found.length).toBeGreaterThanOrEqual(3);
    const [place] = (
      (await t.db.execute(sql`select l.name from reports r join tasklists t on t.id = r.tasklist_id
        join locations l on l.id = t.location_id where r.id = ${found[0]!.reportId}`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows;
    expect(place!.name).toBe('Eindhoven');
  });

  it('seeds malfunctions of the service desk: one urgent with a number to call back, one late; the office list starts with the urgent one', async () => {
    const admin = new TestClient(t.app);
    await admin.login('admin@example.com', DEMO_PASSWORD);
    const count = (await admin.get('/api/malfunctions/open-count')).json().data as { count: number; late: number };
    expect(count).toEqual({ count: 3, late: 1 });
    const list = (await admin.get('/api/malfunctions')).json().data as Malfunction[];
    expect(list[0]).toMatchObject({ urgent: true, contact_phone: '+31 6 12345678', status: 'open', late: false });
    expect(list.filter((m) => m.late)).toHaveLength(1);
    expect(new Set(list.map((m) => m.status))).toEqual(new Set(['open', 'in_progress', 'resolved']));
    for (const m of list) expect(m.respond_by, `${m.id}`).not.toBeNull();
    // The customer's profile number prefills "Bereikbaar op".
    const klant = new TestClient(t.app);
    await klant.login('klant@example.com', DEMO_PASSWORD);
    expect((await klant.get('/api/profile')).json().data.phone).toBe('+31 6 12345678');
  });
});
