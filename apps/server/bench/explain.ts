import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { MachineListQuerySchema } from '@keurwijzer/shared/machines';
import { MalfunctionListQuerySchema } from '@keurwijzer/shared/malfunctions';
import { DueListQuerySchema } from '@keurwijzer/shared/overview';
import { TasklistListQuerySchema } from '@keurwijzer/shared/tasklists';
import { openPostgres } from '../src/db/client';
import { dueClock } from '../src/lib/due-state';
import { createMachinesRepository } from '../src/modules/machines/machines.repository';
import { createMalfunctionsRepository } from '../src/modules/malfunctions/malfunctions.repository';
import { createOverviewRepository } from '../src/modules/overview/overview.repository';
import { createReportsRepository } from '../src/modules/reports/reports.repository';
import { createTasklistsRepository } from '../src/modules/tasklists/tasklists.repository';
import { benchEmail } from './lib';
import { rowsOf } from './scenarios/tasklists';

/**
 * `npx tsx bench/explain.ts <database url> [--runs 7] [--plan <label part>]`: the statements of the
 * field-work paths (the task list overview's variants, opening a report, saving an answer, the
 * office's malfunctions; the compliance scenario's office home, due list, filtered machine list and
 * customer summary) as the repositories send them, each run under `EXPLAIN (ANALYZE, BUFFERS)`
 * `--runs` times on one connection: the median planning and execution time and the shared buffers
 * touched. A database the bench kept (BENCH_KEEP_DB=1, seeded with the tasklists and portal
 * scenarios) has the bench's volume. Writes (the answer) run in a transaction rolled back.
 * `--plan` prints the last plan of the statements whose label contains it.
 * The database gets the app's migrations first (as the app's start does).
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '7' }, plan: { type: 'string' } },
});
const url = positionals[0];
if (!url) {
  console.error('usage: tsx bench/explain.ts <database url> [--runs 7] [--plan <label>]');
  process.exit(1);
}
const runs = Number(values.runs);

type Captured = { label: string; text: string; params: unknown[]; write: boolean };

async function main() {
  let sink: { text: string; params: unknown[] }[] = [];
  const database = await openPostgres(url!, 2, { onQuery: (text, params) => sink.push({ text, params }) });
  const { db } = database;
  const statements: Captured[] = [];
  /** Runs `call` (rolled back when it writes) and keeps the statements it sent under `label`. */
  const capture = async (label: string, call: () => Promise<unknown>, write = false) => {
    sink = [];
    if (write) {
      await db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await call();
          throw new Error('rollback');
        })
        .catch((err: unknown) => {
          if (!(err instanceof Error) || err.message !== 'rollback') throw err;
        });
    } else await call();
    const sent = sink.filter((s) => !/^(begin|commit|rollback|select 1)$/i.test(s.text.trim()));
    sent.forEach((s, i) => statements.push({ label: sent.length > 1 ? `${label} #${i + 1}` : label, ...s, write }));
  };

  const [mechanic] = await rowsOf<{ id: number }>(
    db,
    sql`select id from users where email = ${benchEmail('mechanic')}`,
  );
  const tasklists = createTasklistsRepository(db);
  const overview = (label: string, params: Record<string, string>) =>
    capture(`tasklists ${label}`, () =>
      tasklists.list(TasklistListQuerySchema.parse({ itemsPerPage: '25', page: '1', ...params }), mechanic!.id),
    );
  await overview('default page', {});
  await overview('status=in_progress', { status: 'in_progress' });
  await overview('status=planned', { status: 'planned' });
  await overview('status=completed page 40', { status: 'completed', page: '40' });
  await overview('mine=1', { mine: '1' });
  await overview('mine=1&status=in_progress', { mine: '1', status: 'in_progress' });
  await overview('sort status', { sortKey: 'status', sortOrder: 'asc' });
  if (TasklistListQuerySchema.safeParse({ sortKey: 'today_first' }).success) {
    await overview('today_first', { sortKey: 'today_first', sortOrder: 'asc' });
    await overview('today_first mine', { sortKey: 'today_first', sortOrder: 'asc', mine: '1' });
  }

  const reports = createReportsRepository(db);
  const [open] = await rowsOf<{ id: number; question: number }>(
    db,
    sql`select r.id, min(q.id) as question from reports r join report_questions q on q.report_id = r.id
        where r.status = 'open' and r.answers_count > 0
          and not exists(select 1 from report_answers a where a.report_question_id = q.id)
        group by r.id order by r.id limit 1`,
  );
  const [first] = await rowsOf<{ id: number; question: number }>(
    db,
    sql`select r.id, min(q.id) as question from reports r join report_questions q on q.report_id = r.id
        where r.status = 'open' and r.answers_count = 0 group by r.id order by r.id limit 1`,
  );
  // (A database with the tasklists scenario's data: open reports with unanswered questions.)
  if (open && first) {
    await capture('report read (staff)', () => reports.find(open.id));
    const at = new Date().toISOString();
    await capture(
      'answer (another answer of the report)',
      () => reports.answer(open.id, open.question, { option: 1, memo: null, answeredAt: at }),
      true,
    );
    await capture(
      "answer (the report's first answer)",
      () => reports.answer(first.id, first.question, { option: 1, memo: null, answeredAt: at }),
      true,
    );
  }

  const malfunctions = createMalfunctionsRepository(db);
  await capture('malfunctions default page', () => malfunctions.list(MalfunctionListQuerySchema.parse({})));
  await capture('malfunctions status=open', () =>
    malfunctions.list(MalfunctionListQuerySchema.parse({ status: 'open' })),
  );

  // Planning and compliance, on the compliance scenario's data when it is there.
  const [big] = await rowsOf<{ id: number }>(db, sql`select id from customers where customer_number = 'CO-00000'`);
  if (big) {
    const clock = dueClock(30);
    const overview = createOverviewRepository(db);
    await capture('office home (overview)', () => overview.overview(clock));
    await capture('due state=overdue', () => overview.due(DueListQuerySchema.parse({ state: 'overdue' }), clock));
    await capture('due state=overdue page 40', () =>
      overview.due(DueListQuerySchema.parse({ state: 'overdue', page: '40' }), clock),
    );
    await capture('customer summary (5,000 machines)', () => overview.summary(big.id, clock));
    const machines = createMachinesRepository(db, { dueSoonDays: 30 });
    await capture('machines due_state=overdue (5,000)', () =>
      machines.list(MachineListQuerySchema.parse({ due_state: 'overdue' }), big.id),
    );
  }
  await database.close();

  const client = new pg.Client({ connectionString: url, options: '-c jit=off' });
  await client.connect();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`EXPLAIN (ANALYZE, BUFFERS), ${runs} runs each, medians (ms); buffers: shared hit+read of the last run`);
  console.log(`${'statement'.padEnd(44)} planning  execution  buffers`);
  for (const s of statements) {
    const planning: number[] = [];
    const execution: number[] = [];
    let plan: string[] = [];
    for (let i = 0; i < runs; i++) {
      if (s.write) await client.query('begin');
      const res = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.text}`, s.params);
      if (s.write) await client.query('rollback');
      plan = res.rows.map((r) => r['QUERY PLAN']);
      const time = (name: string) => Number(new RegExp(`${name} Time: ([\\d.]+) ms`).exec(plan.join('\n'))?.[1]);
      planning.push(time('Planning'));
      execution.push(time('Execution'));
    }
    const buffers = plan
      .find((l) => /^\s*Buffers:/.test(l))
      ?.match(/(hit|read)=(\d+)/g)
      ?.map((m) => Number(m.split('=')[1]))
      .reduce((a, b) => a + b, 0);
    console.log(
      `${s.label.padEnd(44)} ${median(planning).toFixed(3).padStart(8)} ${median(execution).toFixed(3).padStart(10)} ${String(buffers ?? '').padStart(8)}`,
    );
    if (values.plan && s.label.includes(values.plan))
      console.log(`${s.text}\n${JSON.stringify(s.params)}\n${plan.join('\n')}\n`);
  }
  await client.end();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
