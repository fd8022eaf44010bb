import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import {
  BENCH_PASSWORD,
  benchEmail,
  bulkMachines,
  load,
  login,
  type Finding,
  type LoadResult,
  type Scenario,
} from '../lib';

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
const MACHINES_PER_LOCATION = 20;
export const TASKLISTS = 20_000;
const CONCEPT_TASKLISTS = 200;
const MECHANICS = 20;
const DAYS = 760;
const IN_HAND_DAYS = 14;
const COPY_EVERY = 25;
const TYPES = `{inspection,maintenance,safety,inspection_maintenance}`;

/** What the measurements need besides the seeded numbers (set by `seed`, per database in turn). */
const picked = {
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

async function seed(db: Db): Promise<Record<string, number>> {
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

/** One answer to save: a question of an open report and the body the app's screen sends. */
export type AnswerPair = { reportId: number; questionId: number };

/**
 * The seeded open reports' unanswered questions in the order the bench saves them: the first
 * question of every report, then the second of every report, and so on (consecutive requests go
 * to other reports, as many mechanics at once).
 */
export function answerPairs(): AnswerPair[] {
  const pairs: AnswerPair[] = [];
  const longest = Math.max(0, ...picked.answers.map((a) => a.questionIds.length));
  for (let i = 0; i < longest; i++)
    for (const a of picked.answers)
      if (a.questionIds[i]) pairs.push({ reportId: a.reportId, questionId: a.questionIds[i]! });
  return pairs;
}

/**
 * An autocannon request that saves the next answer of `pairs` on every call (`next` is shared,
 * so runs against different servers go on where the last stopped), option 1 or 2 in turn.
 */
export function answerRequests(pairs: AnswerPair[], next = { i: 0 }) {
  return {
    method: 'PUT' as const,
    setupRequest: (req: Record<string, unknown>) => {
      const pair = pairs[next.i++ % pairs.length]!;
      return {
        ...req,
        method: 'PUT',
        path: `/api/reports/${pair.reportId}/answers/${pair.questionId}`,
        headers: { ...(req.headers as Record<string, string>), 'content-type': 'application/json' },
        body: JSON.stringify({ option: 1 + (next.i % 2), memo: '', answered_at: new Date().toISOString() }),
      };
    },
  };
}

/** The 60-question reports the bench opens (open and submitted ones). */
export const reportPaths = () => picked.openReports.map((id) => `/api/reports/${id}`);

/** A page of the task list overview with these parameters (25 a page, page 1 unless given). */
export const overview = (params: Record<string, string>) =>
  `/api/tasklists?${new URLSearchParams({ itemsPerPage: '25', page: '1', ...params })}`;
const completed = (params: Record<string, string>) =>
  `/api/completed-reports?${new URLSearchParams({ itemsPerPage: '25', page: '1', ...params })}`;

/** One load over `paths` (or `requests`), as a finding: its p95 against the goal, p50 and req/s in the label. */
export async function group(
  label: string,
  goal: number,
  run: (seconds: number) => Promise<LoadResult>,
  seconds: number,
  warmup: number,
): Promise<Finding> {
  await run(warmup);
  const r = await run(seconds);
  // Failed answers (PGlite's under-pressure 503 after slow queries) are fast: no p95 then.
  const failed = r.failures > 0 ? `, ${r.failures} of ${r.requests} FAILED` : '';
  return {
    label: `${label}: p50 ${r.p50.toFixed(1)} ms, ${r.rps.toFixed(0)} req/s${failed}; p95`,
    value: r.failures > 0 ? NaN : r.p95,
    unit: 'ms',
    goal,
  };
}

/**
 * Waits until the server answers again after a load (PGlite runs its queries on the server's
 * thread: after slow ones @fastify/under-pressure answers 503 for a moment), at most 30 s.
 */
export async function settle(url: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const res = await fetch(`${url}/api/token`, { headers: { accept: 'application/json' } });
    await res.arrayBuffer();
    if (res.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Whether the endpoint answers 200 (the reports endpoints were built alongside this bench). */
export async function answers(url: string, cookie: string, path: string): Promise<boolean> {
  await settle(url);
  const res = await fetch(url + path, { headers: { cookie, accept: 'application/json' } });
  await res.arrayBuffer();
  if (res.status !== 200) console.log(`  ${path} -> ${res.status}: not measured`);
  return res.status === 200;
}

async function measure({ url, cookie }: Parameters<NonNullable<Scenario['measure']>>[0]): Promise<Finding[]> {
  // Each path on its own: a shorter run than the scenario's (BENCH_GROUP_SECONDS, default 5 s after 2 s).
  const seconds = Number(process.env.BENCH_GROUP_SECONDS ?? 5);
  const warmup = 2;
  const connections = 20;
  const findings: Finding[] = [];
  const gets = async (label: string, goal: number, as: string, paths: string[]) => {
    if (!(await answers(url, as, paths[0]!))) return;
    findings.push(
      await group(label, goal, (s) => load({ url, cookie: as, paths, connections, seconds: s }), seconds, warmup),
    );
  };

  // The overview, path by path (the scenario's own run above mixes them).
  await gets('GET /api/tasklists default page', 30, cookie, [overview({})]);
  await gets('GET /api/tasklists status filter (in_progress; completed page 40)', 30, cookie, [
    overview({ status: 'in_progress' }),
    overview({ status: 'completed', page: '40' }),
  ]);
  // A mechanic's screen asks its own lists in the mechanic's order (today_first).
  await gets("GET /api/tasklists a mechanic's default (mine=1, today_first)", 30, cookie, [
    overview({ mine: '1', sortKey: 'today_first', sortOrder: 'asc' }),
  ]);
  await gets('GET /api/tasklists mine (mine=1; mine=1&status=in_progress)', 30, cookie, [
    overview({ mine: '1' }),
    overview({ mine: '1', status: 'in_progress' }),
  ]);

  // Completed reports: the office's list, as an admin.
  const admin = await login(url, benchEmail('admin'), BENCH_PASSWORD);
  await gets('GET /api/completed-reports default page', 30, admin, [completed({})]);
  await gets('GET /api/completed-reports filter (type; customer)', 30, admin, [
    completed({ inspection_type: 'safety' }),
    completed({ customer_id: String(picked.customerId) }),
  ]);

  // Opening a 60-question report (the mechanic's screen), open and submitted ones.
  await gets(`GET /api/reports/:id (60 questions, ${picked.openReports.length} reports)`, 30, cookie, reportPaths());

  // Saving one answer, spread over the open reports: consecutive requests go to other reports.
  const pairs = answerPairs();
  await settle(url);
  const tokenRes = await fetch(`${url}/api/token`, { headers: { cookie, accept: 'application/json' } });
  const token = ((await tokenRes.json()) as { data: { token: string } }).data.token;
  const answerRequest = answerRequests(pairs, answersSent);
  const probe = pairs[0] && answerRequest.setupRequest({ headers: {} });
  const probeRes =
    probe &&
    (await fetch(url + (probe.path as string), {
      method: 'PUT',
      headers: { cookie, accept: 'application/json', 'content-type': 'application/json', 'x-csrf-token': token },
      body: probe.body as string,
    }));
  if (probeRes && probeRes.status === 200) {
    findings.push(
      await group(
        `PUT /api/reports/:id/answers/:questionId (one answer; ${picked.answers.length} open reports, ${pairs.length} questions)`,
        25,
        (s) =>
          load({
            url,
            cookie,
            paths: [],
            requests: [answerRequest as never],
            headers: { 'x-csrf-token': token },
            connections,
            seconds: s,
          }),
        seconds,
        warmup,
      ),
    );
  } else if (probeRes) console.log(`  PUT answer -> ${probeRes.status}: not measured (${await probeRes.text()})`);

  // The PDF of a 60-question report, one at a time: its time to the last byte.
  if (picked.pdfReports.length && (await answers(url, cookie, `/api/reports/${picked.pdfReports[0]}/pdf`))) {
    const times: number[] = [];
    for (const id of picked.pdfReports) {
      const t = performance.now();
      const res = await fetch(`${url}/api/reports/${id}/pdf`, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`pdf ${id}: ${res.status}`);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    findings.push(
      {
        label: `GET /api/reports/:id/pdf (60 questions, ${times.length} reports one after another): median`,
        value: times[Math.floor(times.length / 2)]!,
        unit: 'ms',
        goal: 300,
      },
      { label: 'GET /api/reports/:id/pdf: slowest', value: times[times.length - 1]!, unit: 'ms', goal: 300 },
    );
  }
  return findings;
}

export const tasklistsScenario: Scenario = {
  name: 'tasklists',
  title: `GET /api/tasklists (${TASKLISTS.toLocaleString('en')} task lists, ${(TASKLISTS * MACHINES_PER_LOCATION).toLocaleString('en')} reports): default page, status filters, mine, status sort, a mechanic's default`,
  goalP95Ms: { pglite: 30, postgres: 30 },
  as: 'mechanic',
  seed: (db) => seed(db),
  paths: [
    overview({}),
    overview({ status: 'in_progress' }),
    overview({ status: 'planned' }),
    overview({ status: 'completed', page: '40' }),
    overview({ mine: '1' }),
    overview({ mine: '1', status: 'in_progress' }),
    overview({ sortKey: 'status', sortOrder: 'asc' }),
    overview({ mine: '1', sortKey: 'today_first', sortOrder: 'asc' }),
  ],
  measure,
};
