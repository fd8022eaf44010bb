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
  type Finding,
  type LoadResult,
  type Scenario,
  type Seeded,
  type Target,
} from './lib';
import {
  complianceCases,
  fieldWorkCases,
  prepareCeiling,
  ratioCases,
  ratioOf,
  ratioSession,
  ratioVerdict,
  runRatio,
  type RatioResult,
} from './ratio';
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

type Row = { scenario: Scenario; kind: Target['kind']; result: LoadResult; findings: Finding[] };
type RatioRow = { kind: Target['kind']; result: RatioResult };
const LABEL: Record<Target['kind'], string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

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

/** Every path must answer 200 before it is timed; prints what the first few answer. */
async function check(url: string, cookie: string, paths: string[]) {
  for (const [i, path] of paths.entries()) {
    const res = await fetch(url + path, { headers: { cookie, accept: 'application/json' } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`);
    const body = JSON.parse(text) as { data?: unknown; meta?: { total: number } };
    const what = Array.isArray(body.data)
      ? `${body.data.length} of ${body.meta?.total ?? '?'}`
      : `${(text.length / 1024).toFixed(1)} KiB`;
    if (i < 10) console.log(`  ${path}  -> ${what}`);
  }
  if (paths.length > 10) console.log(`  ... and ${paths.length - 10} more paths, all 200`);
}

const ms = (v: number) => v.toFixed(1).padStart(7);
const verdict = (s: Scenario, kind: Target['kind'], r: LoadResult) =>
  r.failures > 0 ? 'FAIL (errors)' : r.p95 <= s.goalP95Ms[kind] ? 'PASS' : 'MISS';
const line = (s: Scenario, kind: Target['kind'], r: LoadResult) =>
  `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms ` +
  `(goal p95 <= ${s.goalP95Ms[kind]} ms): ${verdict(s, kind, r)}`;

const findingLine = (f: Finding) =>
  `${f.label}: ${f.value.toFixed(f.unit === 's' ? 2 : 0)} ${f.unit} (goal <= ${f.goal} ${f.unit}): ${
    f.value <= f.goal ? 'PASS' : 'MISS'
  }`;

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

  console.log(`\n${connections} connections, server in its own process`);
  if (rows.length) {
    console.log(`${seconds} s per run (after ${warmup} s warm-up)`);
    const width = Math.max(8, ...rows.map((r) => r.scenario.name.length));
    console.log(`${'scenario'.padEnd(width)}  database     req/s   p50 ms  p95 ms  p99 ms  goal p95  result`);
    for (const { scenario, kind, result: r } of rows) {
      console.log(
        `${scenario.name.padEnd(width)}  ${LABEL[kind].padEnd(10)} ${r.rps.toFixed(0).padStart(7)} ${ms(r.p50)} ${ms(r.p95)} ` +
          `${ms(r.p99)}  <= ${String(scenario.goalP95Ms[kind]).padStart(2)} ms  ${verdict(scenario, kind, r)}`,
      );
    }
    for (const { scenario, kind, findings } of rows)
      for (const f of findings)
        console.log(`${scenario.name.padEnd(width)}  ${LABEL[kind].padEnd(10)} ${findingLine(f)}`);
  }
  if (ratios.length) {
    console.log(
      `\nratio: app / ceiling (a bare route running the same statements), ${rounds} alternating rounds of ` +
        `${ratioSeconds} s each (after ${warmup} s warm-up); CPU: the server process's per request (median of the rounds)`,
    );
    console.log(
      'list                    database    app req/s  p95 ms  CPU ms  ceiling req/s  p95 ms  CPU ms  ratio  rounds    result',
    );
    for (const { kind, result } of ratios) {
      const m = ratioOf(result);
      const pct = (x: number) => (x * 100).toFixed(0);
      console.log(
        `${result.name.padEnd(22)}  ${LABEL[kind].padEnd(10)} ${m.appRps.toFixed(0).padStart(10)} ${ms(m.appP95)} ` +
          `${m.appCpuMs.toFixed(2).padStart(7)} ${m.ceilingRps.toFixed(0).padStart(14)} ${ms(m.ceilingP95)} ` +
          `${m.ceilingCpuMs.toFixed(2).padStart(7)}  ${`${pct(m.ratio)} %`.padStart(5)}  ` +
          `${`${pct(m.low)}-${pct(m.high)} %`.padEnd(8)}  ${ratioVerdict(result)}`,
      );
    }
  }
  // A missed goal is a finding to report, not a crash; failed requests are.
  if (rows.some((r) => r.result.failures > 0) || ratios.some((r) => ratioOf(r.result).failures > 0)) {
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
