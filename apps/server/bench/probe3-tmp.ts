import { sql } from 'drizzle-orm';
import { UserListQuerySchema } from '@keurwijzer/shared/users';
import { customers } from '../src/db/schema/customers';
import { createUsersRepository } from '../src/modules/users/users.repository';
import { pgliteTarget, seedAccounts } from './lib';
import { usersScenario } from './scenarios/users';
const target = await pgliteTarget();
const database = await target.open();
const db = database.db;
const [c] = await db.insert(customers).values({ name: 'B', customerNumber: 'B-1' }).returning({ id: customers.id });
await seedAccounts(db, c!.id);
await usersScenario.seed(db, { customerId: c!.id });
await db.execute(sql`vacuum analyze`);
const repo = createUsersRepository(db);
const show = async (q: string) =>
  console.log(
    ((await db.execute(sql.raw('explain analyze ' + q))) as unknown as { rows: Record<string, string>[] }).rows
      .map((r) => Object.values(r)[0])
      .join('\n'),
  );
for (const seq of ['off', 'on']) {
  await db.execute(sql.raw(`set enable_seqscan = ${seq}`));
  console.log('=== enable_seqscan', seq);
  let total = 0;
  for (const p of usersScenario.paths) {
    const params = UserListQuerySchema.parse(Object.fromEntries(new URL('http://x' + p).searchParams));
    for (let i = 0; i < 3; i++) await repo.list(params);
    const t0 = performance.now();
    for (let i = 0; i < 20; i++) await repo.list(params);
    const ms = (performance.now() - t0) / 20;
    total += ms;
    console.log(ms.toFixed(2), 'ms', p.slice(10, 100));
  }
  console.log('mean', (total / usersScenario.paths.length).toFixed(2));
  await show(`select count(*) from users where archived_at is null and role in ('super_admin','admin','mechanic')`);
  await show(
    `select * from users left join customers on customers.id = users.customer_id where users.archived_at is null and role in ('super_admin','admin','mechanic') order by last_name, users.id limit 10`,
  );
}
await database.close();
await target.dispose();
