import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { benchEmail, bulkMachines } from '../lib';

/*
 * Task lists and reports at scale: 20,000 task lists with 20 reports each (400,000
 * reports) and 200 concept lists, generated set-based (generate_series) with the triggers of
 * migration 0010 on, so the lists' stored figures are what the app keeps.
 *
 * Every report has 60 questions (6 categories of 10) in its copy where the benchmark reads or
 * writes it: every report of the lists planned in the last 14 days or later (the work in hand:
 * the default page, the status filter, "mine", the answers), and of every 25th older list:
 * 38,760 reports, 2.3 million question rows, 1.2 million answers. The other reports have no copy:
 * the whole 24 million question rows and their answers would take this 2-core machine ~10 times
 * the 40-70 s these take (per database, PGlite slower) and several GB of disk each, for reads that
 * do not depend on them: a report's copy is its own index range, and the lists keep their
 * questions count on their row. The output says how many have a copy.
 *
 * Status by planned date: later than today Gepland (open, no answers); the last 14 days In
 * uitvoering (10 of 20 reports submitted, every third open report with its first category
 * answered); older Afgerond. 21 mechanics made them by turns (the bench mechanic is one).
 */

const CUSTOMERS = 500;
const LOCATIONS_PER_CUSTOMER = 2;
export const MACHINES_PER_LOCATION = 20;
export const TASKLISTS = 20_000;
const CONCEPT_TASKLISTS = 200;
const MECHANICS = 20;
const DAYS = 760;
const IN_HAND_DAYS = 14;
const COPY_EVERY = 25;
const TYPES = `{inspection,maintenance,safety,inspection_maintenance}`;

/** What the measurements need besides the seeded numbers (set by `seed`, per database in turn). */
export const picked = {
  answers: [] as { reportId: number; questionIds: number[] }[],
  openReports: [] as number[],
  pdfReports: [] as number[],
  customerId: 0,
  copies: 0,
  questions: 0,
  answerRows: 0,
};

/** How many answers the bench sent on this database (the load and the ratio bench go on in turn). */
export const answersSent = { i: 0 };

/** A constant of the generator written into the SQL (a parameter would need a cast for each use). */
export const n = (v: number) => sql.raw(String(v));

export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function seedTasklists(db: Db): Promise<Record<string, number>> {
  const started = Date.now();
  answersSent.i = 0;
  const step = async (label: string, query: SQL) => {
    const t = Date.now();
    await db.execute(query);
    console.log(`  tasklists seed: ${label} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  };
  await bulkMachines(db, () =>
    step(
      'customers, locations, machines, mechanics',
      sql`with c as (
        insert into customers (name, customer_number, city)
        select 'Takenlijstklant ' || g || ' B.V.', 'TL-' || lpad(g::text, 5, '0'), 'Utrecht'
        from generate_series(1, ${n(CUSTOMERS)}) g returning id
      ), l as (
        insert into locations (customer_id, name, street, house_number, postcode, city)
        select c.id, 'Vestiging ' || k, 'Industrieweg', k::text, '1234 AB', 'Utrecht'
        from c cross join generate_series(1, ${n(LOCATIONS_PER_CUSTOMER)}) k returning id, customer_id
      ), m as (
        insert into machines (customer_id, location_id, name, inventory_number)
        select l.customer_id, l.id, 'Machine ' || k, 'TL-' || l.id || '-' || k
        from l cross join generate_series(1, ${n(MACHINES_PER_LOCATION)}) k returning id
      )
      insert into users (email, role, first_name, last_name)
      select 'tl-monteur-' || g || '@example.com', 'mechanic', 'Monteur', 'Nummer ' || g
      from generate_series(1, ${n(MECHANICS)}) g`,
    ),
  );
  const tl = sql`(select id from customers where customer_number like 'TL-%')`;
  await step(
    `${TASKLISTS.toLocaleString('en')} task lists`,
    sql`with locs as (
        select id, customer_id, (row_number() over (order by id) - 1)::int as n from locations where customer_id in ${tl}
      ), mechs as (
        select id, (row_number() over (order by (email = ${benchEmail('mechanic')}) desc, id) - 1)::int as n
        from users where email like 'tl-monteur-%' or email = ${benchEmail('mechanic')}
      )
      insert into tasklists (customer_id, location_id, inspection_type, planned_date, created_by)
      select locs.customer_id, locs.id, (${TYPES}::text[])[1 + g % 4],
        current_date + 30 - ((g - 1) * ${n(DAYS)} / ${n(TASKLISTS)}), mechs.id
      from generate_series(1, ${n(TASKLISTS)}) g
      join locs on locs.n = (g - 1) % (select count(*) from locs)
      join mechs on mechs.n = g % (select count(*) from mechs)`,
  );
  const submittedIf = sql`(t.planned_date < current_date - ${n(IN_HAND_DAYS)} or (t.planned_date <= current_date and m.k <= 10))`;
  await step(
    `${(TASKLISTS * MACHINES_PER_LOCATION).toLocaleString('en')} reports`,
    sql`insert into reports (tasklist_id, customer_id, inspection_type, machine_id, questionnaire_name, status, filled_in_by, submitted_at, verdict, derived_verdict)
      select t.id, t.customer_id, t.inspection_type, m.id, 'Keuring bench (60 vragen)',
        case when ${submittedIf} then 'submitted' else 'open' end,
        case when ${submittedIf} then t.created_by end,
        case when ${submittedIf} then (t.planned_date + time '08:00')::timestamptz + m.k * interval '20 minutes' end,
        case when ${submittedIf} then 'approved' end,
        case when ${submittedIf} then 'approved' end
      from tasklists t
      join (select id, location_id, row_number() over (partition by location_id order by id) as k from machines) m
        on m.location_id = t.location_id
      where t.customer_id in ${tl}`,
  );
  await step(
    `${CONCEPT_TASKLISTS} concept task lists`,
    sql`insert into tasklists (customer_id, location_id, inspection_type, planned_date, created_by)
      select l.customer_id, l.id, 'safety', current_date + 1 + g % 30, null
      from generate_series(1, ${n(CONCEPT_TASKLISTS)}) g
      join (select id, customer_id, (row_number() over (order by id) - 1)::int as n from locations where customer_id in ${tl}) l
        on l.n = g`,
  );
  const copied = sql`(select r.id from reports r join tasklists t on t.id = r.tasklist_id
      where t.customer_id in ${tl} and (t.planned_date >= current_date - ${n(IN_HAND_DAYS)} or t.id % ${n(COPY_EVERY)} = 0))`;
  await step(
    'report copies: 6 categories',
    sql`insert into report_categories (report_id, name, position)
      select c.id, 'Categorie ' || k, k from ${copied} c cross join generate_series(1, 6) k`,
  );
  await step(
    'report copies: 60 questions',
    sql`insert into report_questions (report_id, report_category_id, name, answer_options, memo_title, position)
      select c.report_id, c.id, 'Controlepunt ' || c.position || '.' || k, '{Goed,Matig,Slecht,n.v.t.}',
        case when k % 3 = 0 then 'Toelichting' end, k
      from report_categories c cross join generate_series(1, 10) k`,
  );
  await step(
    'answers of the submitted reports and of the first category of every third open one in hand',
    sql`insert into report_answers (report_id, report_question_id, option, memo, answered_at)
      select q.report_id, q.id, case when q.id % 7 = 0 then 2 else 1 end,
        case when q.id % 7 = 0 and q.memo_title is not null then 'Afwijking genoteerd' end,
        coalesce(r.submitted_at, now()) - interval '10 minutes'
      from report_questions q
      join report_categories c on c.id = q.report_category_id
      join reports r on r.id = q.report_id
      join tasklists t on t.id = r.tasklist_id
      where r.status = 'submitted' or (r.id % 3 = 0 and c.position = 1 and t.planned_date <= current_date)`,
  );

  // What the load uses: open reports in hand (their unanswered questions), reports to open, PDFs.
  const open = await rowsOf<{ id: number; questions: number[] }>(
    db,
    sql`select r.id, array_agg(q.id order by q.id) as questions
      from reports r join report_questions q on q.report_id = r.id
      where r.status = 'open' and not exists(select 1 from report_answers a where a.report_question_id = q.id)
        and r.id in (select id from reports where status = 'open' and exists(select 1 from report_questions x where x.report_id = reports.id) order by id limit 400)
      group by r.id order by r.id`,
  );
  picked.answers = open.map((r) => ({ reportId: r.id, questionIds: r.questions }));
  picked.openReports = (
    await rowsOf<{ id: number }>(
      db,
      sql`(select r.id from reports r where r.status = 'open' and exists(select 1 from report_questions q where q.report_id = r.id) order by r.id desc limit 100)
        union all
        (select r.id from reports r where r.status = 'submitted' and exists(select 1 from report_questions q where q.report_id = r.id) order by r.id limit 100)`,
    )
  ).map((r) => r.id);
  picked.pdfReports = picked.openReports.slice(-10);
  const [facts] = await rowsOf<{ customer: number; copies: number; questions: number; answers: number }>(
    db,
    sql`select (select min(id) from customers where customer_number like 'TL-%') as customer,
      (select count(distinct report_id) from report_categories)::int as copies,
      (select count(*) from report_questions)::int as questions,
      (select count(*) from report_answers)::int as answers`,
  );
  picked.customerId = facts!.customer;
  picked.copies = facts!.copies;
  picked.questions = facts!.questions;
  picked.answerRows = facts!.answers;
  console.log(
    `  tasklists seed: ${picked.copies.toLocaleString('en')} of ${(TASKLISTS * MACHINES_PER_LOCATION).toLocaleString('en')} reports ` +
      `have their 60-question copy (${picked.questions.toLocaleString('en')} question rows, ${picked.answerRows.toLocaleString('en')} answers); ` +
      `${((Date.now() - started) / 1000).toFixed(0)} s in all`,
  );
  return { customer: picked.customerId };
}
