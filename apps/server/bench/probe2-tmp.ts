import { sql } from 'drizzle-orm';
import { UserListQuerySchema } from '@keurwijzer/shared/users';
import { customers } from '../src/db/schema/customers';
import { createUsersRepository } from '../src/modules/users/users.repository';
import { toUser } from '../src/modules/users/users.presenter';
import { pgliteTarget, postgresTarget, seedAccounts } from './lib';
import { usersScenario } from './scenarios/users';
const kind = process.argv[2] ?? 'pglite';
const target = kind === 'pglite' ? await pgliteTarget() : await postgresTarget(process.env.TEST_DATABASE_URL!);
const database = await target.open();
const db = database.db;
const [c] = await db.insert(customers).values({ name: 'B', customerNumber: 'B-1' }).returning({ id: customers.id });
await seedAccounts(db, c!.id);
await usersScenario.seed(db, { customerId: c!.id });
const repo = createUsersRepository(db);
const params = UserListQuerySchema.parse({ employees: '1' });
for (const label of ['before analyze', 'after analyze']) {
  if (label === 'after analyze') await db.execute(sql`analyze`);
  for (let i = 0; i < 5; i++) await repo.list(params);
  let t0 = performance.now();
  for (let i = 0; i < 50; i++) await repo.list(params);
  console.log(label, 'sequential', ((performance.now() - t0) / 50).toFixed(2), 'ms/list');
  t0 = performance.now();
  await Promise.all(Array.from({ length: 100 }, () => repo.list(params)));
  console.log(label, 'concurrent', ((performance.now() - t0) / 100).toFixed(2), 'ms/list');
  const page = await repo.list(params);
  t0 = performance.now();
  for (let i = 0; i < 200; i++) page.data.map(toUser);
  console.log('present', ((performance.now() - t0) / 200).toFixed(3));
  const plan = await db.execute(
    sql.raw(
      `explain analyze select count(*) from users where archived_at is null and role in ('super_admin','admin','mechanic')`,
    ),
  );
  console.log((plan as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n'));
}
await database.close();
await target.dispose();
