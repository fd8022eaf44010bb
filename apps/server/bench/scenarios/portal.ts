import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { BENCH_PASSWORD, benchEmail, login, type Finding, type Scenario } from '../lib';
import { n, pathGroups, rowsOf } from './tasklists';

/*
 * The customer portal and the office's malfunctions at scale: 2,000 customers
 * (1,999 generated and the bench customer), 100,000 machines, 400,000 submitted reports and
 * 50,000 malfunctions, generated set-based (generate_series) with the triggers on.
 *
 * Each generated customer has 2 locations of 25 machines and a customer user; the bench customer
 * (whose customer user the load logs in as) is a big one: 10 locations of 100 machines, each
 * machine with 2 images. Every location has 4 task lists over two years (inspection, safety,
 * inspection, maintenance), every machine of the location a submitted report on each: 4 reports
 * per machine. 50,000 malfunctions are spread over all machines (every 5th Open, every 5th In
 * behandeling, the rest Opgelost), each with its "reported" event, every 4th with a photo.
 *
 * Measured at 20 connections: the customer's machine screen (GET /api/machines/:id, 200 machines
 * of the bench customer in turn), then on their own the customer's home screen (GET
 * /api/machines) and the office's malfunctions list (GET /api/malfunctions, as an admin: the
 * default page and the Open filter).
 */

const CUSTOMERS = 1_999;
const LOCATIONS = 2;
const MACHINES_PER_LOCATION = 25;
const BIG_LOCATIONS = 10;
const BIG_MACHINES_PER_LOCATION = 100;
const IMAGES_PER_BIG_MACHINE = 2;
const MALFUNCTIONS = 50_000;
/** The task lists of each location: type and days before today. */
const LISTS = `(values ('inspection', 700), ('safety', 400), ('inspection', 300), ('maintenance', 30)) as v(type, days)`;

/** What the measurements need (set by `seed`, per database in turn). */
const picked = { machines: [] as number[] };

async function seed(db: Db, customerId: number): Promise<Record<string, number>> {
  const started = Date.now();
  const step = async (label: string, query: SQL) => {
    const t = Date.now();
    await db.execute(query);
    console.log(`  portal seed: ${label} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  };
  const ours = sql`(select id from customers where customer_number like 'PT-%' or id = ${n(customerId)})`;
  await step(
    `${CUSTOMERS.toLocaleString('en')} customers, their locations, machines and customer users`,
    sql`with c as (
        insert into customers (name, customer_number, city)
        select 'Portaalklant ' || g || ' B.V.', 'PT-' || lpad(g::text, 5, '0'), 'Utrecht'
        from generate_series(1, ${n(CUSTOMERS)}) g returning id
      ), l as (
        insert into locations (customer_id, name, street, house_number, postcode, city)
        select c.id, 'Vestiging ' || k, 'Industrieweg', k::text, '1234 AB', 'Utrecht'
        from c cross join generate_series(1, ${n(LOCATIONS)}) k returning id, customer_id
      ), m as (
        insert into machines (customer_id, location_id, name, inventory_number, manufacture_year)
        select l.customer_id, l.id, 'Machine ' || k, 'PT-' || l.id || '-' || k, 1990 + k % 30
        from l cross join generate_series(1, ${n(MACHINES_PER_LOCATION)}) k returning id
      )
      insert into users (email, role, first_name, last_name, customer_id)
      select 'pt-klant-' || c.id || '@example.com', 'customer', 'Klant', 'Nummer ' || c.id, c.id from c`,
  );
  await step(
    `the bench customer: ${BIG_LOCATIONS * BIG_MACHINES_PER_LOCATION} machines with ${IMAGES_PER_BIG_MACHINE} images each`,
    sql`with l as (
        insert into locations (customer_id, name, street, house_number, postcode, city)
        select ${n(customerId)}, 'Bench vestiging ' || k, 'Industrieweg', k::text, '1234 AB', 'Utrecht'
        from generate_series(1, ${n(BIG_LOCATIONS)}) k returning id
      ), m as (
        insert into machines (customer_id, location_id, name, inventory_number, manufacture_year)
        select ${n(customerId)}, l.id, 'Benchmachine ' || k, 'PTB-' || l.id || '-' || k, 1990 + k % 30
        from l cross join generate_series(1, ${n(BIG_MACHINES_PER_LOCATION)}) k returning id
      )
      insert into machine_images (machine_id, file_key, thumb_key, content_type, size, width, height)
      select m.id, 'machines/' || m.id || '/' || k || '.jpg', 'machines/' || m.id || '/' || k || '.webp',
        'image/jpeg', 100000, 1600, 1200
      from m cross join generate_series(1, ${n(IMAGES_PER_BIG_MACHINE)}) k`,
  );
  await step(
    'task lists: 4 per location over two years',
    sql`insert into tasklists (customer_id, location_id, inspection_type, planned_date, created_by)
      select l.customer_id, l.id, v.type, current_date - v.days,
        (select id from users where email = ${benchEmail('mechanic')})
      from locations l cross join ${sql.raw(LISTS)}
      where l.customer_id in ${ours}`,
  );
  await step(
    'reports: every machine of the location on each list, submitted',
    sql`insert into reports (tasklist_id, customer_id, inspection_type, machine_id, questionnaire_name, status,
        filled_in_by, submitted_at, verdict, derived_verdict)
      select t.id, t.customer_id, t.inspection_type, m.id, 'Keuring bench', 'submitted', t.created_by,
        (t.planned_date + time '08:00')::timestamptz + (m.id % 20) * interval '20 minutes', 'approved', 'approved'
      from tasklists t join machines m on m.location_id = t.location_id
      where t.customer_id in ${ours}`,
  );
  await step(
    `${MALFUNCTIONS.toLocaleString('en')} malfunctions, their "reported" events, a photo on every 4th`,
    sql`with ms as (
        select m.id, m.customer_id, (row_number() over (order by m.id) - 1)::int as n, u.id as reporter
        from machines m
        left join (select customer_id, min(id) as id from users where customer_id is not null group by customer_id) u
          on u.customer_id = m.customer_id
        where m.customer_id in ${ours}
      ), f as (
        insert into malfunctions (customer_id, machine_id, reported_by, description, remark, status,
          created_at, updated_at, resolved_at, customer_note)
        select ms.customer_id, ms.id, ms.reporter, 'Storing ' || g || ': de machine maakt een vreemd geluid',
          case when g % 3 = 0 then 'Graag snel contact' end,
          case g % 5 when 0 then 'open' when 1 then 'in_progress' else 'resolved' end,
          now() - (g % 730) * interval '1 day', now() - (g % 730) * interval '1 day' + interval '1 hour',
          case when g % 5 > 1 then now() - (g % 730) * interval '1 day' + interval '2 days' end,
          case when g % 5 > 1 then 'Opgelost door de monteur' end
        from generate_series(1, ${n(MALFUNCTIONS)}) g
        join ms on ms.n = (g::bigint * 7919) % (select count(*) from ms)
        returning id, reported_by, created_at
      ), e as (
        insert into malfunction_events (malfunction_id, kind, to_status, by_user, at)
        select id, 'reported', 'open', reported_by, created_at from f
      )
      insert into malfunction_photos (malfunction_id, file_key, thumb_key, content_type, size, width, height)
      select id, 'malfunctions/' || id || '.jpg', 'malfunctions/' || id || '.webp', 'image/jpeg', 100000, 1600, 1200
      from f where id % 4 = 0`,
  );

  picked.machines = (
    await rowsOf<{ id: number }>(
      db,
      sql`select id from machines where customer_id = ${n(customerId)} order by id desc limit 200`,
    )
  ).map((r) => r.id);
  const [facts] = await rowsOf<{ customers: number; machines: number; reports: number; malfunctions: number }>(
    db,
    sql`select (select count(*) from customers where id in ${ours})::int as customers,
      (select count(*) from machines where customer_id in ${ours})::int as machines,
      (select count(*) from reports where customer_id in ${ours})::int as reports,
      (select count(*) from malfunctions where customer_id in ${ours})::int as malfunctions`,
  );
  console.log(
    `  portal seed: ${facts!.customers.toLocaleString('en')} customers, ${facts!.machines.toLocaleString('en')} machines, ` +
      `${facts!.reports.toLocaleString('en')} reports, ${facts!.malfunctions.toLocaleString('en')} malfunctions; ` +
      `${((Date.now() - started) / 1000).toFixed(0)} s in all`,
  );
  return { customer: customerId };
}

const machineScreen = (id: number) => `/api/machines/${id}`;

async function measure({ url, cookie }: Parameters<NonNullable<Scenario['measure']>>[0]): Promise<Finding[]> {
  const { findings, gets } = pathGroups(url);
  // The customer's home screen: its machines with their latest report dates and open malfunctions.
  await gets('GET /api/machines (the customer home screen, 1,000 machines, default page)', 25, cookie, [
    '/api/machines',
  ]);
  const admin = await login(url, benchEmail('admin'), BENCH_PASSWORD);
  await gets('GET /api/malfunctions (office list, default page)', 30, admin, ['/api/malfunctions']);
  await gets('GET /api/malfunctions?status=open (office list, Open filter)', 30, admin, [
    '/api/malfunctions?status=open',
  ]);
  return findings;
}

export const portalScenario: Scenario = {
  name: 'portal',
  title: `GET /api/machines/:id (the customer's machine screen; 2,000 customers, 100,000 machines, 400,000 reports, ${MALFUNCTIONS.toLocaleString('en')} malfunctions)`,
  goalP95Ms: { pglite: 25, postgres: 25 },
  as: 'customer',
  seed: (db, base) => seed(db, base.customerId),
  paths: () => picked.machines.map(machineScreen),
  measure,
};
