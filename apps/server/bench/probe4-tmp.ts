import { sql } from 'drizzle-orm';
import { customers } from '../src/db/schema/customers';
import { pgliteTarget, postgresTarget, seedAccounts } from './lib';
import { usersScenario } from './scenarios/users';
const kind = process.argv[2] ?? 'pglite';
const target = kind === 'pglite' ? await pgliteTarget() : await postgresTarget(process.env.TEST_DATABASE_URL!);
const database = await target.open();
const db = database.db;
const [c] = await db.insert(customers).values({ name: 'B', customerNumber: 'B-1' }).returning({ id: customers.id });
await seedAccounts(db, c!.id);
await usersScenario.seed(db, { customerId: c!.id });
await db.execute(sql`vacuum analyze`);
async function time(name: string, q: string) {
  for (let i = 0; i < 5; i++) await db.execute(sql.raw(q));
  const t0 = performance.now();
  for (let i = 0; i < 40; i++) await db.execute(sql.raw(q));
  console.log(name.padEnd(30), ((performance.now() - t0) / 40).toFixed(2), 'ms');
}
const qs = {
  emp: `select count(*) from users where archived_at is null and role in ('super_admin','admin','mechanic')`,
  cust: `select count(*) from users where archived_at is null and role = 'customer'`,
  all: `select count(*) from users where archived_at is null`,
};
for (const [k, q] of Object.entries(qs)) await time('heap ' + k, q);
await db.execute(sql.raw(`create index users_active_role_idx on users (role) where archived_at is null`));
await db.execute(sql`vacuum analyze users`);
for (const [k, q] of Object.entries(qs)) await time('partial idx ' + k, q);
console.log(
  ((await db.execute(sql.raw('explain analyze ' + qs.cust))) as unknown as { rows: Record<string, string>[] }).rows
    .map((r) => Object.values(r)[0])
    .join('\n'),
);
await database.close();
await target.dispose();
