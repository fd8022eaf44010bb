import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { hashPassword } from '../../src/lib/password';
import { BENCH_PASSWORD, benchEmail, login, type Finding, type Scenario } from '../lib';
import { n, pathGroups, rowsOf } from './tasklists';

/*
 * Planning and compliance at scale: 100,000 machines and 400,000
 * submitted reports with verdicts, their due rows (machine_due) and the machines' summary
 * (next_due_date, due_rejected), generated set-based (generate_series).
 *
 * 1,000 customers: one big one (CO-00000, the customer user the summary is measured as) with 50
 * locations of 100 machines (5,000), the other 999 with 2 locations sharing 95,000 machines.
 * 8 machine types of their own with intervals (inspection 12 months, types 1-2 6 months;
 * maintenance 12 for types 1-4; safety 24 for types 5-8), so each machine has 2 due types. Every
 * machine has 2 submitted reports per due type (4 each, 400,000): the last one an interval before
 * a due date spread per location and type over [today - 150, today + 350) days with a few days per
 * machine on top, so ~30 % overdue, ~6 % due within 30 days, the rest up to date; 5 % of the last
 * reports (and 5 % of the older ones) Afgekeurd, each with a follow-up (the last ones' open, the
 * older ones' done, as a passing re-inspection closes them). 1 % of the machines Niet actief and 1 %
 * archived (no due rows). Reports sit on task lists per location, due type and round (12,300).
 *
 * For speed the due triggers are off during the bulk load (machine_due_inserted on machines; the
 * reports are inserted as submitted, so report_verdict/report_submitted, which fire on the UPDATE
 * that submits, do not run: the verdict, derived verdict and next due date are written in the
 * insert); then refresh_machine_due, the triggers' own function, fills machine_due and the
 * machines' summary in batches of 5,000 machines, and the triggers go back on.
 *
 * Measured at 20 connections, each path on its own: the office home (GET /api/overview, admin),
 * the cross-customer overdue list (GET /api/due?state=overdue), the big customer's machine list
 * filtered on overdue (GET /api/customers/:id/machines?due_state=overdue) and the customer's
 * summary (GET /api/machines/summary, as the big customer's user). Goals: home p95 <= 50 ms,
 * filtered lists p95 <= 30 ms.
 */

const CUSTOMERS = 999;
const LOCATIONS = 2;
const MACHINES = 95_000;
const BIG_LOCATIONS = 50;
const BIG_MACHINES_PER_LOCATION = 100;
export const COMPLIANCE_MACHINES = MACHINES + BIG_LOCATIONS * BIG_MACHINES_PER_LOCATION;
const TYPES = 8;
const REFRESH_BATCH = 5_000;
export const HOME_GOAL_MS = 50;
export const LIST_GOAL_MS = 30;
export const complianceCustomerEmail = 'bench-compliance-klant@example.com';

/** What the paths and measurements need (set by `seed`, per database in turn). */
export const compliancePicked = { bigCustomer: 0 };

/** The office home and the filtered lists (paths), for the scenario, its measure and the ratio bench. */
export const compliancePaths = {
  home: '/api/overview',
  due: '/api/due?state=overdue',
  customerOverdue: () => `/api/customers/${compliancePicked.bigCustomer}/machines?due_state=overdue`,
  summary: '/api/machines/summary',
};

const DUE_TRIGGERS: [table: string, trigger: string][] = [
  ['machines', 'machine_due_inserted'],
  ['machines', 'machine_due_updated'],
  ['reports', 'report_verdict'],
  ['reports', 'report_submitted'],
];

type Step = (label: string, query: SQL) => Promise<void>;

/** The machine types with their intervals, the customers, their locations and machines. */
async function seedMachines(step: Step) {
  await step(
    `${TYPES} machine types with intervals`,
    sql`with t as (
        insert into machine_types (name) select 'Keuringsklasse ' || g from generate_series(1, ${n(TYPES)}) g
        returning id, (regexp_match(name, '\\d+$'))[1]::int as k
      )
      insert into inspection_intervals (machine_type_id, inspection_type, months)
      select t.id, 'inspection', case when t.k <= 2 then 6 else 12 end from t
      union all select t.id, 'maintenance', 12 from t where t.k <= 4
      union all select t.id, 'safety', 24 from t where t.k > 4`,
  );
  const typeOf = sql`(select id from machine_types where name = 'Keuringsklasse ' || (1 + m.n % ${n(TYPES)}))`;
  await step(
    `${(CUSTOMERS + 1).toLocaleString('en')} customers, ${COMPLIANCE_MACHINES.toLocaleString('en')} machines`,
    sql`with c as (
        insert into customers (name, customer_number, city)
        select 'Keuringsklant ' || g || ' B.V.', 'CO-' || lpad(g::text, 5, '0'), 'Amersfoort'
        from generate_series(0, ${n(CUSTOMERS)}) g returning id, customer_number
      ), l as (
        insert into locations (customer_id, name, street, house_number, postcode, city)
        select c.id, 'Vestiging ' || k, 'Stationsweg', k::text, '3811 AB', 'Amersfoort'
        from c cross join generate_series(1, case when c.customer_number = 'CO-00000' then ${n(BIG_LOCATIONS)} else ${n(LOCATIONS)} end) k
        returning id, customer_id
      ), big as (
        select l.* from l join c on c.id = l.customer_id where c.customer_number = 'CO-00000'
      ), small as (
        select l.*, (row_number() over (order by l.id) - 1)::int as i
        from l join c on c.id = l.customer_id where c.customer_number <> 'CO-00000'
      ), m as (
        select big.customer_id, big.id as location_id, (1000000 + big.id * 1000 + k) as n
        from big cross join generate_series(1, ${n(BIG_MACHINES_PER_LOCATION)}) k
        union all
        select small.customer_id, small.id, g
        from generate_series(1, ${n(MACHINES)}) g
        join small on small.i = (g - 1) % ${n(CUSTOMERS * LOCATIONS)}
      )
      insert into machines (customer_id, location_id, name, inventory_number, machine_type_id, status, archived_at)
      select m.customer_id, m.location_id, 'Arbeidsmiddel ' || m.n, 'CO-' || m.n, ${typeOf},
        case when m.n % 97 = 0 then 'inactive' else 'active' end,
        case when m.n % 89 = 0 then now() end
      from m`,
  );
  // Fresh statistics for the statements below (a bulk load leaves the planner guessing).
  await step('analyze', sql`analyze customers, locations, machines, machine_types, inspection_intervals`);
}

/** Per machine two rounds of submitted reports with their task lists and follow-ups, then machine_due. */
async function seedHistory(db: Db, step: Step, ours: SQL) {
  // Per machine its two due types and the due date its last report gives: one per location and
  // due type (its task lists), a few days per machine on top. A work table, dropped below.
  await step(
    'due plan per machine and due type',
    sql`create table bench_compliance_due as
      select m.id, m.customer_id, m.location_id, t.type, iv.months, l.due as location_due,
        (l.due + (m.id % 9 - 4))::date as due,
        (hashint4(m.id * 8 + t.k) & 2147483647) as h
      from machines m
      cross join (values ('inspection', 1), ('maintenance', 2), ('safety', 3)) t(type, k)
      join inspection_intervals iv on iv.machine_type_id = m.machine_type_id and iv.inspection_type = t.type
      cross join lateral (select (current_date + ((hashint4(m.location_id * 4 + t.k) & 2147483647) % 500 - 150))::date as due) l
      where m.customer_id in ${ours}`,
  );
  const mechanic = sql`(select id from users where email = ${benchEmail('mechanic')})`;
  const rounds = sql`(values (1), (2)) r(r)`;
  await step(
    'task lists per location, due type and round',
    sql`insert into tasklists (customer_id, location_id, inspection_type, planned_date, created_by)
      select distinct d.customer_id, d.location_id, d.type,
        (d.location_due - make_interval(months => d.months * r.r))::date, ${mechanic}
      from bench_compliance_due d cross join ${rounds}`,
  );
  // Afgekeurd: 5 % of the last reports (r = 1) and of the older ones (r = 2); Opmerkingen 25 %.
  await step(
    `${(COMPLIANCE_MACHINES * 4).toLocaleString('en')} submitted reports with verdicts`,
    sql`insert into reports (tasklist_id, customer_id, inspection_type, machine_id, questionnaire_name, status,
        filled_in_by, submitted_at, verdict, derived_verdict, next_due_date)
      select t.id, d.customer_id, d.type, d.id, 'Keuring compliance-bench', 'submitted', ${mechanic},
        ((d.due - make_interval(months => d.months * r.r))::date + time '10:00') at time zone 'Europe/Amsterdam',
        v.verdict, v.verdict, (d.due - make_interval(months => d.months * (r.r - 1)))::date
      from bench_compliance_due d
      cross join ${rounds}
      cross join lateral (select case
          when (d.h + r.r * 7) % 20 = 0 then 'rejected'
          when (d.h + r.r * 7) % 4 = 1 then 'approved_with_remarks'
          else 'approved' end as verdict) v
      join tasklists t on t.location_id = d.location_id and t.inspection_type = d.type
        and t.planned_date = (d.location_due - make_interval(months => d.months * r.r))::date`,
  );
  await step('analyze', sql`analyze bench_compliance_due, tasklists, reports`);
  // A follow-up per rejected report (the question that failed): open for the last reports,
  // done (closed by the passing re-inspection) for the older ones.
  const rejected = sql`(select r.id, r.machine_id, r.customer_id, r.inspection_type, r.submitted_at,
      exists(select 1 from reports l where l.machine_id = r.machine_id and l.inspection_type = r.inspection_type
        and l.submitted_at > r.submitted_at) as older
    from reports r where r.verdict = 'rejected' and r.customer_id in ${ours})`;
  await step(
    'report copies of the rejected question',
    sql`with c as (
        insert into report_categories (report_id, name, position)
        select id, 'Visuele inspectie', 1 from reports where verdict = 'rejected' and customer_id in ${ours}
        returning id, report_id
      )
      insert into report_questions (report_id, report_category_id, name, answer_options, answer_judgements, memo_title, position)
      select c.report_id, c.id, 'Behuizing zonder scheuren of beschadigingen', '{Goed,Matig,Slecht,n.v.t.}',
        '{good,remark,reject,na}', 'Toelichting', 1
      from c`,
  );
  await step(
    'follow-ups of the rejected reports',
    sql`insert into followups (report_id, report_question_id, machine_id, customer_id, inspection_type, status,
        done_by, done_at, done_note, created_at)
      select x.id, q.id, x.machine_id, x.customer_id, x.inspection_type,
        case when x.older then 'done' else 'open' end,
        case when x.older then ${mechanic} end,
        case when x.older then x.submitted_at + interval '14 days' end,
        case when x.older then 'Herkeuring goedgekeurd' end,
        x.submitted_at
      from ${rejected} x join report_questions q on q.report_id = x.id`,
  );
  await step('drop the due plan', sql`drop table bench_compliance_due`);
  await step('analyze', sql`analyze report_categories, report_questions, followups`);
  const ids = await rowsOf<{ lo: number; hi: number }>(
    db,
    sql`select min(id) as lo, max(id) as hi from machines where customer_id in ${ours}`,
  );
  const t = Date.now();
  for (let lo = ids[0]!.lo; lo <= ids[0]!.hi; lo += REFRESH_BATCH) {
    await db.execute(
      sql`select refresh_machine_due(array(select id from machines where id between ${lo} and ${lo + REFRESH_BATCH - 1}))`,
    );
  }
  console.log(
    `  compliance seed: machine_due by refresh_machine_due in batches of ${REFRESH_BATCH.toLocaleString('en')} (${((Date.now() - t) / 1000).toFixed(1)} s)`,
  );
}

/** What the seed made, counted. */
async function logFacts(db: Db, ours: SQL, bigCustomer: number, started: number) {
  const [facts] = await rowsOf<Record<string, number>>(
    db,
    sql`select
      (select count(*) from machines where customer_id in ${ours})::int as machines,
      (select count(*) from reports where customer_id in ${ours})::int as reports,
      (select count(*) from reports where customer_id in ${ours} and verdict = 'rejected')::int as rejected_reports,
      (select count(*) from machine_due where customer_id in ${ours})::int as due_rows,
      (select count(*) from machine_due where customer_id in ${ours} and rejected)::int as rejected,
      (select count(*) from machine_due where customer_id in ${ours} and not rejected and due_date <= current_date)::int as overdue,
      (select count(*) from machine_due where customer_id in ${ours} and not rejected
        and due_date > current_date and due_date <= current_date + 30)::int as due_soon,
      (select count(*) from machine_due where customer_id in ${ours} and not rejected and due_date > current_date + 30)::int as up_to_date,
      (select count(*) from followups where customer_id in ${ours} and status = 'open')::int as open_followups,
      (select count(*) from machines where customer_id = ${bigCustomer} and archived_at is null)::int as big_machines,
      (select count(*) from machines where customer_id = ${bigCustomer} and archived_at is null
        and not due_rejected and next_due_date <= current_date)::int as big_overdue`,
  );
  const f = facts!;
  const fmt = (v: number) => v.toLocaleString('en');
  console.log(
    `  compliance seed: ${fmt(f.machines!)} machines, ${fmt(f.reports!)} submitted reports (${fmt(f.rejected_reports!)} Afgekeurd), ` +
      `${fmt(f.due_rows!)} due rows: ${fmt(f.overdue!)} overdue, ${fmt(f.due_soon!)} due soon, ${fmt(f.up_to_date!)} up to date, ` +
      `${fmt(f.rejected!)} afgekeurd; ${fmt(f.open_followups!)} open follow-ups; the big customer ${fmt(f.big_machines!)} machines, ` +
      `${fmt(f.big_overdue!)} overdue; ${((Date.now() - started) / 1000).toFixed(0)} s in all`,
  );
}

async function seed(db: Db): Promise<Record<string, number>> {
  const started = Date.now();
  const step = async (label: string, query: SQL) => {
    const t = Date.now();
    await db.execute(query);
    console.log(`  compliance seed: ${label} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  };
  const ours = sql`(select id from customers where customer_number like 'CO-%')`;
  const triggers = (on: boolean) =>
    Promise.all(
      DUE_TRIGGERS.map(([table, trigger]) =>
        db.execute(sql.raw(`alter table "${table}" ${on ? 'enable' : 'disable'} trigger "${trigger}"`)),
      ),
    );
  await triggers(false);
  try {
    await seedMachines(step);
    await seedHistory(db, step, ours);
  } finally {
    await triggers(true);
  }

  // The big customer's user, to measure the customer's summary as.
  const [big] = await rowsOf<{ id: number }>(db, sql`select id from customers where customer_number = 'CO-00000'`);
  compliancePicked.bigCustomer = big!.id;
  await db.execute(sql`insert into users (email, role, first_name, last_name, customer_id, password_hash, activated_at)
    values (${complianceCustomerEmail}, 'customer', 'Bench', 'Keuringsklant', ${big!.id},
      ${await hashPassword(BENCH_PASSWORD, 10)}, now())`);

  await logFacts(db, ours, big!.id, started);
  return { bigCustomer: big!.id };
}

async function measure({ url, cookie }: Parameters<NonNullable<Scenario['measure']>>[0]): Promise<Finding[]> {
  const { findings, gets } = pathGroups(url);
  await gets('GET /api/overview (office home, admin)', HOME_GOAL_MS, cookie, [compliancePaths.home]);
  await gets('GET /api/due?state=overdue (all customers)', LIST_GOAL_MS, cookie, [compliancePaths.due]);
  await gets('GET /api/customers/:id/machines?due_state=overdue (5,000 machines)', LIST_GOAL_MS, cookie, [
    compliancePaths.customerOverdue(),
  ]);
  const customer = await login(url, complianceCustomerEmail, BENCH_PASSWORD);
  await gets('GET /api/machines/summary (customer user, 5,000 machines)', HOME_GOAL_MS, customer, [
    compliancePaths.summary,
  ]);
  return findings;
}

export const complianceScenario: Scenario = {
  name: 'compliance',
  title: `Compliance (${COMPLIANCE_MACHINES.toLocaleString('en')} machines, ${(COMPLIANCE_MACHINES * 4).toLocaleString('en')} submitted reports): office home, overdue lists, mixed`,
  goalP95Ms: { pglite: HOME_GOAL_MS, postgres: HOME_GOAL_MS },
  as: 'admin',
  seed: (db) => seed(db),
  paths: () => [compliancePaths.home, compliancePaths.due, compliancePaths.customerOverdue()],
  measure,
};
