import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { customers } from '../src/db/schema/customers';
import {
  BENCH_PASSWORD,
  benchEmail,
  load,
  login,
  pgliteTarget,
  postgresTarget,
  seedAccounts,
  startServer,
  type Scenario,
  type Seeded,
  type Target,
} from './lib';
import { complianceCases, fieldWorkCases, prepareCeiling, ratioCases, ratioOf, ratioSession, runRatio } from './ratio';
import { check, findingLine, LABEL, line, printTables, type RatioRow, type Row } from './print';
import { runProcesses } from './processes';
import { runSoak } from './soak';
import { complianceScenario } from './scenarios/compliance';
import { machinesScenario } from './scenarios/machines';
import { portalScenario } from './scenarios/portal';
import { questionnairesScenario } from './scenarios/questionnaires';
import { tasklistsScenario } from './scenarios/tasklists';
import { usersScenario } from './scenarios/users';

/**
 * `npm run bench -w @keurwijzer/server [-- <scenario...>] [--seconds 10] [--warmup 3] [--connections 20]
 * [--db both|pglite|postgres] [--rounds 3] [--ratio-seconds 4]`:
 * every scenario on a fresh PGlite database and, when TEST_DATABASE_URL is set, on a fresh
 * PostgreSQL database; prints requests/s, p50/p95/p99 and PASS/MISS against the p95 goal.
 * A new scenario is a file in bench/scenarios/ (see users.ts) added to SCENARIOS.
 * `ratio` (also part of a run without names; on its own: `-- ratio`): the users and machines
 * lists and the field-work paths (the overview's status filter, opening a report, saving an
 * answer; on the tasklists scenario's data) against their ceiling, a bare route on the same
 * database that runs the same statements (bench/ratio.ts, bench/ceiling.ts), alternately for
 * --rounds rounds of --ratio-seconds each; `--ratio-only <text>` runs only the cases whose name
 * contains it (e.g. `--ratio-only "report"`). The office home is a ratio case on the
 * compliance scenario's data (`-- compliance ratio --ratio-only "office home"`). The case
 * "answer save: audit trail" runs the app against itself without the audit trail.
 * `processes` (PostgreSQL only: `-- processes --db postgres`): the machines list and saving an
 * answer on one process and split over two on the same database (bench/processes.ts).
 * `soak` (PostgreSQL only: `-- soak [--soak-seconds 600] [--soak-warmup 60] [--connections 8]`): two
 * processes behind a round-robin proxy on the demo company, a steady mixed load of reads and
 * writes; 0 5xx, RSS growth < 10 %, every acknowledged write present (bench/soak.ts).
 * BENCH_KEEP_DB=1 keeps the PostgreSQL database afterwards (its name is printed) to look into.
 * BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server process (node --cpu-prof) into
 * <dir>/server/ (the ratio bench's ceiling into <dir>/ceiling/); `npx tsx bench/cpu-profile.ts
 * <file>` prints where its time went.
 * Exits 1 when requests failed; a missed goal is reported, not an error.
 */
const SCENARIOS: Scenario[] = [
  usersScenario,
  questionnairesScenario,
  machinesScenario,
  tasklistsScenario,
  portalScenario,
  complianceScenario,
];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    // Which databases to run on: both (PostgreSQL needs TEST_DATABASE_URL), or one of them.
    db: { type: 'string', default: 'both' },
    // The ratio bench: app and ceiling alternately, this many rounds of this many seconds each.
    rounds: { type: 'string', default: '3' },
    'ratio-seconds': { type: 'string', default: '4' },
    // Only the ratio cases whose name contains this.
    'ratio-only': { type: 'string', default: '' },
    // The soak: its length and its warm-up, in seconds.
    'soak-seconds': { type: 'string', default: '600' },
    'soak-warmup': { type: 'string', default: '60' },
  },
});
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const ratioSeconds = Number(values['ratio-seconds']);
const chosen = positionals.length ? SCENARIOS.filter((s) => positionals.includes(s.name)) : SCENARIOS;
const ratioChosen = positionals.length === 0 || positionals.includes('ratio');
/** `processes`: the machines list and saving an answer on one and on two processes. */
const processesChosen = positionals.includes('processes');
/** `soak`: two processes behind a proxy under a steady mixed load; runs on its own. */
const soakChosen = positionals.includes('soak');
if (chosen.length === 0 && !ratioChosen && !processesChosen && !soakChosen) {
  console.error(
    `Unknown scenario; choose from: ${[...SCENARIOS.map((s) => s.name), 'ratio', 'processes', 'soak'].join(', ')}`,
  );
  process.exit(1);
}
/** The audit trail adds at most 10 % to saving an answer: with it, at least 1/1.1 of the throughput without. */
const AUDIT_CASE = 'answer save: audit trail';
const AUDIT_GOAL = 1 / 1.1;

// The ratio bench runs the users and machines lists, the field-work paths and the office home:
// the data of the cases it runs (all, or those --ratio-only names) is seeded for it.
const RATIO_DATA: [Scenario, string[]][] = [
  [usersScenario, ['users list', 'users search']],
  [machinesScenario, ['machines list', 'machines search/filter']],
  [tasklistsScenario, ['tasklists status filter', 'report open', 'answer save', AUDIT_CASE]],
  [complianceScenario, ['office home']],
];
const ratioData = RATIO_DATA.filter(([, names]) => names.some((name) => name.includes(values['ratio-only']))).map(
  ([scenario]) => scenario,
);
const processesData = processesChosen ? [usersScenario, machinesScenario, tasklistsScenario] : [];
const seededScenarios = [...new Set([...chosen, ...(ratioChosen ? ratioData : []), ...processesData])].sort(
  (a, b) => SCENARIOS.indexOf(a) - SCENARIOS.indexOf(b),
);

async function runOn(makeTarget: () => Promise<Target>): Promise<{ rows: Row[]; ratios: RatioRow[] }> {
  const target = await makeTarget();
  const rows: Row[] = [];
  const ratios: RatioRow[] = [];
  const seeded = new Map<Scenario, Seeded>();
  let ratioCookie = '';
  let ceiling: Awaited<ReturnType<typeof prepareCeiling>> | undefined;
  try {
    const started = Date.now();
    const database = await target.open();
    try {
      const [customer] = await database.db
        .insert(customers)
        .values({ name: 'Bench Klant B.V.', customerNumber: 'BENCH-1' })
        .returning({ id: customers.id });
      await seedAccounts(database.db, customer!.id);
      for (const s of seededScenarios) seeded.set(s, (await s.seed(database.db, { customerId: customer!.id })) ?? {});
      if (ratioChosen || processesChosen) ratioCookie = await ratioSession(database.db);
      // What autovacuum does within a minute of a bulk load (PGlite: at every open, see db/client).
      await database.db.execute(sql`vacuum (analyze)`);
    } finally {
      await database.close();
    }
    console.log(`[${LABEL[target.kind]}] seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (ratioChosen) ceiling = await prepareCeiling(target);

    const server = await startServer(target);
    try {
      for (const scenario of chosen) {
        const cookie = await login(server.url, benchEmail(scenario.as), BENCH_PASSWORD);
        const ids = seeded.get(scenario) ?? {};
        const paths = typeof scenario.paths === 'function' ? scenario.paths(ids) : scenario.paths;
        await check(server.url, cookie, paths);
        await load({ url: server.url, cookie, paths, connections, seconds: warmup });
        const result = await load({ url: server.url, cookie, paths, connections, seconds });
        console.log(`[${LABEL[target.kind]}] ${scenario.title}: ${line(scenario, target.kind, result)}`);
        const findings = scenario.measure
          ? await scenario.measure({ url: server.url, cookie, seeded: ids, memory: server.memory })
          : [];
        for (const f of findings) console.log(`[${LABEL[target.kind]}] ${findingLine(f)}`);
        rows.push({ scenario, kind: target.kind, result, findings });
      }
      if (ceiling) {
        const ceilingServer = await ceiling.start();
        try {
          const results = await runRatio({
            app: server,
            ceiling: ceilingServer,
            cookie: ratioCookie,
            cases: [
              ...(seeded.has(usersScenario) && seeded.has(machinesScenario)
                ? ratioCases({ users: seeded.get(usersScenario)!, machines: seeded.get(machinesScenario)! })
                : []),
              ...fieldWorkCases(),
              ...complianceCases(),
            ].filter((c) => c.name.includes(values['ratio-only'])),
            connections,
            seconds: ratioSeconds,
            warmup,
            rounds,
            report: (l) => console.log(`[${LABEL[target.kind]}] ${l}`),
          });
          ratios.push(...results.map((result) => ({ kind: target.kind, result })));
        } finally {
          await ceilingServer.stop();
        }
      }
      if (processesChosen) {
        const machineCases = ratioCases({ users: seeded.get(usersScenario)!, machines: seeded.get(machinesScenario)! });
        await runProcesses({
          target,
          first: server,
          cookie: ratioCookie,
          cases: [
            machineCases.find((c) => c.name === 'machines list')!,
            fieldWorkCases().find((c) => c.name === 'answer save')!,
          ],
          connections,
          seconds: ratioSeconds,
          warmup,
          rounds,
          report: (l) => console.log(`[${LABEL[target.kind]}] ${l}`),
        });
      }
      if (ratioChosen && AUDIT_CASE.includes(values['ratio-only'])) {
        // The audit trail's cost on saving an answer, against the same app without it
        // (its triggers off and no user named), alternately in this run.
        const bare = await startServer({ ...target, env: { ...target.env, BENCH_AUDIT: '0' } });
        try {
          const results = await runRatio({
            app: server,
            ceiling: bare,
            cookie: ratioCookie,
            cases: [{ ...fieldWorkCases().find((c) => c.name === 'answer save')!, name: AUDIT_CASE, goal: AUDIT_GOAL }],
            connections,
            seconds: ratioSeconds,
            warmup,
            rounds,
            report: (l) => console.log(`[${LABEL[target.kind]}] ${l} (app without the audit trail as the ceiling)`),
          });
          ratios.push(...results.map((result) => ({ kind: target.kind, result })));
        } finally {
          await bare.stop();
        }
      }
    } finally {
      await server.stop();
    }
  } finally {
    ceiling?.dispose();
    await target.dispose();
  }
  return { rows, ratios };
}

async function main() {
  if (soakChosen) {
    const pgUrl = process.env.TEST_DATABASE_URL;
    if (!pgUrl) throw new Error('soak: set TEST_DATABASE_URL (two processes need PostgreSQL)');
    const ok = await runSoak({
      pgUrl,
      seconds: Number(values['soak-seconds']),
      warmup: Number(values['soak-warmup']),
      connections,
    });
    if (!ok) process.exitCode = 1;
    return;
  }
  const rows: Row[] = [];
  const ratios: RatioRow[] = [];
  const add = (r: { rows: Row[]; ratios: RatioRow[] }) => (rows.push(...r.rows), ratios.push(...r.ratios));
  if (values.db !== 'postgres') add(await runOn(pgliteTarget));
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (values.db === 'pglite') console.log('--db pglite: PostgreSQL skipped');
  else if (pgUrl) add(await runOn(() => postgresTarget(pgUrl)));
  else console.log('TEST_DATABASE_URL not set: PostgreSQL skipped');

  printTables(rows, ratios, { connections, seconds, warmup, rounds, ratioSeconds });
  // A missed goal is a finding to report, not a crash; failed requests are.
  if (rows.some((r) => r.result.failures > 0) || ratios.some((r) => ratioOf(r.result).failures > 0)) {
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
